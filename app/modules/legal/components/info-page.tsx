/** Shared pieces of the information pages: the page header, typographic prose, small callouts, the shop's host and e-mail. */
import type { ComponentProps, ReactNode } from "react";
import type { SiteConfig } from "~/lib/site";
import { cn, joinClasses } from "~/lib/utils";
import { legalDateLabel } from "../legal-dates";

/** What a legal text needs to know about the shop. */
export type LegalSite = Pick<SiteConfig, "name" | "email" | "url" | "seller">;

/** The shop's address without the scheme, as the texts name it ("nokturn.pl"). */
export function siteHost(site: Pick<SiteConfig, "url">) {
  return site.url.replace(/^https?:\/\//, "");
}

/** The shop's e-mail as a link that may wrap anywhere (a long address on a phone). */
export function ShopEmailLink({ site }: { site: Pick<SiteConfig, "email"> }) {
  return (
    <a href={`mailto:${site.email}`} className="[overflow-wrap:anywhere]">
      {site.email}
    </a>
  );
}

export function InfoPageHeader({
  eyebrow,
  title,
  lead,
  updated,
  updatedLabel = "Ostatnia aktualizacja",
  children,
}: {
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  /** ISO date of the text's last change, shown under the lead. */
  updated?: string;
  updatedLabel?: string;
  children?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden border-border border-b">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_24rem_at_15%_-10%,rgb(198_255_61/0.10),transparent_60%),radial-gradient(40rem_20rem_at_90%_0%,rgb(110_91_255/0.16),transparent_65%)]"
      />
      <div className="container-page relative pt-28 pb-10 md:pt-36 md:pb-14">
        <p className="font-bold text-accent text-xs uppercase tracking-[0.25em]">{eyebrow}</p>
        <h1 className="mt-3 break-words font-display text-4xl leading-[1.05] sm:text-5xl md:text-6xl">
          {title}
        </h1>
        {lead ? <p className="mt-5 max-w-2xl text-foreground/80 text-lg leading-relaxed">{lead}</p> : null}
        {updated ? (
          <p className="mt-5 text-muted text-sm">
            {updatedLabel}: <time dateTime={updated}>{legalDateLabel(updated)}</time>
          </p>
        ) : null}
        {children}
      </div>
    </header>
  );
}

/** Long-form text: headings, paragraphs, lists, tables and links styled for reading on a dark page. */
export const proseClassName = joinClasses(
  "max-w-3xl text-[0.975rem] text-foreground/80 leading-relaxed",
  "[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:scroll-mt-28 [&_h2]:font-display [&_h2]:text-xl [&_h2]:text-foreground [&_h2:first-child]:mt-0 sm:[&_h2]:text-2xl",
  "[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:scroll-mt-28 [&_h3]:font-bold [&_h3]:text-foreground [&_h3]:text-lg",
  "[&_p]:mt-3 [&_p:first-child]:mt-0",
  "[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5 [&_ul]:marker:text-accent",
  "[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5 [&_ol]:marker:font-bold [&_ol]:marker:text-accent",
  "[&_li>ul]:mt-1.5 [&_li>ol]:mt-1.5",
  "[&_a]:font-semibold [&_a]:text-accent [&_a]:underline [&_a]:decoration-accent/40 [&_a]:underline-offset-4 [&_a:hover]:decoration-accent",
  "[&_strong]:font-semibold [&_strong]:text-foreground",
  "[&_address]:not-italic",
);

export function Prose({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(proseClassName, className)} {...props} />;
}

/** A highlighted fact box (key numbers on returns and shipping pages). */
export function FactCard({
  value,
  label,
  className,
}: {
  value: ReactNode;
  label: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex items-center gap-4 rounded-lg border border-border bg-surface px-4 py-3 sm:block sm:p-5",
        className,
      )}
    >
      <p className="w-24 shrink-0 font-display text-2xl text-accent normal-case leading-none sm:w-auto sm:text-3xl md:text-4xl">
        {value}
      </p>
      <p className="text-foreground/80 text-sm leading-snug sm:mt-2">{label}</p>
    </div>
  );
}

/** A side note inside prose. */
export function Note({
  title,
  children,
  tone = "accent",
}: {
  title?: string;
  children: ReactNode;
  tone?: "accent" | "electric";
}) {
  return (
    <aside
      className={cn(
        "mt-6 rounded-md border-l-4 bg-surface p-4 text-foreground/85 [&_p]:mt-2 [&_p:first-child]:mt-0",
        tone === "accent" ? "border-accent" : "border-electric",
      )}
    >
      {title ? <p className="font-bold text-foreground">{title}</p> : null}
      {children}
    </aside>
  );
}

/** A responsive two/three-column table that scrolls sideways on narrow screens. */
export function InfoTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <section
      aria-label={caption}
      className="mt-4 overflow-x-auto rounded-md border border-border"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-foreground">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-4 py-3 font-bold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-border border-t align-top">
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row" className="px-4 py-3 font-semibold text-foreground">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex} className="px-4 py-3">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
