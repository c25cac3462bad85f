/**
 * The sale form of the panel's Promocje tab (issue #28): one schema for the browser (Conform) and the
 * action. Every field arrives as text and is read in one transform, so a form with several mistakes
 * shows all of them at once (zod skips an object's checks after a field's own failure). Money is
 * grosze; times are typed in Warsaw time (`datetime-local`) and leave as instants.
 */
import { z } from "zod";
import { SINGLE_LINE } from "~/lib/form-fields.schema";
import { parsePln } from "~/lib/money";
import { fromWarsawLocal } from "~/lib/warsaw-time";
import type { Category, SaleReduction, SaleScope } from "../../../db/schema";
import { CATEGORIES } from "./catalog";

export const SALE_SCOPES = ["product", "variants", "category"] as const satisfies readonly SaleScope[];
export const SALE_REDUCTIONS = ["percent", "amount"] as const satisfies readonly SaleReduction[];

export const saleScopeLabels: Record<SaleScope, string> = {
  product: "Produkt",
  variants: "Wybrane rozmiary",
  category: "Kategoria",
};

export const saleReductionLabels: Record<SaleReduction, string> = {
  percent: "Procent (%)",
  amount: "Kwota (zł)",
};

export const saleStatusLabels = {
  running: "Trwa",
  planned: "Zaplanowana",
  ended: "Zakończona",
} as const;

export const saleLimits = {
  nameMax: 80,
  /** 100 000,00 zł off a unit: a typo guard (no product costs that much). */
  amountMax: 10_000_000,
} as const;

export const saleMessages = {
  // Fields
  nameRequired: "Podaj nazwę promocji",
  nameMax: `Nazwa promocji może mieć maksymalnie ${saleLimits.nameMax} znaków`,
  invalidCharacters: "Usuń niedozwolone znaki specjalne",
  scope: "Wybierz, czego dotyczy promocja",
  productRequired: "Wybierz produkt",
  productUnknown: "Wybrany produkt nie istnieje. Odśwież stronę i wybierz go ponownie.",
  variantsRequired: "Zaznacz co najmniej jeden rozmiar",
  variantUnknown: "Zaznaczony rozmiar nie należy do wybranego produktu",
  categoryRequired: "Wybierz kategorię",
  categoryUnknown: "Nieznana kategoria",
  categoryEmpty: (label: string) => `W kategorii ${label} nie ma teraz aktywnych produktów`,
  reductionType: "Wybierz rodzaj obniżki",
  reductionRequired: "Podaj wartość obniżki",
  percent: "Obniżka procentowa musi wynosić od 1 do 99%",
  amount: "Podaj kwotę obniżki większą od 0 zł, np. 15 lub 12,50",
  amountMax: "Kwota obniżki może wynosić maksymalnie 100 000 zł",
  startsAtRequired: "Podaj początek promocji",
  startsAt: "Podaj poprawną datę i godzinę początku, np. 01.12.2026 00:00",
  endsAt: "Podaj poprawną datę i godzinę końca, np. 07.12.2026 23:59",
  endsBeforeStart: "Koniec promocji musi być po jej początku",
  endsInPast: "Koniec promocji musi być w przyszłości",
  tooDeep: (product: string, price: string) => `Obniżka przewyższa cenę produktu ${product} (${price})`,
  tooShallow: (product: string, price: string) =>
    `Obniżka nie zmienia ceny produktu ${product} (${price}). Podaj większą obniżkę.`,
  overlap: (product: string, other: string, from: string, to: string) =>
    `Produkt ${product} jest już w promocji „${other}” (${from} – ${to}). Jeden produkt może być w jednej promocji naraz.`,
  // The sale as a whole
  stale: "Ktoś w międzyczasie zmienił tę promocję. Odśwież stronę i spróbuj ponownie.",
  notFound: "Promocja nie istnieje lub została usunięta",
  alreadyEnded: "Ta promocja już się zakończyła i nie można jej zmienić. Utwórz nową.",
  // Outcomes and the tab
  saved: "Promocja zapisana",
  ended: "Promocja zakończona",
  cancelled: "Zaplanowana promocja odwołana",
  previewed: "Podgląd cen gotowy. Nic nie zostało zapisane.",
  saveFailed: "Błąd zapisu promocji",
  endFailed: "Błąd kończenia promocji",
  previewFailed: "Błąd podglądu cen",
  loadFailed: "Błąd pobierania promocji",
  invalidRequest: "Nieprawidłowe żądanie",
  editUnavailable: "Tej promocji nie można już edytować (zakończyła się albo została usunięta)",
  empty: "Brak trwających i zaplanowanych promocji. Dodaj pierwszą w formularzu poniżej.",
  noEnd: "bez końca",
} as const;

/** What the form's action works with: a sale's terms, its target and its window, checked. */
export type SaleFormValue = {
  /** Present when editing (with the version the form was opened with). */
  id: string | null;
  version: number | null;
  name: string;
  scope: SaleScope;
  /** The product of a `product` or `variants` sale; null for a category. */
  productId: string | null;
  /** The sizes of a `variants` sale; empty otherwise. */
  variantIds: string[];
  /** The category of a `category` sale; null otherwise. */
  category: Category | null;
  reductionType: SaleReduction;
  /** Percent 1–99, or grosze off each unit. */
  reduction: number;
  startsAt: Date;
  /** null: until ended in the panel. */
  endsAt: Date | null;
};

