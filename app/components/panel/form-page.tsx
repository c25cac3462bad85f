/**
 * The frame of a panel form that has a page of its own (a product, an event): the way back to its
 * list, the form's heading and a link to what the form edits on the public site; and the form-level
 * errors (those on no field) at the top.
 */
import { ArrowLeft, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export function FormPageHeader({
  backTo,
  backLabel,
  titleId,
  title,
  external,
}: {
  backTo: string;
  backLabel: string;
  /** The heading's id: the form is labelled by it. */
  titleId: string;
  title: string;
  /** The public page of what is edited, opened in a new tab. */
  external?: { href: string; label: string } | null;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pb-4">
      <div>
        <Link to={backTo} className="inline-flex items-center gap-1 text-muted text-sm hover:text-accent">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {backLabel}
        </Link>
        <h2 id={titleId} className="mt-1 font-display text-2xl md:text-3xl">
          {title}
        </h2>
      </div>
      {external ? (
        <Button asChild variant="ghost" size="sm">
          <a href={external.href} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {external.label}
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/** The form's own errors (Conform's `form.errors`), announced; nothing when there are none. */
export function FormErrorList({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div
      role="alert"
      id={id}
      className="mb-2 rounded-md border border-danger/40 bg-danger/10 p-4 text-danger"
    >
      {errors.map((message) => (
        <p key={message} className="font-semibold">
          {message}
        </p>
      ))}
    </div>
  );
}
