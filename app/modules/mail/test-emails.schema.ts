/**
 * The e-mails tab (SPEC §2 Emails, §8 Test e-mails): which templates can be test-sent, the sample data
 * each form starts with (editable JSON), and the zod schema of each template's props the JSON must
 * match. Money in the JSON is grosze (integers), dates are ISO 8601. Shared by the forms and the
 * server, so a wrong shape gets the same Polish message everywhere.
 */
import { z } from "zod";
import {
  deliveryConfirmationSample,
  invitationSample,
  SAMPLE_CUSTOMER_NAME,
  SAMPLE_EMAIL,
  SAMPLE_INVITATION_EXPIRES,
  SAMPLE_ORDER_NUMBER,
  SAMPLE_ORDER_URL,
  sampleStickers,
  sampleTShirt,
  shippingNotificationSample,
  welcomeSample,
} from "~/emails/email-samples";
import { noControlChars, noControlCharsMultiline } from "~/lib/text-fields";
import { SHIPPING_TIME_TEXT } from "~/modules/cart/delivery";

export const TEST_EMAIL_TEMPLATES = [
  "welcome",
  "order-confirmation",
  "shipping-notification",
  "delivery-confirmation",
  "invitation",
  "withdrawal-received",
  "withdrawal-confirmation",
  "refund-issued",
  "sold-out-refund",
  "rule-refund",
  "ticket-transfer",
  "night-cancelled",
  "ticket-resend",
  "waitlist-confirm",
  "ticket-offer",
  "ticket-resold",
] as const;

export type TestEmailTemplate = (typeof TEST_EMAIL_TEMPLATES)[number];

export const testEmailLabels: Record<TestEmailTemplate, { title: string; description: string }> = {
  welcome: { title: "Powitanie", description: "Po założeniu konta, z linkiem potwierdzającym adres." },
  "order-confirmation": {
    title: "Potwierdzenie zamówienia",
    description: "Po opłaceniu zamówienia: produkty, kwoty, dostawa, prawo odstąpienia.",
  },
  "shipping-notification": {
    title: "Wysyłka",
    description: "Gdy paczka wyjdzie z magazynu: numer i link śledzenia.",
  },
  "delivery-confirmation": {
    title: "Doręczenie",
    description: "Po doręczeniu paczki: podziękowanie i zwroty.",
  },
  invitation: { title: "Zaproszenie", description: "Zaproszenie do serwisu z rolą." },
  "withdrawal-received": {
    title: "Odstąpienie od umowy (do sklepu)",
    description: "Na skrzynkę sklepu, gdy klient odstąpi od umowy na stronie zamówienia.",
  },
  "withdrawal-confirmation": {
    title: "Odstąpienie od umowy (do klienta)",
    description: "Potwierdzenie dla klienta: produkty, adres do zwrotu i zasady zwrotu pieniędzy.",
  },
  "refund-issued": {
    title: "Zwrot pieniędzy",
    description: "Gdy sklep zwróci pieniądze za zamówienie: kwota, produkty, kiedy wpłyną.",
  },
  "sold-out-refund": {
    title: "Automatyczny zwrot płatności",
    description: "Gdy płatność dotrze po wyprzedaniu produktów: brak zamówienia, zwrot całej kwoty.",
  },
  "rule-refund": {
    title: "Zwrot płatności (limit lub kod)",
    description:
      "Na adres z zamówienia, gdy płatność przekroczy limit na klienta albo kod na pierwsze zamówienie nie przysługuje: powód i zwrot całej kwoty.",
  },
  "ticket-transfer": {
    title: "Przekazany bilet",
    description: "Do nowej osoby z biletem po „Przekaż bilet”: wydarzenie, bilet w PDF, wstęp od 18 lat.",
  },
  "night-cancelled": {
    title: "Wydarzenie odwołane",
    description:
      "Do kupujących i posiadaczy biletów odwołanej nocy: bilety unieważnione, kwota zwrotu i kiedy wróci (posiadacz bez kwoty: amount null).",
  },
  "ticket-resend": {
    title: "Bilet wysłany ponownie",
    description: "Z panelu „Bilety” do posiadacza biletu: wydarzenie, pula, bilet w PDF i plik kalendarza.",
  },
  "waitlist-confirm": {
    title: "Lista oczekujących: potwierdzenie",
    description: "Po zapisie na listę oczekujących wyprzedanej nocy: link potwierdzający (double opt-in).",
  },
  "ticket-offer": {
    title: "Lista oczekujących: oferta biletu",
    description:
      "Do pierwszej osoby w kolejce, gdy ktoś odda bilet: link do zakupu po cenie nominalnej, ważny 30 minut.",
  },
  "ticket-resold": {
    title: "Oddany bilet sprzedany",
    description: "Do osoby, która oddała bilet, gdy kupi go ktoś z listy: bilet nieważny, zwrot pełnej ceny.",
  },
};

