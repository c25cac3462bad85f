import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Star } from "lucide-react";
import { useState } from "react";
import type { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { useZodForm } from "~/components/ui/use-zod-form";
import { ENHANCED_FIELD } from "~/lib/form-contract";
import { cn } from "~/lib/utils";
import { DEFAULT_RATING, REVIEW_MAX_LENGTH, reviewLength, reviewSchema } from "../review.schema";
import type { ReviewResult } from "../review-actions.server";
import { REVIEW_INTENT } from "../review-texts";

/**
 * Rating 1–5 (default 5) and comment with the 'N/1000 znaków' counter, validated as on the server.
 * Shown only by the script (the toggle), so it is always sent as an enhanced form.
 */
export function ReviewForm({ fetcher }: { fetcher: ReturnType<typeof useFetcher<ReviewResult>> }) {
  const busy = fetcher.state !== "idle";
  const [length, setLength] = useState(0);
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [form, fields] = useZodForm(reviewSchema, {
    id: "review-form",
    lastResult: busy ? undefined : fetcher.data?.result,
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
      <input type="hidden" name="intent" value={REVIEW_INTENT} />
      <input type="hidden" name={ENHANCED_FIELD} value="1" />
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
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" disabled={busy} data-testid="review-submit">
          {busy ? "Wysyłanie..." : "Dodaj opinię"}
        </Button>
        <p className="text-muted text-sm">Jedna opinia na konto: kolejna zastąpi poprzednią.</p>
      </div>
    </fetcher.Form>
  );
}
