import { ArrowUpRight, CalendarDays } from "lucide-react";
import { data, Link } from "react-router";
import { BackLink } from "~/components/back-link";
import { NewTabLink } from "~/components/new-tab-link";
import { ResponsiveImage } from "~/components/responsive-image";
import { now } from "~/lib/clock.server";
import { formatLongDate, formatWeekday } from "~/lib/dates";
import { env } from "~/lib/env.server";
import { imageUrlFor } from "~/lib/images";
import { logger } from "~/lib/logger.server";
import { expirePagesAt } from "~/lib/page-expiry.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import {
  type ArtistPage,
  getArtist,
  listPerformances,
  type Performance,
} from "~/modules/content/artists.server";
import { ContentRouteError, notFoundViews } from "~/modules/content/components/content-not-found";
import { MediaHero } from "~/modules/content/components/hero-media";
import { SOCIAL_LABELS, SocialIcon } from "~/modules/content/components/social-icons";
import { EVENT_STATUS_LABELS } from "~/modules/content/event-status";
import { personJsonLd } from "~/modules/content/structured-data";
import { ageLabel, truncateText } from "~/modules/content/text";
import { SOON_LABEL } from "~/modules/content/timetable";
import type { Route } from "./+types/artist";

/**
 * Where a set links: the night's page while it is to come (or was cancelled), its archive entry once
 * it has taken place.
 */
const performanceHref = (performance: Performance) =>
  performance.upcoming || performance.status === "cancelled"
    ? `/wydarzenia/${performance.eventSlug}`
    : `/archive/${performance.eventSlug}`;