/** The form's fields as strings, the way inputs hold them (also what an edit opens with). */
export type SaleFormDefaults = {
  id?: string;
  version?: string;
  name: string;
  scope: SaleScope;
  productId: string;
  variantIds: string[];
  category: string;
  reductionType: SaleReduction;
  reduction: string;
  startsAt: string;
  endsAt: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/** Whole percent 1–99 ("20" or "20 %"); null otherwise. */
function readPercent(text: string): number | null {
  const normalized = text.trim().replace(/\s*%$/, "");
  if (!/^\d{1,3}$/.test(normalized)) return null;
  const percent = Number(normalized);
  return percent >= 1 && percent <= 99 ? percent : null;
}

/** A `datetime-local` value read as Warsaw time; years outside 2000–2100 are typos. */
function readWarsawTime(text: string): Date | null {
  const instant = fromWarsawLocal(text.trim());
  if (!instant) return null;
  const year = Number(text.trim().slice(0, 4));
  return year >= 2000 && year <= 2100 ? instant : null;
}

const text = z.string().optional();

export const saleFormSchema = z
  .object({
    id: text,
    version: text,
    name: text,
    scope: text,
    productId: text,
    variantIds: z.array(z.string()).optional(),
    category: text,
    reductionType: text,
    reduction: text,
    startsAt: text,
    endsAt: text,
  })
  .transform((raw, context): SaleFormValue => {
    let failed = false;
    const fail = (path: string, message: string) => {
      failed = true;
      context.addIssue({ code: "custom", path: [path], message });
    };

    const id = raw.id?.trim() || null;
    if (id && !UUID.test(id)) fail("id", saleMessages.notFound);
    const version = id ? Number(raw.version) : null;
    if (id && !(Number.isSafeInteger(version) && (version ?? 0) >= 1)) fail("version", saleMessages.stale);

    const name = raw.name?.trim() ?? "";
    if (!name) fail("name", saleMessages.nameRequired);
    else if (name.length > saleLimits.nameMax) fail("name", saleMessages.nameMax);
    else if (!SINGLE_LINE.test(name)) fail("name", saleMessages.invalidCharacters);

    const scope = oneOf(SALE_SCOPES, raw.scope);
    if (!scope) fail("scope", saleMessages.scope);

    // Only the fields of the chosen scope count: the form without JavaScript sends them all.
    const productId = scope === "product" || scope === "variants" ? raw.productId?.trim() || null : null;
    if ((scope === "product" || scope === "variants") && !productId)
      fail("productId", saleMessages.productRequired);
    else if (productId && !UUID.test(productId)) fail("productId", saleMessages.productUnknown);

    const variantIds = scope === "variants" ? [...new Set((raw.variantIds ?? []).map((v) => v.trim()))] : [];
    if (scope === "variants" && variantIds.length === 0) fail("variantIds", saleMessages.variantsRequired);
    else if (variantIds.some((variantId) => !UUID.test(variantId))) {
      fail("variantIds", saleMessages.variantUnknown);
    }

    const category = scope === "category" ? oneOf(CATEGORIES, raw.category) : null;
    if (scope === "category" && !raw.category) fail("category", saleMessages.categoryRequired);
    else if (scope === "category" && !category) fail("category", saleMessages.categoryUnknown);

    const reductionType = oneOf(SALE_REDUCTIONS, raw.reductionType);
    if (!reductionType) fail("reductionType", saleMessages.reductionType);
    let reduction = 0;
    if (!raw.reduction?.trim()) {
      fail("reduction", saleMessages.reductionRequired);
    } else if (reductionType === "percent") {
      reduction = readPercent(raw.reduction) ?? 0;
      if (!reduction) fail("reduction", saleMessages.percent);
    } else if (reductionType === "amount") {
      reduction = parsePln(raw.reduction) ?? 0;
      if (reduction <= 0) fail("reduction", saleMessages.amount);
      else if (reduction > saleLimits.amountMax) fail("reduction", saleMessages.amountMax);
    }

    const startsAt = raw.startsAt?.trim() ? readWarsawTime(raw.startsAt) : null;
    if (!raw.startsAt?.trim()) fail("startsAt", saleMessages.startsAtRequired);
    else if (!startsAt) fail("startsAt", saleMessages.startsAt);
    const endsAt = raw.endsAt?.trim() ? readWarsawTime(raw.endsAt) : null;
    if (raw.endsAt?.trim() && !endsAt) fail("endsAt", saleMessages.endsAt);
    else if (startsAt && endsAt && endsAt <= startsAt) fail("endsAt", saleMessages.endsBeforeStart);

    if (failed || !scope || !reductionType || !startsAt) return z.NEVER;
    return {
      id,
      version,
      name,
      scope,
      productId,
      variantIds,
      category,
      reductionType,
      reduction,
      startsAt,
      endsAt,
    };
  });

/** The list's "Zakończ teraz" (and "Odwołaj" of a planned sale). */
export const saleEndSchema = z.object({
  saleId: z.string({ error: saleMessages.notFound }).regex(UUID, saleMessages.notFound),
  version: z
    .string({ error: saleMessages.stale })
    .regex(/^\d{1,9}$/, saleMessages.stale)
    .transform(Number),
});