export const testEmailMessages = {
  // SPEC §8
  sent: "Email wysłany!",
  sentDescription: (address: string) => `Testowy email został wysłany na ${address}`,
  failedTitle: "Błąd",
  failed: "Nie udało się wysłać emaila",
  // Ours
  invalidJson: "Nieprawidłowy JSON — sprawdź przecinki, cudzysłowy i nawiasy",
  emptyJson: "Wpisz dane szablonu w formacie JSON",
  tooLong: "Dane szablonu są za długie (maksymalnie 20 000 znaków)",
  notObject: "Dane szablonu muszą być obiektem JSON ({ … })",
  invalidEmail: "Nieprawidłowy adres email",
  template: "Wybierz szablon",
  previewFailed: "Nie udało się wyrenderować podglądu",
  invalidRequest: "Nieprawidłowe żądanie. Odśwież stronę i spróbuj ponownie.",
  controlChars: "Nieprawidłowe dane: tekst zawiera niedozwolone znaki sterujące",
} as const;

export const MAX_TEST_DATA_LENGTH = 20_000;

const text = (max: number) => z.string().trim().min(1).max(max);
const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);
const isoDate = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const grosze = z.number().int().min(0).max(100_000_000);

const itemSize = z.string().max(20).nullable();

/** An order line as the e-mails list it (size null for a one-size product), with what the e-mail adds. */
function itemLine<Size extends z.ZodType, Extra extends z.ZodRawShape>(size: Size, extra: Extra) {
  return z.strictObject({ name: text(200), size, quantity: z.number().int().min(1).max(999), ...extra });
}
const emailItems = z
  .array(itemLine(itemSize.optional(), { pricePerUnit: grosze.optional() }))
  .min(1)
  .max(50);

/** Both withdrawal e-mails (to the shop and to the customer) take the same props. */
const withdrawalMailProps = z.strictObject({
  orderNumber: text(40),
  customerName: z.string().max(200).nullable(),
  customerEmail: z.email().max(254),
  items: emailItems,
  note: z.string().max(1000).nullable(),
  filedAt: isoDate,
  deadline: isoDate,
  orderUrl: httpUrl,
  returnAddress: text(300),
  rules: z.array(text(500)).min(1).max(10),
  refundDays: z.number().int().min(1).max(60),
});

