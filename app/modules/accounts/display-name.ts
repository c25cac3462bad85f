/**
 * Account names: what a user may call themselves. A name is shown with their reviews, so it must not
 * pass for the shop itself ("NOKTURN Oficjalnie", "N0KTURN", "N.O.K.T.U.R.N", "Nокturn" with a
 * Cyrillic о), must fit a line, and must not carry control or invisible formatting characters
 * (right-to-left overrides, zero-width spaces) that make one text look like another.
 */

export const NAME_MIN = 2;
export const NAME_MAX = 80;
/** What an account is called when the part of its e-mail before "@" cannot be a name. */
export const FALLBACK_NAME = "Klient";

export const nameMessages = {
  tooShort: `Imię musi mieć co najmniej ${NAME_MIN} znaki`,
  tooLong: `Imię może mieć maksymalnie ${NAME_MAX} znaków`,
  invalidCharacters: "Imię zawiera niedozwolone znaki",
  brand: (brand: string) => `Imię nie może zawierać nazwy ${brand}`,
  image: "Nie można ustawić zdjęcia profilu",
  invalid: "Nieprawidłowe imię",
} as const;

/** Control (Cc), formatting (Cf: bidi overrides, zero-width), separators other than space, unassigned. */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cn}\p{Co}]/u;

/**
 * Characters that pass for a letter of the Latin alphabet: digits and symbols ("N0KTURN"), and
 * Cyrillic and Greek letters drawn like Latin ones. Each maps to its Latin look-alike.
 */
const LOOK_ALIKES: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "6": "g",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "|": "i",
  "!": "i",
  "€": "e",
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  з: "z",
  і: "i",
  ї: "i",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  п: "n",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  // Greek
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  μ: "m",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  // Capitals drawn like Latin ones whose small letters are not (Greek Ν is "N", ν is "v")
  Α: "a",
  Β: "b",
  Ε: "e",
  Ζ: "z",
  Η: "h",
  Ι: "i",
  Κ: "k",
  Μ: "m",
  Ν: "n",
  Ο: "o",
  Ρ: "p",
  Τ: "t",
  Υ: "y",
  Χ: "x",
  В: "b",
  Н: "h",
  Т: "t",
  // Latin letters that read alike once case is gone
  ı: "i",
  ł: "l",
  ß: "ss",
};

/**
 * A name reduced to what a reader sees: compatibility-normalised (full-width and styled letters
 * become plain ones), lower-cased, accents dropped, look-alikes replaced, and everything but letters
 * removed. "l" and "i" are merged, as they are in many fonts.
 */
export function skeleton(text: string): string {
  const plain = text.normalize("NFKD").replace(/\p{M}/gu, "");
  let result = "";
  for (const character of plain) {
    const lower = character.toLowerCase();
    result += LOOK_ALIKES[character] ?? LOOK_ALIKES[lower] ?? lower;
  }
  return result.replace(/[^\p{L}]/gu, "").replace(/l/g, "i");
}

/** Whether `name` contains the brand however it is spaced, accented or spelled with look-alikes. */
export function impersonatesBrand(name: string, brand: string): boolean {
  const brandSkeleton = skeleton(brand);
  return brandSkeleton.length >= 3 && skeleton(name).includes(brandSkeleton);
}

/** The Polish reason a name cannot be used, or null when it can. `name` is as the user typed it. */
export function nameProblem(name: unknown, brand: string): string | null {
  if (typeof name !== "string") return nameMessages.invalid;
  // Counted before trimming too, so a 100,000-character name is refused without more work.
  if (name.length > NAME_MAX * 4) return nameMessages.tooLong;
  const trimmed = name.trim().normalize("NFC");
  const length = [...trimmed].length;
  if (length < NAME_MIN) return nameMessages.tooShort;
  if (length > NAME_MAX) return nameMessages.tooLong;
  if (FORBIDDEN.test(trimmed)) return nameMessages.invalidCharacters;
  if (impersonatesBrand(trimmed, brand)) return nameMessages.brand(brand);
  return null;
}

/** The stored form of an acceptable name: trimmed, NFC, inner runs of spaces as one. */
export function normalizeName(name: string): string {
  return name.trim().normalize("NFC").replace(/\s+/g, " ");
}

/**
 * The name our sign-up forms give a new account (they ask only for an e-mail): the part before "@",
 * unless that could not be a name (too short or long, or the brand's), then "Klient".
 */
export function accountNameFromEmail(email: string, brand: string): string {
  const local = email.split("@")[0] ?? "";
  return nameProblem(local, brand) ? FALLBACK_NAME : normalizeName(local);
}
