/** Small Polish text helpers for the content pages (pure). */

/**
 * CLDR's Polish plural rule for whole numbers, by hand: `Intl.PluralRules` loads ICU's locale data the
 * first time, in the middle of the page's start-up (decision 027). Tested against `Intl` for 0–10 000.
 */
export function polishPluralCategory(count: number): "one" | "few" | "many" {
  if (count === 1) return "one";
  const lastDigit = count % 10;
  const lastTwo = count % 100;
  return lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14) ? "few" : "many";
}

/**
 * Polish plural forms: `one` (1), `few` (2–4, 22–24…), `many` (0, 5–21, 25…).
 * `pluralPl(3, ["zdjęcie", "zdjęcia", "zdjęć"])` → "3 zdjęcia".
 */
export function pluralPl(count: number, [one, few, many]: readonly [string, string, string]) {
  if (!Number.isInteger(count)) return `${count} ${few}`;
  const category = polishPluralCategory(Math.abs(count));
  const word = category === "one" ? one : category === "few" ? few : many;
  return `${count} ${word}`;
}

export const photoCount = (count: number) => pluralPl(count, ["zdjęcie", "zdjęcia", "zdjęć"]);

export const ageLabel = (age: number) => pluralPl(age, ["rok", "lata", "lat"]);

/** "@name" from an Instagram handle or URL. */
export function instagramHandle(nameOrUrl: string) {
  const trimmed = nameOrUrl.trim().replace(/\/+$/, "");
  const fromUrl = /instagram\.com\/([^/?#]+)/i.exec(trimmed)?.[1];
  return `@${(fromUrl ?? trimmed).replace(/^@/, "")}`;
}

/** Shortens text to at most `max` characters at a word boundary, with an ellipsis (meta descriptions). */
export function truncateText(text: string, max = 155) {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
