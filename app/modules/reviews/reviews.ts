/** Review summaries and author names (pure). */
import { pluralForm } from "~/lib/polish-plural";
import { impersonatesBrand } from "~/modules/accounts/display-name";

export type ReviewView = {
  id: string;
  rating: number;
  comment: string;
  createdAt: string;
  verifiedPurchase: boolean;
  author: string;
};

/** Average rating rounded to one decimal, and the count; average 0 without reviews. */
export function reviewSummary(reviews: readonly { rating: number }[]) {
  if (reviews.length === 0) return { count: 0, average: 0 };
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return { count: reviews.length, average: Math.round((sum / reviews.length) * 10) / 10 };
}

/**
 * The name shown with a review: the account's first name when it has one, otherwise the e-mail's
 * first letter masked ("k***"). E-mail addresses are never shown, nor a name passing for the shop
 * (`brand`) that was stored before names were checked.
 */
export function reviewAuthorName(user: { name: string | null; email: string }, brand?: string) {
  const name = user.name?.trim() ?? "";
  const usable = name && !name.includes("@") && !(brand && impersonatesBrand(name, brand));
  if (usable) return name.split(/\s+/)[0].slice(0, 40);
  return `${user.email.charAt(0).toLowerCase()}***`;
}

/** "opinia" declined for a count: 1 opinia, 2–4 opinie, 5+ opinii. */
export function pluralizeOpinia(count: number) {
  return pluralForm(count, ["opinia", "opinie", "opinii"]);
}

/**
 * 4.333 → "4,3", 5 → "5": one decimal at most, Polish comma. Written by hand so the product page does
 * not load ICU's number data (Intl) during hydration just for this.
 */
export function formatRating(value: number) {
  return String(Math.round(value * 10) / 10).replace(".", ",");
}