/** The props of each template, except `site` (always the shop's own). */
export const testEmailPropsSchemas = {
  welcome: z.strictObject({
    email: z.email().max(254),
    name: text(100),
    verifyUrl: httpUrl,
    verifyValidHours: z.number().int().min(1).max(720),
  }),
  "order-confirmation": z.strictObject({
    orderNumber: text(40),
    customerName: z.string().max(200).nullable(),
    createdAt: isoDate,
    items: z
      .array(
        itemLine(itemSize.default(null), {
          pricePerUnit: grosze,
          // A line bought at a sale price (issue #28).
          sale: z
            .strictObject({
              regular: grosze,
              percentOff: z.number().int().min(1).max(99),
              lowestPrior: grosze,
            })
            .nullable()
            .optional(),
        }),
      )
      .min(1)
      .max(50),
    subtotal: grosze,
    discountAmount: grosze,
    discountCode: z.string().max(64).nullable(),
    deliveryLabel: text(100),
    deliveryCost: grosze,
    total: grosze,
    deliveryAddress: z.array(z.string().max(200)).max(8),
    orderUrl: httpUrl,
    shippingTime: text(500),
  }),
  "shipping-notification": z.strictObject({
    customerName: z.string().max(200).nullable(),
    orderNumber: text(40),
    trackingNumber: text(100),
    trackingUrl: httpUrl.nullable(),
    items: emailItems,
    orderUrl: httpUrl.nullable().optional(),
  }),
  "delivery-confirmation": z.strictObject({
    customerName: z.string().max(200).nullable(),
    orderNumber: text(40),
    items: emailItems,
  }),
  invitation: z.strictObject({
    email: z.email().max(254),
    role: z.enum(["admin", "moderator", "user"]),
    acceptUrl: httpUrl,
    expiresAt: isoDate,
  }),
  "withdrawal-received": withdrawalMailProps,
  "withdrawal-confirmation": withdrawalMailProps,
  "refund-issued": z.strictObject({
    customerName: z.string().max(200).nullable(),
    orderNumber: text(40),
    amount: grosze.min(1),
    deliveryAmount: grosze,
    items: z.array(itemLine(itemSize.default(null), { amount: grosze })).max(50),
    reason: text(500),
    refundedAt: isoDate,
  }),
  "sold-out-refund": z.strictObject({
    customerName: z.string().max(200).nullable(),
    amount: grosze.min(1),
    items: emailItems,
    paidAt: isoDate,
  }),
  "rule-refund": z.strictObject({
    customerName: z.string().max(200).nullable(),
    amount: grosze.min(1),
    items: emailItems,
    rule: z.discriminatedUnion("kind", [
      z.strictObject({
        kind: z.literal("limit"),
        products: z
          .array(z.strictObject({ name: text(200), limit: z.number().int().min(1).max(99) }))
          .max(50),
      }),
      z.strictObject({ kind: z.literal("first_order"), code: text(40) }),
    ]),
  }),
  "ticket-transfer": z.strictObject({
    firstName: text(80),
    lastName: text(80),
    email: z.email().max(254),
    nightTitle: text(200),
    startsAt: isoDate,
    place: text(300),
    typeName: text(60),
  }),
  "night-cancelled": z.strictObject({
    name: z.string().max(200).nullable(),
    nightTitle: text(200),
    startsAt: isoDate,
    venue: text(200),
    city: text(100),
    orderNumber: text(40),
    tickets: z.number().int().min(1).max(999),
    amount: grosze.nullable(),
  }),
  "ticket-resend": z.strictObject({
    name: z.string().max(200).nullable(),
    nightTitle: text(200),
    startsAt: isoDate,
    venue: text(200),
    city: text(100),
    typeName: text(60),
    orderNumber: text(40),
  }),
  "waitlist-confirm": z.strictObject({
    email: z.email().max(254),
    nightTitle: text(200),
    quantity: z.number().int().min(1).max(2),
    confirmUrl: httpUrl,
    validDays: z.number().int().min(1).max(30),
  }),
  "ticket-offer": z.strictObject({
    nightTitle: text(200),
    startsAt: z.iso.datetime({ offset: true }),
    typeName: text(60),
    price: grosze.min(1),
    expiresAt: z.iso.datetime({ offset: true }),
    offerUrl: httpUrl,
  }),
  "ticket-resold": z.strictObject({ nightTitle: text(200), amount: grosze.min(1) }),
} satisfies Record<TestEmailTemplate, z.ZodType>;

export type TestEmailProps<T extends TestEmailTemplate> = z.output<(typeof testEmailPropsSchemas)[T]>;

const withdrawalSample = {
  orderNumber: SAMPLE_ORDER_NUMBER,
  customerName: SAMPLE_CUSTOMER_NAME,
  customerEmail: SAMPLE_EMAIL,
  items: [sampleTShirt],
  note: "Rozmiar za duży.",
  filedAt: "2026-01-20T11:15:00+01:00",
  deadline: "2026-01-28T23:59:59+01:00",
  orderUrl: SAMPLE_ORDER_URL,
  returnAddress: "NOKTURN Events sp. z o.o., ul. Ruska 51, 50-079 Wrocław",
  rules: [
    "Odeślij produkty w ciągu 14 dni na adres: NOKTURN Events sp. z o.o., ul. Ruska 51, 50-079 Wrocław. Podaj w paczce numer zamówienia.",
    "Koszt odesłania paczki pokrywasz Ty. Nie wysyłaj paczki za pobraniem — nie odbierzemy jej.",
    "Zwrócimy pieniądze w ciągu 14 dni od otrzymania zwrotu, tą samą metodą, którą zapłaciłeś.",
  ],
  refundDays: 14,
};

