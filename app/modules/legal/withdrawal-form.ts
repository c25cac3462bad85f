/**
 * The model withdrawal form of annex 2 to the Polish consumer rights act (ustawa z dnia 30 maja 2014 r.
 * o prawach konsumenta), with the seller's details filled in as the addressee. One model feeds the
 * version shown on /returns and the downloadable file (/formularz-odstapienia).
 */
import type { SiteConfig } from "~/lib/site";

export type WithdrawalFormModel = {
  title: string;
  instruction: string;
  addressee: string[];
  statement: string;
  /** Lines for the consumer to fill in, in order; `lines` is how much room to leave. */
  fields: { label: string; lines: number; note?: string }[];
  footnote: string;
};

export const WITHDRAWAL_FORM_FILENAME = "formularz-odstapienia-od-umowy.txt";

export function withdrawalFormModel(
  site: Pick<SiteConfig, "seller" | "email" | "name">,
): WithdrawalFormModel {
  return {
    title: "WZÓR FORMULARZA ODSTĄPIENIA OD UMOWY",
    instruction: "(formularz ten należy wypełnić i odesłać tylko w przypadku chęci odstąpienia od umowy)",
    addressee: [site.seller.company, site.seller.address, `adres e-mail: ${site.email}`],
    statement:
      "Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży " +
      "następujących rzeczy(*) umowy dostawy następujących rzeczy(*) umowy o dzieło polegającej na " +
      "wykonaniu następujących rzeczy(*)/o świadczenie następującej usługi(*)",
    fields: [
      { label: "Nazwy produktów (i rozmiary)", lines: 3 },
      { label: "Data zawarcia umowy(*)/odbioru(*)", lines: 1 },
      { label: "Numer zamówienia", lines: 1, note: "nieobowiązkowo, ułatwi nam szybki zwrot" },
      { label: "Imię i nazwisko konsumenta(-ów)", lines: 1 },
      { label: "Adres konsumenta(-ów)", lines: 2 },
      {
        label: "Podpis konsumenta(-ów) (tylko jeżeli formularz jest przesyłany w wersji papierowej)",
        lines: 1,
      },
      { label: "Data", lines: 1 },
    ],
    footnote: "(*) Niepotrzebne skreślić.",
  };
}

const WIDTH = 72;

function wrap(text: string, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The form as plain text (CRLF line endings, so every editor on every system shows the lines) ready
 * to fill in, print, or paste into an e-mail.
 */
export function withdrawalFormText(site: Pick<SiteConfig, "seller" | "email" | "name" | "url">): string {
  const model = withdrawalFormModel(site);
  const blank = ".".repeat(WIDTH);
  const out: string[] = [
    model.title,
    ...wrap(model.instruction),
    "",
    "Adresat:",
    ...model.addressee.map((line) => `  ${line}`),
    "",
    ...wrap(model.statement),
    "",
  ];
  for (const field of model.fields) {
    out.push(...wrap(`${field.label}${field.note ? ` (${field.note})` : ""}:`));
    for (let i = 0; i < field.lines; i++) out.push(blank);
    out.push("");
  }
  out.push(model.footnote, "");
  out.push(
    ...wrap(
      `Wypełniony formularz wyślij e-mailem na ${site.email} lub pocztą na adres ${site.seller.address}. ` +
        `Masz na to 14 dni od otrzymania przesyłki; wystarczy wysłać oświadczenie przed upływem terminu. ` +
        `Szczegóły: ${new URL("/returns", site.url).toString()}`,
    ),
  );
  return `${out.join("\r\n")}\r\n`;
}
