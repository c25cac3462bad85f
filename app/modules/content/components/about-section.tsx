import { ArrowUpRight, Mail, MapPin } from "lucide-react";
import { Link } from "react-router";
import { NewTabLink } from "~/components/new-tab-link";
import type { SiteConfig } from "~/lib/site";
import type { FeaturedEvent } from "../events.server";
import { SOCIAL_LABELS, SocialIcon, type SocialNetwork } from "./social-icons";

const networks: SocialNetwork[] = ["instagram", "facebook", "soundcloud", "youtube", "tiktok"];

/** `#about`: the contact mailbox, the venue and the brand's social profiles. */
export function AboutSection({
  site,
  event,
  mapsUrl,
}: {
  site: SiteConfig;
  event: FeaturedEvent | null;
  mapsUrl: string | null;
}) {
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="relative scroll-mt-20 overflow-hidden border-t border-border py-24 md:py-32"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-40 size-[36rem] rounded-full bg-electric/20 blur-3xl"
      />
      <div className="container-page relative grid gap-14 lg:grid-cols-2">
        <div>
          <p className="mb-3 font-mono text-xs font-bold uppercase tracking-[0.3em] text-accent md:text-sm">
            Kontakt
          </p>
          <h2
            id="about-title"
            className="font-display text-5xl font-black leading-[0.9] tracking-tight md:text-7xl"
          >
            Napisz do nas
          </h2>
          <p className="mt-6 max-w-md text-lg text-muted">
            Bilety, lista gości, współpraca, zgubiona kurtka z szatni? Odpisujemy na każdą wiadomość.
          </p>
          <a
            href={`mailto:${site.email}`}
            className="mt-8 inline-flex max-w-full items-center gap-3 text-xl font-black tracking-tight break-all text-accent underline-offset-8 hover:underline sm:text-2xl md:text-3xl"
            data-testid="about-email"
          >
            <Mail aria-hidden="true" className="size-6 shrink-0 md:size-8" />
            {site.email}
          </a>
          <div className="mt-6">
            <Link
              to="/contact"
              className="inline-flex items-center gap-2 font-bold uppercase tracking-wide underline-offset-4 hover:text-accent hover:underline"
            >
              Formularz kontaktowy
              <ArrowUpRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          {event && mapsUrl ? (
            <div className="mt-10 flex items-start gap-3 text-muted">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-hot" />
              <p>
                <span className="font-bold text-foreground">{event.venue}</span>
                <br />
                {event.address ?? event.city}
                <br />
                <a
                  href={mapsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-flex items-center gap-1 text-sm font-bold text-foreground underline underline-offset-4 hover:text-accent"
                >
                  Jak dojechać
                  <span className="sr-only">(mapa w nowej karcie)</span>
                </a>
              </p>
            </div>
          ) : null}
        </div>

        <div>
          <h3 className="font-mono text-xs font-bold uppercase tracking-[0.3em] text-muted md:text-sm">
            Obserwuj {site.name}
          </h3>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2" data-testid="about-socials">
            {networks.map((network) => (
              <li key={network}>
                <NewTabLink
                  href={site.social[network]}
                  className="group flex items-center justify-between gap-4 rounded-md border border-border bg-background/60 px-5 py-4 transition-colors hover:border-accent hover:text-accent"
                >
                  <span className="flex items-center gap-3 font-display text-xl font-black">
                    <SocialIcon network={network} className="size-6" />
                    {SOCIAL_LABELS[network]}
                  </span>
                  <ArrowUpRight
                    aria-hidden="true"
                    className="size-5 text-muted transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5 group-hover:text-accent"
                  />
                </NewTabLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