/** The data each form starts with: realistic, valid, and editable by hand (the templates' samples, as JSON). */
export const testEmailSamples: Record<TestEmailTemplate, Record<string, unknown>> = {
  welcome: welcomeSample,
  "order-confirmation": {
    orderNumber: SAMPLE_ORDER_NUMBER,
    customerName: SAMPLE_CUSTOMER_NAME,
    createdAt: "2026-01-10T18:30:00+01:00",
    items: [
      { ...sampleTShirt, pricePerUnit: 12900 },
      { ...sampleStickers, pricePerUnit: 1900 },
    ],
    subtotal: 16700,
    discountAmount: 1670,
    discountCode: "NOKTURN10",
    deliveryLabel: "Kurier",
    deliveryCost: 1699,
    total: 16729,
    deliveryAddress: [SAMPLE_CUSTOMER_NAME, "ul. Świdnicka 12/4", "50-066 Wrocław"],
    orderUrl: SAMPLE_ORDER_URL,
    shippingTime: SHIPPING_TIME_TEXT,
  },
  "shipping-notification": shippingNotificationSample,
  "delivery-confirmation": deliveryConfirmationSample,
  invitation: { ...invitationSample, expiresAt: SAMPLE_INVITATION_EXPIRES },
  "withdrawal-received": withdrawalSample,
  "withdrawal-confirmation": withdrawalSample,
  "refund-issued": {
    customerName: SAMPLE_CUSTOMER_NAME,
    orderNumber: SAMPLE_ORDER_NUMBER,
    amount: 13028,
    deliveryAmount: 1399,
    items: [{ ...sampleTShirt, amount: 11629 }],
    reason: "Odstąpienie od umowy",
    refundedAt: "2026-01-20T10:00:00+01:00",
  },
  "sold-out-refund": {
    customerName: SAMPLE_CUSTOMER_NAME,
    amount: 14599,
    items: [{ ...sampleTShirt, pricePerUnit: 12900 }],
    paidAt: "2026-01-20T10:00:00+01:00",
  },
  "rule-refund": {
    customerName: SAMPLE_CUSTOMER_NAME,
    amount: 14599,
    items: [{ ...sampleTShirt, pricePerUnit: 12900 }],
    rule: { kind: "limit", products: [{ name: sampleTShirt.name, limit: 2 }] },
  },
  "ticket-transfer": {
    firstName: "Kuba",
    lastName: "Wiśniewski",
    email: "kuba@example.com",
    nightTitle: "NOKTURN: Techno Night",
    startsAt: "2026-12-12T22:00:00+01:00",
    place: "Klub Transformator, ul. Świdnicka 12, Wrocław",
    typeName: "Pula 2",
  },
  "night-cancelled": {
    name: SAMPLE_CUSTOMER_NAME,
    nightTitle: "NOKTURN: Techno Night",
    startsAt: "2026-12-12T22:00:00+01:00",
    venue: "Klub Transformator",
    city: "Wrocław",
    orderNumber: SAMPLE_ORDER_NUMBER,
    tickets: 2,
    amount: 15800,
  },
  "ticket-resend": {
    name: "Ola",
    nightTitle: "NOKTURN: Techno Night",
    startsAt: "2026-12-12T22:00:00+01:00",
    venue: "Klub Transformator",
    city: "Wrocław",
    typeName: "Pula 2",
    orderNumber: SAMPLE_ORDER_NUMBER,
  },
  "waitlist-confirm": {
    email: SAMPLE_EMAIL,
    nightTitle: "NOKTURN: Zimowe przesilenie",
    quantity: 2,
    confirmUrl: "https://nokturn.example/bilety/lista/potwierdz/przyklad",
    validDays: 7,
  },
  "ticket-offer": {
    nightTitle: "NOKTURN: Zimowe przesilenie",
    startsAt: "2026-12-19T22:00:00+01:00",
    typeName: "Pula 1",
    price: 5900,
    expiresAt: "2026-12-12T18:30:00+01:00",
    offerUrl: "https://nokturn.example/bilety/oferta/przyklad",
  },
  "ticket-resold": { nightTitle: "NOKTURN: Zimowe przesilenie", amount: 5900 },
};

export function sampleJson(template: TestEmailTemplate) {
  return JSON.stringify(testEmailSamples[template], null, 2);
}