export async function loader({ params }: Route.LoaderArgs) {
  let artist: ArtistPage | null = null;
  let sets: Performance[] = [];
  try {
    artist = await getArtist(params.slug);
    if (artist) sets = await listPerformances(artist.id, now());
  } catch (error) {
    // SPEC §8: an artist load failure is logged and shows the not-found view.
    logger.error({ err: error, slug: params.slug }, "artist load failed");
  }
  if (!artist) throw data(null, { status: 404 });
  // A kept copy of this page must not outlive the end of its next set's night (upcoming → past).
  const ends = sets.filter((set) => set.upcoming).map((set) => Date.parse(set.endsAt));
  expirePagesAt(ends.length > 0 ? new Date(Math.min(...ends)) : null);
  const { site } = env();
  const links = artist.socialLinks;
  // Polish dates are formatted here, so the page's bundle carries no date code.
  const performances = sets.map((performance) => ({
    key: `${performance.eventSlug}-${performance.time ?? "soon"}`,
    href: performanceHref(performance),
    startsAt: performance.startsAt,
    longDate: formatLongDate(performance.startsAt),
    weekday: formatWeekday(performance.startsAt),
    time: performance.time ?? SOON_LABEL,
    place: `${performance.venue}, ${performance.city}`,
    title: performance.eventTitle,
    upcoming: performance.upcoming,
    status: performance.status === "planned" ? null : EVENT_STATUS_LABELS[performance.status],
  }));
  return {
    artist,
    performances,
    jsonLd: personJsonLd(
      {
        name: artist.name,
        slug: artist.slug,
        bio: artist.bio,
        image: artist.profileImage,
        sameAs: [links.instagram, links.soundcloud, links.facebook].filter((url): url is string =>
          Boolean(url),
        ),
      },
      site,
    ),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) {
    return [{ title: `Artysta nie znaleziony | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  const { artist } = loaderData;
  const image = artist.backgroundImage ?? artist.profileImage;
  return pageMeta({
    site,
    title: `${artist.name} — ${artist.isResident ? "Resident DJ" : "DJ"}`,
    description: truncateText(artist.bio ?? `${artist.name}, rezydent ${site.name} ${site.cityLocative}.`),
    path: `/artist/${params.slug}`,
    type: "profile",
    image: image ? imageUrlFor(image, 1200) : undefined,
    imageAlt: artist.name,
    jsonLd: [loaderData.jsonLd],
  });
};

export default function Artist({ loaderData }: Route.ComponentProps) {
  const { artist, performances } = loaderData;
  const socials = (["instagram", "soundcloud", "facebook"] as const).filter(
    (network) => artist.socialLinks[network],
  );

  return (
    <article>
      <MediaHero
        as="header"
        className="relative isolate flex min-h-[78svh] items-end overflow-hidden pt-24"
        testId="artist-hero"
        poster={artist.backgroundImage}
        video={artist.backgroundVideo}
        shades={["bg-gradient-to-t from-background via-background/60 to-background/10"]}
        contentClassName="container-page relative z-10 pb-12 md:pb-16"
      >
        <BackLink to="/rezydenci">Wszyscy rezydenci</BackLink>
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:gap-10">
          {artist.profileImage ? (
            <div className="w-36 shrink-0 overflow-hidden rounded-lg border-2 border-accent shadow-glow md:w-56">
              <ResponsiveImage
                image={artist.profileImage}
                sizes="(min-width: 768px) 224px, 144px"
                priority
                alt={artist.profileImage.alt ?? `${artist.name} — zdjęcie profilowe`}
                className="aspect-square size-full object-cover"
              />
            </div>
          ) : null}
          <div>
            <p className="font-mono text-xs font-bold uppercase tracking-[0.3em] text-accent md:text-sm">
              {artist.isResident ? "Resident DJ" : "DJ"}
              {artist.age ? <span className="text-foreground"> · {ageLabel(artist.age)}</span> : null}
            </p>
            <h1 className="mt-3 font-display text-[clamp(3.5rem,13vw,9rem)] font-black leading-[0.85] tracking-tighter">
              {artist.name}
            </h1>
          </div>
        </div>
      </MediaHero>

      <div className="container-page grid gap-14 py-16 md:py-24 lg:grid-cols-[1.5fr_1fr] lg:gap-20">
        <div className="space-y-14">
          {artist.bio ? (
            <section aria-labelledby="bio-title">
              <h2
                id="bio-title"
                className="font-mono text-xs font-bold uppercase tracking-[0.3em] text-muted md:text-sm"
              >
                Bio
              </h2>
              <p className="mt-5 text-xl leading-relaxed md:text-2xl">{artist.bio}</p>
            </section>
          ) : null}

          <dl className="grid gap-6 sm:grid-cols-2">
            {artist.age ? (
              <div className="rounded-lg border border-border bg-surface p-6">
                <dt className="font-mono text-xs font-bold uppercase tracking-[0.3em] text-muted">Wiek</dt>
                <dd className="mt-2 font-display text-4xl font-black">{ageLabel(artist.age)}</dd>
              </div>
            ) : null}
            {artist.hobbies.length > 0 ? (
              <div className="rounded-lg border border-border bg-surface p-6">
                <dt className="font-mono text-xs font-bold uppercase tracking-[0.3em] text-muted">Hobby</dt>
                <dd className="mt-3">
                  <ul className="flex flex-wrap gap-2" data-testid="artist-hobbies">
                    {artist.hobbies.map((hobby) => (
                      <li
                        key={hobby}
                        className="rounded-full border border-border bg-background px-3 py-1 text-sm font-bold"
                      >
                        {hobby}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ) : null}
          </dl>

          {socials.length > 0 ? (
            <section aria-labelledby="socials-title">
              <h2
                id="socials-title"
                className="font-mono text-xs font-bold uppercase tracking-[0.3em] text-muted md:text-sm"
              >
                Posłuchaj i obserwuj
              </h2>
              <ul className="mt-5 flex flex-wrap gap-3" data-testid="artist-socials">
                {socials.map((network) => (
                  <li key={network}>
                    <NewTabLink
                      href={artist.socialLinks[network]}
                      className="inline-flex h-12 items-center gap-2.5 rounded-sm border-2 border-foreground/80 px-5 font-bold uppercase tracking-wide transition-colors hover:border-accent hover:text-accent"
                    >
                      <SocialIcon network={network} className="size-5" />
                      {SOCIAL_LABELS[network]}
                    </NewTabLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <aside
          aria-labelledby="dates-title"
          className="self-start rounded-lg border border-border bg-surface p-6 md:p-8"
        >
          <h2
            id="dates-title"
            className="flex items-center gap-3 font-display text-3xl font-black tracking-tight"
          >
            <CalendarDays aria-hidden="true" className="size-7 text-accent" />
            Występy
          </h2>
          {performances.length === 0 ? (
            <p className="mt-5 text-muted">Kolejne terminy ogłosimy wkrótce.</p>
          ) : (
            <ul className="mt-5 divide-y divide-border" data-testid="performance-dates">
              {performances.map((performance) => (
                <li key={performance.key} data-upcoming={performance.upcoming}>
                  <Link to={performance.href} className="group flex items-center justify-between gap-4 py-4">
                    <span>
                      <span className="block font-display text-xl font-black group-hover:text-accent">
                        <time dateTime={performance.startsAt}>{performance.longDate}</time>
                      </span>
                      <span className="block text-sm text-muted">
                        <span className="capitalize">{performance.weekday}</span>, {performance.time} ·{" "}
                        {performance.place}
                      </span>
                      <span className="block text-xs text-muted">
                        {performance.title}
                        {performance.status ? (
                          <span className="ml-2 font-bold uppercase text-hot">{performance.status}</span>
                        ) : null}
                      </span>
                    </span>
                    <span className="inline-flex shrink-0 items-center gap-1 text-xs font-bold uppercase tracking-wide text-accent">
                      {performance.upcoming ? "Wydarzenie" : "Archiwum"}
                      <ArrowUpRight aria-hidden="true" className="size-4" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentRouteError error={error} notFound={notFoundViews.artist} />;
}
