/** A night's panel page when its night is not there (deleted, a wrong link): the message and the way back. */
import type { ReactNode } from "react";
import { Link } from "react-router";

export function EventNotFound({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <section className="grid justify-items-start gap-4 rounded-lg border border-border bg-surface p-6">
      <h2 className="font-display text-2xl">{message}</h2>
      {children}
      <Link to="/admin/events" className="font-semibold text-accent underline underline-offset-4">
        Wróć do listy wydarzeń
      </Link>
    </section>
  );
}
