import { describe, expect, it } from "vitest";
import { demoSite } from "~/lib/site";
import {
  breadcrumbJsonLd,
  musicEventJsonLd,
  parsePolishAddress,
  personJsonLd,
  toWarsawIso,
} from "./structured-data";

const site = { ...demoSite, url: "https://nokturn.example" };
const image = {
  src: "/demo/event-hero",
  width: 1920,
  height: 1080,
  widths: [640, 1024, 1600, 1920],
  formats: ["webp" as const],
};

describe("structured data", () => {
  it("writes Warsaw times with their offset, winter and summer", () => {
    expect(toWarsawIso("2026-01-17T22:00:00.000Z")).toBe("2026-01-17T23:00:00+01:00");
    expect(toWarsawIso("2026-07-04T20:30:00.000Z")).toBe("2026-07-04T22:30:00+02:00");
  });

  it("splits a Polish address", () => {
    expect(parsePolishAddress("ul. Ruska 51, 50-079 Wrocław", "Wrocław")).toEqual({
      streetAddress: "ul. Ruska 51",
      postalCode: "50-079",
      addressLocality: "Wrocław",
    });
    expect(parsePolishAddress(null, "Wrocław")).toEqual({
      streetAddress: undefined,
      postalCode: undefined,
      addressLocality: "Wrocław",
    });
  });

  const night = {
    title: "NOKTURN",
    description: null,
    startsAt: "2026-01-17T22:00:00.000Z",
    endsAt: "2026-01-18T06:00:00.000Z",
    venue: "Klub Transformator",
    city: "Wrocław",
    address: null,
    ticketUrl: "https://bilety.example/n",
    ticketPrice: 8900,
    images: [],
    performers: [],
    path: "/wydarzenia/nokturn",
    status: "planned" as const,
    sells: true,
  };

  it("offers no ticket for a night that is over or cancelled, and names its status", () => {
    expect(musicEventJsonLd(night, site).offers).toMatchObject({
      availability: "https://schema.org/InStock",
    });
    const over = musicEventJsonLd({ ...night, sells: false }, site);
    expect(over).not.toHaveProperty("offers");
    expect(over.eventStatus).toBe("https://schema.org/EventScheduled");
    const cancelled = musicEventJsonLd({ ...night, status: "cancelled", sells: false }, site);
    expect(cancelled).not.toHaveProperty("offers");
    expect(cancelled.eventStatus).toBe("https://schema.org/EventCancelled");
    expect(musicEventJsonLd({ ...night, status: "moved" }, site).eventStatus).toBe(
      "https://schema.org/EventRescheduled",
    );
    expect(musicEventJsonLd(night, site).url).toBe("https://nokturn.example/wydarzenia/nokturn");
  });

  it("describes the event as a MusicEvent with place, offer, performers and organizer", () => {
    const json = musicEventJsonLd(
      {
        path: "/wydarzenia/nokturn-17-01-2026",
        status: "planned",
        sells: true,
        title: "NOKTURN",
        description: "Noc bez kompromisów.",
        startsAt: "2026-01-17T22:00:00.000Z",
        endsAt: "2026-01-18T06:00:00.000Z",
        venue: "Klub Transformator",
        city: "Wrocław",
        address: "ul. Ruska 51, 50-079 Wrocław",
        ticketUrl: "https://bilety.example/n",
        ticketPrice: 8900,
        images: [image],
        performers: [
          { name: "MIRA VOLT", slug: "mira-volt" },
          { name: "Special guest", slug: null },
        ],
      },
      site,
    );
    expect(json).toMatchObject({
      "@context": "https://schema.org",
      "@type": "MusicEvent",
      name: "NOKTURN",
      startDate: "2026-01-17T23:00:00+01:00",
      endDate: "2026-01-18T07:00:00+01:00",
      eventStatus: "https://schema.org/EventScheduled",
      location: {
        "@type": "Place",
        name: "Klub Transformator",
        address: {
          "@type": "PostalAddress",
          postalCode: "50-079",
          addressLocality: "Wrocław",
          addressCountry: "PL",
        },
      },
      offers: { "@type": "Offer", url: "https://bilety.example/n", price: "89.00", priceCurrency: "PLN" },
      organizer: { "@type": "Organization", name: "NOKTURN", url: "https://nokturn.example/" },
      image: ["https://nokturn.example/demo/event-hero-1600.webp"],
    });
    expect(json.performer).toEqual([
      { "@type": "Person", name: "MIRA VOLT", url: "https://nokturn.example/artist/mira-volt" },
      { "@type": "Person", name: "Special guest" },
    ]);
  });

  it("a night sold here offers one Offer per ticket type at the night's page (issue #40)", () => {
    const json = musicEventJsonLd(
      {
        ...night,
        ticketUrl: null,
        ticketTypes: [
          { name: "Early bird", price: 4900, shown: "sold_out", salesStart: "2026-12-01T11:00:00.000Z" },
          { name: "Pula 1", price: 5950, shown: "on_sale", salesStart: null },
          { name: "Pula 2", price: 7900, shown: "waiting", salesStart: null },
          { name: "Late", price: 9900, shown: "scheduled", salesStart: "2026-12-20T11:00:00.000Z" },
        ],
      },
      site,
    );
    const url = "https://nokturn.example/wydarzenia/nokturn";
    expect(json.offers).toEqual([
      {
        "@type": "Offer",
        name: "Early bird",
        url,
        price: "49.00",
        priceCurrency: "PLN",
        availability: "https://schema.org/SoldOut",
        validFrom: "2026-12-01T12:00:00+01:00",
      },
      {
        "@type": "Offer",
        name: "Pula 1",
        url,
        price: "59.50",
        priceCurrency: "PLN",
        availability: "https://schema.org/InStock",
      },
      {
        "@type": "Offer",
        name: "Pula 2",
        url,
        price: "79.00",
        priceCurrency: "PLN",
        availability: "https://schema.org/PreOrder",
      },
      {
        "@type": "Offer",
        name: "Late",
        url,
        price: "99.00",
        priceCurrency: "PLN",
        availability: "https://schema.org/PreOrder",
        validFrom: "2026-12-20T12:00:00+01:00",
      },
    ]);
    // Over or cancelled: no Offer, whatever the types.
    expect(musicEventJsonLd({ ...night, sells: false, ticketTypes: [] }, site)).not.toHaveProperty("offers");
  });

  it("describes artists as Person and trails as BreadcrumbList", () => {
    expect(
      personJsonLd(
        { name: "MIRA VOLT", slug: "mira-volt", bio: "Bio", image, sameAs: ["https://soundcloud.com/mira"] },
        site,
      ),
    ).toMatchObject({
      "@type": "Person",
      name: "MIRA VOLT",
      url: "https://nokturn.example/artist/mira-volt",
      sameAs: ["https://soundcloud.com/mira"],
    });
    expect(
      breadcrumbJsonLd(
        [
          { label: "Strona główna", to: "/" },
          { label: "Galeria", to: "/gallery/x" },
        ],
        site,
      ).itemListElement,
    ).toEqual([
      { "@type": "ListItem", position: 1, name: "Strona główna", item: "https://nokturn.example/" },
      { "@type": "ListItem", position: 2, name: "Galeria", item: "https://nokturn.example/gallery/x" },
    ]);
  });
});
