/** Small Polish text helpers for the content pages (pure). */
import { pluralForm, polishPluralCategory } from "~/lib/polish-plural";

export { polishPluralCategory };

/**
 * Polish plural forms: `one` (1), `few` (2–4, 22–24…), `many` (0, 5–21, 25…).
 * `pluralPl(3, ["zdjęcie", "zdjęcia", "zdjęć"])` → "3 zdjęcia".
 */
export function pluralPl(count: number, [one, few, many]: readonly [string, string, string]) {
  if (!Number.isInteger(count)) return `${count} ${few}`;
  return `${count} ${pluralForm(Math.abs(count), [one, few, many])}`;
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
