import { BadgeCheck, Loader2, LogIn, MessageSquarePlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { type FormActionResult, noticeOf } from "~/lib/form-contract";
import { useEachNewValue } from "~/lib/use-each-new-value";
import type { ReviewResult } from "../review-actions.server";
import { LOGIN_REQUIRED_MESSAGE, LOGIN_REQUIRED_TITLE } from "../review-texts";
import { formatRating, pluralizeOpinia, type ReviewView, reviewSummary } from "../reviews";
import { PlainReviewForm } from "./plain-review-form";
import { Stars } from "./stars";

// The form (with its validation library) loads only when someone opens it.
const loadReviewForm = () => import("./review-form");
const ReviewForm = lazy(() => loadReviewForm().then((module) => ({ default: module.ReviewForm })));

/** Reviews at #reviews: summary, newest-first list, and the toggling form (signed-in users only). */
export function ReviewsSection({
  reviews,
  signedIn,
  loginHref,
  plainAnswer,
}: {
  /** Newest first, each with its date already worded by the server. */
  reviews: (ReviewView & { dateLabel: string })[];
  signedIn: boolean;
  loginHref: string;
  /** The page's answer to a plain (no-script) review form: its refusal keeps what was typed. */
  plainAnswer?: FormActionResult;
}) {
  const summary = reviewSummary(reviews);
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ReviewResult>({ key: "review" });

  // The answer's words as a toast (a plain form's are the same, as a flash), once the page has
  // reloaded. A refusal of the fields shows beside them instead.
  useEachNewValue(fetcher.state === "idle" ? fetcher.data : undefined, (data) => {
    if (data.ok) setOpen(false);
    if (!data.ok && Object.keys(data.result?.error ?? {}).some((name) => name !== "")) return;
    const notice = noticeOf(data);
    const options = notice.description ? { description: notice.description } : undefined;
    if (notice.kind === "success") toast.success(notice.title, options);
    else toast.error(notice.title, options);
  });

  function toggle() {
    if (!signedIn) {
      toast.error(LOGIN_REQUIRED_TITLE, {
        description: LOGIN_REQUIRED_MESSAGE,
        action: { label: "Zaloguj się", onClick: () => window.location.assign(loginHref) },
      });
      return;
    }
    setOpen((value) => !value);
  }

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24" data-testid="reviews">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-heading" className="font-display text-3xl md:text-4xl">
            Opinie
          </h2>
          {summary.count > 0 ? (
            <p className="mt-2 flex items-center gap-3" data-testid="reviews-summary">
              <span className="font-display text-3xl">{formatRating(summary.average)}</span>
              <Stars rating={summary.average} size="size-5" />
              <span className="text-muted text-sm">
                {summary.count} {pluralizeOpinia(summary.count)}
              </span>
            </p>
          ) : (
            <p className="mt-2 text-muted">Ten produkt nie ma jeszcze opinii. Bądź pierwszy!</p>
          )}
        </div>
        <Button
          type="button"
          variant={open ? "secondary" : "outline"}
          onClick={toggle}
          onPointerEnter={signedIn ? loadReviewForm : undefined}
          onFocus={signedIn ? loadReviewForm : undefined}
          aria-expanded={signedIn ? open : undefined}
          aria-controls={signedIn ? "review-form" : undefined}
          data-testid="review-toggle"
        >
          <MessageSquarePlus aria-hidden="true" />
          {open ? "Anuluj" : "Napisz opinię"}
        </Button>
      </div>

      {!signedIn ? (
        <p className="mt-4 inline-flex flex-wrap items-center gap-2 text-muted text-sm">
          <LogIn aria-hidden="true" className="size-4" />
          Opinie mogą dodawać zalogowani klienci.
          <Link to={loginHref} className="font-bold text-accent underline-offset-4 hover:underline">
            Zaloguj się
          </Link>
        </p>
      ) : null}

      {signedIn ? (
        <noscript>
          <PlainReviewForm answer={plainAnswer} />
        </noscript>
      ) : null}

      {signedIn && open ? (
        <Suspense
          fallback={
            <p className="mt-6 flex items-center gap-2 text-muted" role="status">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Ładowanie formularza…
            </p>
          }
        >
          <ReviewForm fetcher={fetcher} />
        </Suspense>
      ) : null}

      {reviews.length > 0 ? (
        <ol className="mt-8 grid gap-4" data-testid="review-list">
          {reviews.map((review) => (
            <li
              key={review.id}
              className="rounded-lg border border-border bg-surface p-5"
              data-testid="review"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <Stars rating={review.rating} />
                <span className="font-bold">{review.author}</span>
                {review.verifiedPurchase ? (
                  <Badge variant="success">
                    <BadgeCheck aria-hidden="true" />
                    Zweryfikowany zakup
                  </Badge>
                ) : null}
                <time dateTime={review.createdAt} className="ml-auto text-muted text-sm">
                  {review.dateLabel}
                </time>
              </div>
              <p className="mt-3 whitespace-pre-line leading-relaxed">{review.comment}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
