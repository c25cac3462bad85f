/**
 * The information pages as the server sends them (titles, canonical links, texts of every tab and
 * section, the withdrawal form's download), read without a browser. Their keyboard behaviour, the
 * footer's navigation, axe and the layout on a phone stay in tests/e2e/info-pages.test.ts.
 */
import { describe, expect, test } from "vitest";
import { formatPrice } from "../../app/lib/money";
import {
  deliveryOptionList,
  FREE_DELIVERY_THRESHOLD,
  formatDeliveryTime,
  SHIPPING_TIME_TEXT,
} from "../../app/modules/cart/delivery";
import { baseUrl, collapse, fetchPage, type HtmlPage } from "../support/html";
import { INFO_PAGES } from "../support/info-pages";

const pages = INFO_PAGES;

/** Prices are formatted with a non-breaking space before "zł", as on the page. */
const price = (grosze: number) => formatPrice(grosze);

const text = (element: Element | null | undefined) => collapse(element?.textContent);

/** The headings (any level) within an element, their text collapsed. */
function headingsIn(root: Element | Document) {
  return [...root.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((heading) => text(heading));
}

/** The tabs of the tablist with this accessible name. */
function tabsOf(page: HtmlPage, list: string) {
  const tablists = page
    .all('[role="tablist"]')
    .filter((element) => element.getAttribute("aria-label") === list);
  expect(tablists, `tablist "${list}"`).toHaveLength(1);
  return [...tablists[0].querySelectorAll('[role="tab"]')];
}

/** The tab panel named by (labelled by) the tab with this text, as the tab controls it. */
function tabpanel(page: HtmlPage, name: string) {
  const tab = page.all('[role="tab"]').find((element) => text(element) === name);
  expect(tab, `tab "${name}"`).toBeDefined();
  const panel = page.document.getElementById(tab?.getAttribute("aria-controls") ?? "");
  expect(panel?.getAttribute("role"), `tabpanel "${name}"`).toBe("tabpanel");
  expect(panel?.getAttribute("aria-labelledby")).toBe(tab?.id);
  return panel as Element;
}

describe("information pages", () => {
  test("are server-rendered with their title, canonical link and heading, and linked from the footer", async () => {
    const home = await fetchPage("/");
    const footer = home.one('[data-testid="site-footer"]');
    for (const info of pages) {
      const page = await fetchPage(info.path);
      expect(page.status, info.path).toBe(200);
      expect(page.html).toContain(`<title>${info.title}</title>`);
      expect(page.html).toContain(`<link rel="canonical" href="`);
      const canonical = page.one('link[rel="canonical"]').getAttribute("href") ?? "";
      expect(new URL(canonical).pathname, info.path).toBe(info.path);
      expect(
        page.all("h1").map((h1) => text(h1)),
        info.path,
      ).toEqual([info.heading]);
      // The footer's link the e2e test clicks (tests/e2e/info-pages.test.ts).
      const footerLinks = [...footer.querySelectorAll("a[href]")].filter((a) => text(a) === info.link);
      expect(
        footerLinks.map((a) => a.getAttribute("href")),
        info.link,
      ).toEqual([info.path]);
    }
  });

  test("terms: four tabs, the first selected, with the payment methods offered and the notice period", async () => {
    const page = await fetchPage("/terms");
    const tabs = tabsOf(page, "Części regulaminu");
    expect(tabs.map((tab) => text(tab))).toEqual(["Ogólne", "Zamówienia", "Zwroty", "Pozostałe"]);
    expect(tabs[0].getAttribute("aria-selected")).toBe("true");
    expect(headingsIn(tabpanel(page, "Ogólne"))).toContain("§ 1. Postanowienia ogólne");

    const orders = tabpanel(page, "Zamówienia");
    expect(headingsIn(orders)).toContain("§ 3. Płatności");
    // The methods of the payment page (card, BLIK, Przelewy24); SPEC §9's cash on delivery was never offered.
    for (const method of [
      "karty płatnicze",
      "BLIK",
      "szybkie przelewy internetowe (pay-by-link) przez Przelewy24",
    ]) {
      expect(text(orders)).toContain(method);
    }
    expect(text(orders)).toContain("Sklep nie przyjmuje płatności przy odbiorze (za pobraniem).");
    expect(text(orders)).toContain("Zamawiam z obowiązkiem zapłaty");
    expect(text(orders)).toContain(`Kurier – ${price(1699)}`);
    expect(text(orders)).toContain(`Paczkomat InPost – ${price(1399)}`);

    expect(text(tabpanel(page, "Pozostałe"))).toContain("nie wcześniej niż 7 dni");
    expect(text(tabpanel(page, "Zwroty"))).toContain("14 dni");
  });

  test("returns: tabs for returns (14 days) and complaints (2 years), with the model withdrawal form", async () => {
    const page = await fetchPage("/returns");
    const tabs = tabsOf(page, "Zwroty i reklamacje");
    expect(tabs.map((tab) => text(tab))).toEqual(["Zwroty (14 dni)", "Reklamacje (2 lata)"]);
    expect(tabs[0].getAttribute("aria-selected")).toBe("true");

    const returns = tabpanel(page, "Zwroty (14 dni)");
    expect(headingsIn(returns)).toContain("Zwrot w 14 dni bez podania przyczyny");
    expect(text(returns)).toContain("koszt odesłania jest po Twojej stronie");
    expect(text(returns)).toContain(`Paczkomat InPost, ${price(1399)}`);
    // The figure named (aria-labelledby) by the form's title.
    const form = [...returns.querySelectorAll("figure")].find(
      (figure) =>
        text(page.document.getElementById(figure.getAttribute("aria-labelledby") ?? "")) ===
        "WZÓR FORMULARZA ODSTĄPIENIA OD UMOWY",
    );
    expect(form, "the model withdrawal form").toBeDefined();
    expect(text(form)).toContain("Ja/My(*) niniejszym informuję/informujemy(*)");
    expect(text(form)).toContain("NOKTURN Events sp. z o.o.");
    expect(text(form)).toContain("(*) Niepotrzebne skreślić.");

    const complaints = tabpanel(page, "Reklamacje (2 lata)");
    expect(headingsIn(complaints)).toContain("Reklamacje – 2 lata ochrony");
    expect(text(complaints)).toContain("Odpowiemy w ciągu 14 dni.");
  });

  test("the withdrawal form downloads as a UTF-8 text file with the seller filled in", async () => {
    const returns = await fetchPage("/returns");
    const link = returns.all("a[href]").filter((a) => text(a) === "Pobierz formularz (.txt)");
    expect(link).toHaveLength(1);
    const href = link[0].getAttribute("href") ?? "";
    expect(href).toBe("/formularz-odstapienia");
    // Saved under this name (the link's download attribute and the answer's Content-Disposition agree).
    expect(link[0].getAttribute("download")).toBe("formularz-odstapienia-od-umowy.txt");

    const response = await fetch(`${baseUrl()}${href}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const disposition = response.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="formularz-odstapienia-od-umowy\.txt"/);
    expect(/filename="([^"]+)"/.exec(disposition)?.[1]).toBe("formularz-odstapienia-od-umowy.txt");
    // Decoded as the saved file is read (Buffer keeps the byte-order mark; response.text() drops it).
    const raw = Buffer.from(await response.arrayBuffer()).toString("utf8");
    expect(raw.startsWith("\uFEFFWZÓR FORMULARZA ODSTĄPIENIA OD UMOWY\r\n")).toBe(true);
    // Lines are wrapped for printing: compare the text with whitespace folded.
    const folded = raw.replace(/\s+/g, " ");
    for (const line of [
      "(formularz ten należy wypełnić i odesłać tylko w przypadku chęci odstąpienia od umowy)",
      "NOKTURN Events sp. z o.o.",
      "ul. Ruska 51, 50-079 Wrocław",
      "adres e-mail: kontakt@nokturn.example",
      "Imię i nazwisko konsumenta(-ów):",
      "Adres konsumenta(-ów):",
      "(*) Niepotrzebne skreślić.",
    ]) {
      expect(folded).toContain(line);
    }
  });

  test("shipping: options, prices, times and the free-delivery threshold from the delivery configuration", async () => {
    const page = await fetchPage("/shipping");
    for (const option of deliveryOptionList) {
      const card = page.one(`[data-testid="delivery-${option.id}"]`);
      expect(headingsIn(card), option.id).toContain(option.label);
      expect(text(card), option.id).toContain(price(option.price));
      expect(text(card), option.id).toContain(`${formatDeliveryTime(option)} od nadania`);
    }
    expect(page.text()).toContain(`Darmowa dostawa od ${price(FREE_DELIVERY_THRESHOLD)}`);
    expect(page.text()).toContain(SHIPPING_TIME_TEXT);
  });

  test("accessibility statement: status, preparation date, contact and the enforcement procedure", async () => {
    const page = await fetchPage("/deklaracja-dostepnosci");
    const headings = headingsIn(page.document);
    for (const name of [
      "Stan dostępności",
      "Przygotowanie deklaracji",
      "Informacje zwrotne i dane kontaktowe",
      "Skarga na brak dostępności",
      "Procedura zawiadomienia – Prezes Zarządu PFRON",
    ]) {
      expect(headings).toContain(name);
    }
    expect(page.text()).toContain("częściowo zgodna");
    expect(page.text()).toContain("Deklarację sporządzono dnia");
    const pfron = page.all("main a[href]").filter((a) => text(a) === "dostepnosc@pfron.org.pl");
    expect(pfron.map((a) => a.getAttribute("href"))).toEqual(["mailto:dostepnosc@pfron.org.pl"]);
  });
});

describe("the privacy policy", () => {
  test("keeps the cart on the server, not in the browser's storage, and names every cookie the site sets", async () => {
    const policy = await fetchPage("/privacy-policy");
    // The whole policy, as the <noscript> fallback serves it (closed accordion sections are not rendered).
    const fallback = policy.all("noscript > div");
    expect(fallback).toHaveLength(1);
    const shown = collapse(fallback[0].textContent);
    expect(shown).toContain("Koszyk przechowujemy na naszym serwerze, w bazie danych");
    expect(shown).not.toContain("Zawartość koszyka zapisujemy w pamięci przeglądarki (localStorage)");
    expect(shown).not.toMatch(/koszyk\S* (zapisujemy|przechowujemy) w pamięci (przeglądarki|sesji)/i);
    const cookies = [...fallback[0].querySelectorAll("table")].find(
      (table) => text(table.querySelector("caption")) === "Pliki cookies serwisu i czas ich przechowywania",
    );
    expect(cookies, "the cookie table").toBeDefined();
    const names = [...(cookies?.querySelectorAll("tbody th") ?? [])].map((cell) => text(cell));
    expect(names).toEqual([
      "nokturn_cart_id",
      "nokturn_cart_count",
      "nokturn_flash",
      "better-auth.session_token",
      "nokturn_device",
    ]);
  });
});

describe("information pages without JavaScript", () => {
  test("show every tab of the terms and every section of the privacy policy", async () => {
    const terms = await fetchPage("/terms");
    // Every tab's panel is in the page; without JavaScript the <noscript> style hides the tab list and
    // shows the inactive panels.
    const noscriptStyle = terms
      .all("[data-page-tabs] > noscript")
      .map((noscript) => noscript.innerHTML)
      .join("");
    expect(noscriptStyle).toContain("[data-page-tabs] [data-slot=tabs-list]{display:none!important}");
    expect(noscriptStyle).toContain(
      "[data-page-tabs] [data-slot=tabs-content][data-state=inactive]{display:block!important}",
    );
    const panels = terms.all('[data-page-tabs] [data-slot="tabs-content"]');
    expect(panels).toHaveLength(4);
    for (const name of [
      "§ 1. Postanowienia ogólne",
      "§ 3. Płatności",
      "§ 5. Odstąpienie od umowy",
      "§ 9. Zmiany Regulaminu",
    ]) {
      const panel = panels.find((element) => headingsIn(element).includes(name));
      expect(panel, name).toBeDefined();
      expect(panel?.hasAttribute("hidden"), name).toBe(false);
      expect(["active", "inactive"], name).toContain(panel?.getAttribute("data-state"));
    }

    // Closed accordion sections are not in the page, so the whole policy is served in <noscript>, whose
    // style hides the accordion.
    const policy = await fetchPage("/privacy-policy");
    const childDiv = (element: Element) => [...element.children].find((child) => child.tagName === "DIV");
    const noscripts = policy.all("noscript").filter((noscript) => childDiv(noscript));
    expect(noscripts).toHaveLength(1);
    expect(noscripts[0].innerHTML).toContain(
      "<style>[data-section-accordion]{display:none!important}</style>",
    );
    expect(policy.all("[data-section-accordion]")).toHaveLength(1);
    const fallback = childDiv(noscripts[0]) as Element;
    expect(fallback.hasAttribute("hidden")).toBe(false);
    expect(fallback.getAttribute("class") ?? "").not.toMatch(/(^|\s)(hidden|sr-only|invisible)(\s|$)/);
    // The whole policy: all 13 sections, each with its heading (the e2e test measured over 1000 px).
    const sections = [...fallback.children].filter((child) => child.tagName === "SECTION");
    expect(sections).toHaveLength(13);
    for (const section of sections) expect(headingsIn(section).length, section.id).toBeGreaterThan(0);
    const shown = collapse(fallback.textContent);
    for (const section of [
      "1. Administrator danych",
      "10. Pliki cookies i pamięć przeglądarki",
      "13. Kontakt w sprawie danych osobowych",
      "Prezesa Urzędu Ochrony Danych Osobowych (PUODO)",
    ]) {
      expect(shown).toContain(section);
    }
  });
});
