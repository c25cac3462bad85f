/**
 * CLDR's Polish plural rule for whole numbers, by hand: `Intl.PluralRules` loads ICU's locale data the
 * first time, in the middle of the page's start-up (decision 027). Tested against `Intl` for 0–10 000
 * (modules/content/text.test.ts).
 */
export function polishPluralCategory(count: number): "one" | "few" | "many" {
  if (count === 1) return "one";
  const lastDigit = count % 10;
  const lastTwo = count % 100;
  return lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14) ? "few" : "many";
}

/** The word's form for a count: `pluralForm(3, ["sztuka", "sztuki", "sztuk"])` → "sztuki". */
export function pluralForm(count: number, [one, few, many]: readonly [string, string, string]) {
  const category = polishPluralCategory(count);
  return category === "one" ? one : category === "few" ? few : many;
}