const typeNames: Record<string, string> = {
  string: "tekst",
  number: "liczbę",
  int: "liczbę całkowitą",
  boolean: "true/false",
  array: "listę [ … ]",
  object: "obiekt { … }",
  null: "null",
};

/** Polish wording of zod's issues, for people editing the JSON by hand. */
function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? "pole jest wymagane"
        : `oczekiwano: ${typeNames[issue.expected] ?? issue.expected}`;
    case "too_small":
      if (issue.origin === "string") return `za krótki tekst (minimum ${issue.minimum} znaków)`;
      if (issue.origin === "array") return `lista musi mieć co najmniej ${issue.minimum} element(y)`;
      return `wartość musi wynosić co najmniej ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `za długi tekst (maksymalnie ${issue.maximum} znaków)`;
      if (issue.origin === "array") return `lista może mieć maksymalnie ${issue.maximum} elementów`;
      return `wartość może wynosić maksymalnie ${issue.maximum}`;
    case "invalid_format":
      if (issue.format === "email") return "nieprawidłowy adres email";
      if (issue.format === "url") return "nieprawidłowy adres URL (http lub https)";
      if (issue.format === "datetime") return "nieprawidłowa data (np. 2026-01-17T23:00:00+01:00)";
      return "nieprawidłowy format";
    case "invalid_value":
      return `dozwolone wartości: ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "unrecognized_keys":
      return `nieznane pole: ${issue.keys.join(", ")}`;
    default:
      return "nieprawidłowa wartość";
  }
}

function pathLabel(path: readonly PropertyKey[]) {
  return path.reduce<string>(
    (label, key) =>
      typeof key === "number" ? `${label}[${key}]` : label ? `${label}.${String(key)}` : String(key),
    "",
  );
}

export type ParsedTestData<T extends TestEmailTemplate> =
  | { ok: true; props: TestEmailProps<T> }
  | { ok: false; message: string };

/** Whether any string in a parsed JSON value holds a control character other than tab and line breaks. */
function hasControlChars(value: unknown): boolean {
  if (typeof value === "string") return !noControlCharsMultiline(value);
  if (Array.isArray(value)) return value.some(hasControlChars);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => !noControlChars(key) || hasControlChars(item));
  }
  return false;
}

/** The JSON typed in a form, checked against its template's props; a Polish message when it is not. */
export function parseTestEmailData<T extends TestEmailTemplate>(
  template: T,
  json: string,
): ParsedTestData<T> {
  if (!json.trim()) return { ok: false, message: testEmailMessages.emptyJson };
  if (json.length > MAX_TEST_DATA_LENGTH) return { ok: false, message: testEmailMessages.tooLong };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, message: testEmailMessages.invalidJson };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, message: testEmailMessages.notObject };
  }
  // NUL and other control characters would reach the outbox table (PostgreSQL refuses NUL) and mail.
  if (hasControlChars(value)) return { ok: false, message: testEmailMessages.controlChars };
  // `reportInput` tells a missing field from one of the wrong type.
  const result = testEmailPropsSchemas[template].safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, props: result.data as TestEmailProps<T> };
  const issue = result.error.issues[0];
  const where = pathLabel(issue.path);
  return {
    ok: false,
    message: `Nieprawidłowe dane${where ? ` w polu „${where}”` : ""}: ${issueMessage(issue)}`,
  };
}

export function isTestEmailTemplate(value: unknown): value is TestEmailTemplate {
  return typeof value === "string" && (TEST_EMAIL_TEMPLATES as readonly string[]).includes(value);
}

/** The send form (one per template): the template, the recipient and the JSON. */
export const testEmailFormSchema = z.object({
  template: z.enum(TEST_EMAIL_TEMPLATES, { error: testEmailMessages.template }),
  to: z.email({ error: testEmailMessages.invalidEmail }).max(254, testEmailMessages.invalidEmail),
  data: z.string({ error: testEmailMessages.emptyJson }),
});

/** The send form as the browser checks it: the fields, and the JSON against its template's props. */
export const testEmailSubmitSchema = testEmailFormSchema.superRefine((value, context) => {
  const parsed = parseTestEmailData(value.template, value.data);
  if (!parsed.ok) context.addIssue({ code: "custom", path: ["data"], message: parsed.message });
});
