import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A link back up (to the list a page belongs to, to the login form), led by a left arrow. */
export function BackLink({
  to,
  className = "mb-8 inline-flex items-center gap-2 text-sm font-bold uppercase tracking-wide text-muted hover:text-accent",
  children,
}: {
  to: string;
  /** By default the event site's: small capitals over the page's hero or photos. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
