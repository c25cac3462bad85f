/**
 * The review form for a browser without scripts (inside `<noscript>`, or open on the page `?opinia`
 * that "Napisz opinię" leads to before the scripts run): a plain POST to the product page, which goes
 * back to the reviews with the flash the toast shows, or renders a refusal with what was typed. With
 * scripts the toggled ReviewForm (Conform, lazy) is used instead.
 */
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import type { FormActionResult } from "~/lib/form-contract";
import { REVIEW_INTENT } from "../review-texts";

const RATINGS = [5, 4, 3, 2, 1] as const;

export function PlainReviewForm({ answer, id }: { answer?: FormActionResult; id?: string }) {
  const refusal = answer && !answer.ok && answer.intent === REVIEW_INTENT ? answer.result : undefined;
  const typed = (refusal?.initialValue ?? {}) as { rating?: string; comment?: string };
  const errors = refusal?.error ?? {};
  return (
    <form
      id={id}
      method="post"
      className="mt-6 grid gap-5 rounded-lg border border-accent/40 bg-surface p-5 md:p-6"
      data-testid="review-form-plain"
    >
      <input type="hidden" name="intent" value={REVIEW_INTENT} />
      <PlainField name="rating" label="Twoja ocena" errors={errors.rating}>
        <select
          id="review-plain-rating"
          name="rating"
          defaultValue={typed.rating ?? "5"}
          className="w-32 rounded-md border border-border bg-background p-2"
        >
          {RATINGS.map((value) => (
            <option key={value} value={value}>
              {value} na 5
            </option>
          ))}
        </select>
      </PlainField>
      <PlainField name="comment" label="Twoja opinia" errors={errors.comment}>
        <Textarea
          id="review-plain-comment"
          name="comment"
          rows={5}
          defaultValue={typed.comment ?? ""}
          placeholder="Jak leży, jak się nosi, jak przetrwało imprezę? (min. 10 znaków)"
        />
      </PlainField>
      <Button type="submit" className="w-fit">
        Dodaj opinię
      </Button>
    </form>
  );
}

/** One field of the plain form: its label, the control, and the server's message under it. */
function PlainField({
  name,
  label,
  errors,
  children,
}: {
  name: string;
  label: string;
  errors: string[] | null | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <label htmlFor={`review-plain-${name}`} className="font-bold text-sm">
        {label}
      </label>
      {children}
      <FieldError id={`review-plain-${name}-error`} errors={errors ?? undefined} />
    </div>
  );
}
