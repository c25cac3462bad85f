/**
 * schema.org JSON-LD for the event site: MusicEvent on the landing page and event pages (its status from
 * events.status, an Offer only while the night sells: the seller's, or one per ticket type of a night
 * sold here), Person on artist pages,
 * BreadcrumbList on galleries and archive pages. Pure; emitted through `pageMeta({ jsonLd })`.
 */
import { type ImageRef, imageUrlFor } from "~/lib/images";
import type { SiteConfig } from "~/lib/site";
import { warsawParts } from "~/lib/warsaw-time";
import { offerAvailability, type TicketTypeView } from "~/modules/tickets/night-tickets";
import type { EventBasics } from "./event-basics";
import { eventPagePath } from "./event-paths";
import { type EventStatus, schemaEventStatus } from "./event-timeline";
import type { EventView } from "./landing.server";

type Json = Record<string, unknown>;

/** ISO 8601 in Warsaw wall-clock time with its offset: "2026-01-17T23:00:00+01:00". */
export function toWarsawIso(iso: string) {
  const date = new Date(iso);
  const p = warsawParts(date);
  const wallClockAsUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  const offsetMinutes = Math.round((wallClockAsUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes >= 0 ? "+" : "-";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}

/** "ul. Ruska 51, 50-079 Wrocław" → street, Polish postal code and town. */
export function parsePolishAddress(address: string | null, fallbackCity: string) {
  const parts = (address ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts.at(-1) ?? "";
  const postal = /^(\d{2}-\d{3})\s+(.+)$/.exec(last);
  if (postal) {
    return {
      streetAddress: parts.slice(0, -1).join(", ") || undefined,
      postalCode: postal[1],
      addressLocality: postal[2],
    };
  }
  return {
    streetAddress: parts.join(", ") || undefined,
    postalCode: undefined,
    addressLocality: fallbackCity,
  };
}

const absolute = (site: Pick<SiteConfig, "url">, path: string) => new URL(path, site.url).toString();

export type MusicEventInput = Omit<EventBasics, "slug"> & {
  description: string | null;
  /** Grosze. */
  ticketPrice: number | null;
  images: ImageRef[];
  performers: { name: string; slug: string | null }[];
  /** The night's page ("/wydarzenia/{slug}"). */
  path: string;
  status: EventStatus;
  /** False for a night that is over or cancelled: no Offer then (decision 022). */
  sells: boolean;
  /** A night sold on this site: one Offer per type, at the night's page (issue #40). */
  ticketTypes?: Pick<TicketTypeView, "name" | "price" | "shown" | "salesStart">[] | null;
};

export function musicEventJsonLd(event: MusicEventInput, site: SiteConfig): Json {
  const address = parsePolishAddress(event.address, event.city);
  const json: Json = {
    "@context": "https://schema.org",
    "@type": "MusicEvent",
    name: event.title,
    startDate: toWarsawIso(event.startsAt),
    endDate: toWarsawIso(event.endsAt),
    eventStatus: schemaEventStatus(event.status),
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    url: absolute(site, event.path),
    inLanguage: "pl-PL",
    location: {
      "@type": "Place",
      name: event.venue,
      address: {
        "@type": "PostalAddress",
        ...address,
        addressCountry: "PL",
      },
    },
    organizer: {
      "@type": "Organization",
      name: site.name,
      url: absolute(site, "/"),
      email: site.email,
    },
    performer: event.performers.map((performer) => ({
      "@type": "Person",
      name: performer.name,
      ...(performer.slug ? { url: absolute(site, `/artist/${performer.slug}`) } : {}),
    })),
  };
  if (event.description) json.description = event.description;
  if (event.images.length > 0)
    json.image = event.images.map((image) => absolute(site, imageUrlFor(image, 1200)));
  if (event.sells && event.ticketTypes && event.ticketTypes.length > 0) {
    json.offers = event.ticketTypes.map((type) => ({
      "@type": "Offer",
      name: type.name,
      url: absolute(site, event.path),
      price: (type.price / 100).toFixed(2),
      priceCurrency: "PLN",
      availability: offerAvailability(type.shown),
      ...(type.salesStart ? { validFrom: toWarsawIso(type.salesStart) } : {}),
    }));
  } else if (event.sells && event.ticketUrl) {
    json.offers = {
      "@type": "Offer",
      url: event.ticketUrl,
      priceCurrency: "PLN",
      ...(event.ticketPrice != null ? { price: (event.ticketPrice / 100).toFixed(2) } : {}),
      availability: "https://schema.org/InStock",
    };
  }
  return json;
}

/** The MusicEvent of a night's page (landing hero or /wydarzenia/{slug}), performers from its timetable. */
export function eventJsonLd(
  { event, timetable, sells, tickets }: Pick<EventView, "event" | "timetable" | "sells" | "tickets">,
  site: SiteConfig,
): Json {
  const performers = timetable.flatMap((stage) =>
    stage.entries
      .filter((entry) => entry.startTime !== null || entry.artistSlug)
      .map((entry) => ({ name: entry.name, slug: entry.artistSlug })),
  );
  return musicEventJsonLd(
    {
      title: event.title,
      description: event.manifesto,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      venue: event.venue,
      city: event.city,
      address: event.address,
      ticketUrl: event.ticketUrl,
      ticketPrice: event.ticketPrice,
      images: event.heroPoster ? [event.heroPoster] : [],
      performers,
      path: eventPagePath(event.slug),
      status: event.status,
      sells,
      ticketTypes: tickets?.types ?? null,
    },
    site,
  );
}

export type PersonInput = {
  name: string;
  slug: string;
  bio: string | null;
  image: ImageRef | null;
  sameAs: string[];
};

export function personJsonLd(person: PersonInput, site: SiteConfig): Json {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: person.name,
    url: absolute(site, `/artist/${person.slug}`),
    jobTitle: "DJ",
    ...(person.bio ? { description: person.bio } : {}),
    ...(person.image ? { image: absolute(site, imageUrlFor(person.image, 800)) } : {}),
    ...(person.sameAs.length > 0 ? { sameAs: person.sameAs } : {}),
    affiliation: { "@type": "Organization", name: site.name, url: absolute(site, "/") },
  };
}

export type Crumb = { label: string; to: string };

export function breadcrumbJsonLd(crumbs: readonly Crumb[], site: Pick<SiteConfig, "url">): Json {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absolute(site, crumb.to),
    })),
  };
}
