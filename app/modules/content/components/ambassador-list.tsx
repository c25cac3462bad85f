import { ArrowUpRight } from "lucide-react";
import type { AmbassadorCard } from "../ambassadors.server";
import { instagramHandle } from "../text";
import { AmbassadorPortrait } from "./ambassador-portrait";
import { SocialIcon } from "./social-icons";

/** The ambassadors' cards, each linking out to the ambassador's Instagram; 'WKRÓTCE' when empty. */
/** The public card needs no order number (the list is already in order). */
export function AmbassadorList({ ambassadors }: { ambassadors: Omit<AmbassadorCard, "orderIndex">[] }) {
  if (ambassadors.length === 0) {
    return (
      <div
        className="flex flex-col items-center justify-center rounded-lg border border-dashed border-border bg-surface px-6 py-24 text-center"
        data-testid="ambassadors-empty"
      >
        <p className="font-display text-5xl font-black tracking-tight text-accent md:text-7xl">WKRÓTCE</p>
        <p className="mt-4 text-lg text-muted">Ta sekcja zostanie wkrótce wypełniona</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="ambassadors">
      {ambassadors.map((ambassador) => {
        const handle = instagramHandle(ambassador.name);
        return (
          // min-w-0: a long handle wraps inside the card instead of widening the page on a 360 px phone.
          <li key={ambassador.id} className="min-w-0">
            <a
              href={ambassador.instagramUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="group flex h-full flex-col rounded-lg border border-border bg-surface p-6 transition-colors hover:border-accent"
              data-testid="ambassador-card"
            >
              <div className="flex items-center gap-5">
                <AmbassadorPortrait image={ambassador.profileImage} handle={handle} look="card" />
                <p className="min-w-0 break-words font-display text-2xl font-black tracking-tight transition-colors group-hover:text-accent">
                  {handle}
                </p>
              </div>
              {ambassador.bio ? (
                <p className="mt-5 flex-1 text-muted">{ambassador.bio}</p>
              ) : (
                <div className="flex-1" />
              )}
              <p className="mt-6 inline-flex items-center gap-2 font-mono text-xs font-bold uppercase tracking-[0.25em] text-foreground">
                <SocialIcon network="instagram" className="size-4 text-hot" />
                Instagram
                <ArrowUpRight
                  aria-hidden="true"
                  className="size-4 transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5"
                />
                <span className="sr-only">(otwiera się w nowej karcie)</span>
              </p>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
