/**
 * The product page's review form for `handleFormAction`: the signed-in user's review of the product
 * (one per account; a second one edits the first). A guest is refused before any intent runs.
 */
import { data } from "react-router";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { redirectWithFlash } from "~/lib/flash.server";
import { intent } from "~/lib/form-action.server";
import { type FormActionResult, noticeOf } from "~/lib/form-contract";
import { getActiveProductBySlug } from "~/modules/catalog/catalog.server";
import { reviewSchema } from "./review.schema";
import {
  LOGIN_REQUIRED_MESSAGE,
  LOGIN_REQUIRED_TITLE,
  REVIEW_ADDED_MESSAGE,
  REVIEW_ADDED_TITLE,
  REVIEW_EDITED_MESSAGE,
  REVIEW_EDITED_TITLE,
  REVIEW_FAILED_MESSAGE,
  REVIEW_INTENT,
  REVIEW_PRODUCT_GONE_MESSAGE,
} from "./review-texts";
import { saveReview } from "./reviews.server";

/** What the review intent adds to its answer: whether the account's earlier review was replaced. */
export type ReviewResult = FormActionResult<{ edited: boolean }>;

/** Where a plain review form goes back to: the product page's reviews. */
export function reviewsPath(slug: string) {
  return `/merch/${slug}#reviews`;
}

export function reviewIntents(slug: string, userId: string) {
  return {
    [REVIEW_INTENT]: intent({
      schema: reviewSchema,
      failure: REVIEW_FAILED_MESSAGE,
      failureStatus: 503,
      run: async (review) => {
        const product = await getActiveProductBySlug(db(), slug);
        if (!product) throw new DomainError(REVIEW_PRODUCT_GONE_MESSAGE, 404);
        const { edited } = await saveReview(db(), { ...review, productId: product.id, userId });
        return edited
          ? { title: REVIEW_EDITED_TITLE, message: REVIEW_EDITED_MESSAGE, edited }
          : { title: REVIEW_ADDED_TITLE, message: REVIEW_ADDED_MESSAGE, edited };
      },
    }),
  };
}

/**
 * A guest's review, refused before its body is read: 401 for a script's form, which shows the toast;
 * a plain form (the browser's own navigation) goes back to the reviews with the same words as a flash.
 */
export async function refuseGuestReview(plainNavigation: boolean, slug: string) {
  const answer = { intent: REVIEW_INTENT, title: LOGIN_REQUIRED_TITLE, message: LOGIN_REQUIRED_MESSAGE };
  if (plainNavigation) {
    return redirectWithFlash(reviewsPath(slug), noticeOf({ ...answer, ok: false }));
  }
  return data<FormActionResult>(
    { ...answer, ok: false, result: { status: "error", error: { "": [LOGIN_REQUIRED_MESSAGE] } } },
    { status: 401, headers: { "Cache-Control": "no-store" } },
  );
}
