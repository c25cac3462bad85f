import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BadgeCheck, LogIn, MessageSquarePlus, Star } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { formatRelativeOrDate } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { DEFAULT_RATING, REVIEW_MAX_LENGTH, reviewLength, reviewSchema } from "../review.schema";
import { pluralizeOpinia, type ReviewView, reviewSummary } from "../reviews";
import { formatRating, Stars } from "./stars";

export type ReviewActionData = {
  ok: boolean;
  reason?: "unauthenticated" | "invalid" | "failed";
  result?: SubmissionResult<string[]>;
};

export const LOGIN_REQUIRED_TITLE = "Musisz być zalogowany";
export const LOGIN_REQUIRED_MESSAGE = "Zaloguj się, aby dodać opinię";
export const REVIEW_FAILED_TITLE = "Błąd";
export const REVIEW_FAILED_MESSAGE = "Nie udało się dodać opinii";

/** Reviews at #reviews: summary, newest-first list, and the toggling form (signed-in users only). */
export function ReviewsSection({
  reviews,
  signedIn,
  loginHref,
  now,
}: {
  reviews: ReviewView[];
  signedIn: boolean;
  loginHref: string;
  now: string;
}) {
  const summary = reviewSummary(reviews);
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ReviewActionData>({ key: "review" });
  const handled = useRef<ReviewActionData | undefined>(undefined);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.ok) {
      setOpen(false);
      toast.success("Dziękujemy za opinię!", { description: "Twoja opinia jest już widoczna." });
    } else if (data.reason === "unauthenticated") {
      toast.error(LOGIN_REQUIRED_TITLE, { description: LOGIN_REQUIRED_MESSAGE });
    } else if (data.reason === "failed") {
      toast.error(REVIEW_FAILED_TITLE, { description: REVIEW_FAILED_MESSAGE });
    }
  }, [fetcher.state, fetcher.data]);

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

      {signedIn && open ? <ReviewForm fetcher={fetcher} /> : null}

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
                  {formatRelativeOrDate(review.createdAt, now)}
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

function ReviewForm({ fetcher }: { fetcher: ReturnType<typeof useFetcher<ReviewActionData>> }) {
  const busy = fetcher.state !== "idle";
  const [length, setLength] = useState(0);
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [form, fields] = useForm({
    id: "review-form",
    lastResult: busy ? undefined : fetcher.data?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    defaultValue: { rating: String(DEFAULT_RATING), comment: "" },
  });
  const counterId = `${fields.comment.id}-counter`;
  const over = length > REVIEW_MAX_LENGTH;

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 grid gap-5 rounded-lg border border-accent/40 bg-surface p-5 md:p-6"
      data-testid="review-form"
    >
      <input type="hidden" name="intent" value="review" />
      <fieldset>
        <legend className="mb-2 font-bold text-sm">Twoja ocena</legend>
        <div className="flex gap-1" data-testid="rating-input">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-sm p-1 has-focus-visible:outline-2 has-focus-visible:outline-accent"
            >
              <input
                type="radio"
                name={fields.rating.name}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
                aria-label={`${value} na 5`}
              />
              <Star
                aria-hidden="true"
                className={cn(
                  "size-7 transition-colors",
                  value <= rating ? "fill-warning text-warning" : "text-muted",
                )}
              />
            </label>
          ))}
        </div>
        <FieldError id={fields.rating.errorId} errors={fields.rating.errors} className="mt-2" />
      </fieldset>
      <div className="grid gap-2">
        <label htmlFor={fields.comment.id} className="font-bold text-sm">
          Twoja opinia
        </label>
        <Textarea
          {...getTextareaProps(fields.comment)}
          key={fields.comment.key}
          rows={5}
          placeholder="Jak leży, jak się nosi, jak przetrwało imprezę? (min. 10 znaków)"
          onInput={(event) => setLength(reviewLength(event.currentTarget.value))}
          aria-describedby={[counterId, fields.comment.errors ? fields.comment.errorId : null]
            .filter(Boolean)
            .join(" ")}
        />
        <div className="flex items-start justify-between gap-4">
          <FieldError id={fields.comment.errorId} errors={fields.comment.errors} />
          <p
            id={counterId}
            className={cn("ml-auto text-sm tabular-nums", over ? "text-danger" : "text-muted")}
            data-testid="review-counter"
          >
            {length}/{REVIEW_MAX_LENGTH} znaków
          </p>
        </div>
      </div>
      {form.errors ? <FieldError id={form.errorId} errors={form.errors} /> : null}
      <div>
        <Button type="submit" disabled={busy} data-testid="review-submit">
          {busy ? "Wysyłanie..." : "Dodaj opinię"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
