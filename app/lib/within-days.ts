/** True when `value` lies within the last `days` days of `now` (no date library: the shop's cards use it). */
export function isWithinDays(
  value: Date | string | number,
  days: number,
  now: Date | string | number = new Date(),
) {
  const age = new Date(now).getTime() - new Date(value).getTime();
  return age >= 0 && age < days * 86_400_000;
}
