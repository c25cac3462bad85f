import { BadgeCheck, Loader2, LogIn, MessageSquarePlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useFetcher, useLocation, useSearchParams } from "react-router";
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

/** `?opinia`: the page with the review form open, where "Napisz opinię" leads before the scripts run. */
const WRITE_REVIEW_PARAM = "opinia";

/**
 * Reviews at #reviews: summary, newest-first list, and the toggling form (signed-in users only).
 * "Napisz opinię" is a link that works before the scripts: to the sign-in for a guest, and for a
 * customer to this page with the plain form open (`?opinia`); the script turns it into the toggle of
 * the enhanced form (and the guest's toast).
 */
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
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const askedByLink = signedIn && searchParams.has(WRITE_REVIEW_PARAM);
  // Which form is open: the plain one the link asked the server for, or the script's.
  const [shown, setShown] = useState<"plain" | "enhanced" | null>(askedByLink ? "plain" : null);
  const open = shown !== null;
  const fetcher = useFetcher<ReviewResult>({ key: "review" });

  // The answer's words as a toast (a plain form's are the same, as a flash), once the page has
  // reloaded. A refusal of the fields shows beside them instead.
  useEachNewValue(fetcher.state === "idle" ? fetcher.data : undefined, (data) => {
    if (data.ok) setShown(null);
    if (!data.ok && Object.keys(data.result?.error ?? {}).some((name) => name !== "")) return;
    const notice = noticeOf(data);
    const options = notice.description ? { description: notice.description } : undefined;
    if (notice.kind === "success") toast.success(notice.title, options);
    else toast.error(notice.title, options);
  });

  function toggle(event: React.MouseEvent) {
    event.preventDefault();
    if (!signedIn) {
      toast.error(LOGIN_REQUIRED_TITLE, {
        description: LOGIN_REQUIRED_MESSAGE,
        action: { label: "Zaloguj się", onClick: () => window.location.assign(loginHref) },
      });
      return;
    }
    setShown((value) => (value ? null : "enhanced"));
  }
  // Without the script: a guest signs in; a customer gets the page with the form open (or closed).
  const href = !signedIn ? loginHref : `${location.pathname}${open ? "" : `?${WRITE_REVIEW_PARAM}`}#reviews`;

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
        <Button asChild variant={open ? "secondary" : "outline"}>
          <Link
            to={href}
            preventScrollReset
            onClick={toggle}
            onPointerEnter={signedIn ? loadReviewForm : undefined}
            onFocus={signedIn ? loadReviewForm : undefined}
            aria-expanded={signedIn ? open : undefined}
            aria-controls={signedIn && open ? "review-form" : undefined}
            data-testid="review-toggle"
          >
            <MessageSquarePlus aria-hidden="true" />
            {open ? "Anuluj" : "Napisz opinię"}
          </Link>
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

      {signedIn && !askedByLink ? (
        <noscript>
          <PlainReviewForm answer={plainAnswer} />
        </noscript>
      ) : null}

      {signedIn && shown === "plain" ? <PlainReviewForm id="review-form" answer={plainAnswer} /> : null}

      {signedIn && shown === "enhanced" ? (
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
