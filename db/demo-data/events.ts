/**
 * Demo nights and galleries: the spec's night (17.01.2026) with its timetable, FAQ and own gallery, two
 * upcoming nights dated from the seeding day, and the past editions' galleries. Pure data and the small
 * helpers that date and word it; `db/seed.ts` writes it.
 */
import { fromWarsawLocal, warsawParts } from "../../app/lib/warsaw-time";

const DAY = 86_400_000;

export const galleryData = [
  {
    slug: "nokturn-listopad-2025",
    title: "NOKTURN: Listopad 2025",
    description: "Osiem godzin w dymie i laserach. Tak wyglądała listopadowa edycja na dwóch scenach.",
    date: "15.11.2025",
    location: "Wrocław, Ruska 51",
    published: true,
    featured: true,
  },
  {
    slug: "nokturn-open-air-2025",
    title: "NOKTURN Open Air 2025",
    description: "Letnia edycja pod gołym niebem nad Odrą: od zachodu do wschodu słońca.",
    date: "23.08.2025",
    location: "Wrocław, Wyspa Słodowa",
    published: true,
    featured: true,
  },
  {
    slug: "nokturn-wrzesien-2025",
    title: "NOKTURN: Wrzesień 2025",
    description: "Powrót do klubu po wakacjach. Bouncy stage pękała w szwach.",
    date: "27.09.2025",
    location: "Wrocław, Ruska 51",
    published: true,
    featured: false,
  },
  {
    slug: "nokturn-backstage",
    title: "Backstage",
    description: "Kulisy przygotowań. Galeria w przygotowaniu.",
    date: "2025",
    location: "Wrocław",
    published: false,
    featured: false,
  },
] as const;

export const featuredEventSlug = "nokturn-17-01-2026";

const faq = [
  {
    question: "Ile kosztuje szatnia?",
    answer: "Szatnia kosztuje 10 zł. Płatność gotówką lub kartą przy odbiorze numerka.",
  },
  {
    question: "W jakich godzinach trwa impreza?",
    answer: "Gramy od 23:00 do 7:00. Ostatnie wejście o 3:00 — później nie wpuszczamy.",
  },
  {
    question: "Czy jest limit wieku?",
    answer: "Tak, wstęp wyłącznie od 18 lat. Przy wejściu sprawdzamy dokument tożsamości ze zdjęciem.",
  },
  {
    question: "Czy mogę wyjść i wrócić?",
    answer: "Nie. Po wyjściu z klubu nie ma możliwości ponownego wejścia.",
  },
  {
    question: "Czy są bilety grupowe?",
    answer: "Nie prowadzimy sprzedaży biletów grupowych. Obowiązuje jedna cena biletu dla wszystkich.",
  },
  {
    question: "Czy bilety będą dostępne na bramce?",
    answer: "Tak, bilety będą dostępne również przy wejściu, do wyczerpania puli.",
  },
];

/** The gallery of the spec's night (17.01.2026): the night's own photos, linked from the event. */
export const featuredEventGallerySlug = "nokturn-styczen-2026";

/** The spec's night (17.01.2026, 23:00–7:00 in Wrocław; Europe/Warsaw is UTC+1 in January). */
export const featuredEventData = {
  slug: featuredEventSlug,
  title: "NOKTURN",
  startsAt: new Date("2026-01-17T23:00:00+01:00"),
  endsAt: new Date("2026-01-18T07:00:00+01:00"),
  lastEntry: "03:00",
  venue: "Klub Transformator",
  city: "Wrocław",
  address: "ul. Ruska 51, 50-079 Wrocław",
  ticketUrl: "https://www.biletomat.example/nokturn-17-01-2026",
  ticketPrice: 8900,
  manifesto:
    "NOKTURN to noc bez kompromisów. Dwie sceny, osiem godzin, jedno miasto, które nie chce iść spać. Nie robimy imprez dla wszystkich: robimy je dla tych, którzy przychodzą tańczyć, szanują parkiet i ludzi obok. Bez telefonów w twarz, bez oceniania, bez pośpiechu. Wrocław, styczeń, ciemność i bas — do zobaczenia pod sceną.",
  aftermovieUrl: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
  faq,
  featured: true,
};

/** The spec's night's timetable; `artist` names a resident by slug. */
export const featuredEventTimetable: {
  stage: "main" | "bouncy";
  time: string | null;
  name: string;
  artist?: string;
}[] = [
  { stage: "main", time: "23:00", name: "KACPER NOIR", artist: "kacper-noir" },
  { stage: "main", time: "01:00", name: "MIRA VOLT", artist: "mira-volt" },
  { stage: "main", time: "03:00", name: "Special guest" },
  { stage: "main", time: "05:00", name: "BRZASK", artist: "brzask" },
  { stage: "bouncy", time: "00:30", name: "OLA FUZZ", artist: "ola-fuzz" },
  { stage: "bouncy", time: "02:30", name: "Bouncy b2b" },
  { stage: "bouncy", time: null, name: "TBA" },
];

/** The spec's night's own gallery, linked from the event. */
export const featuredEventGalleryData = {
  slug: featuredEventGallerySlug,
  title: "NOKTURN: Styczeń 2026",
  description: "Dwie sceny, osiem godzin i styczniowa noc w Transformatorze. Zdjęcia z 17.01.2026.",
  date: "17.01.2026",
  location: "Wrocław, Ruska 51",
  published: true,
  featured: false,
};

/**
 * How an upcoming demo night sells on the site (issue #40): 400 places, at most 4 per person, three
 * tiers that step up (VAT 8 %). The early bird is one ticket, the demo customer's (db/seed.ts sells it
 * to them), so it shows sold out with every sold ticket a real row.
 */
function demoTickets([early, first, second]: readonly [number, number, number]) {
  return {
    capacity: 400,
    maxPerCustomer: 4,
    /** "Na bramce" (issue #41): 10 zł above the last tier, as the door usually is. */
    doorPrice: second + 1000,
    types: [
      { name: "Early bird", price: early, quota: 1, opensAfterPrevious: false },
      { name: "Pula 1", price: first, quota: 150, opensAfterPrevious: true },
      { name: "Pula 2", price: second, quota: 249, opensAfterPrevious: true },
    ],
  } as const;
}

/** The tier the demo customer's ticket is of (sold out by that one ticket). */
export const demoEarlyBird = "Early bird";

/**
 * Two upcoming nights dated from the day the database is seeded (Warsaw calendar day + 21 and + 49
 * days, 23:00–05:00 Warsaw time), so the demo always has a live next night, sold on the site. Slugs
 * carry no date: a second seed on a later day finds them and adds nothing.
 */
export const upcomingNightData = [
  {
    slug: "nokturn-hangar",
    title: "NOKTURN: Hangar",
    daysAfterSeed: 21,
    venue: "Hangar Nadodrze",
    address: "ul. Jedności Narodowej 140, 50-301 Wrocław",
    ticketPrice: 7900,
    poster: "gallery-nokturn-listopad-2025-hero",
    manifesto:
      "Wracamy do hali, w której bas odbija się od stalowych belek. Jedna długa scena, światła zawieszone nad parkietem i sześć godzin bez przerwy. Przyjdź wcześnie — ostatnie wejście o 2:00.",
    lastEntry: "02:00",
    tickets: demoTickets([4900, 5900, 7900]),
    timetable: [
      { stage: "main", time: "23:00", name: "OLA FUZZ", artist: "ola-fuzz" },
      { stage: "main", time: "01:00", name: "KACPER NOIR", artist: "kacper-noir" },
      { stage: "main", time: "03:00", name: "BRZASK", artist: "brzask" },
      { stage: "bouncy", time: "00:00", name: "Bouncy crew" },
      { stage: "bouncy", time: null, name: "TBA" },
    ],
  },
  {
    slug: "nokturn-zajezdnia",
    title: "NOKTURN: Zajezdnia",
    daysAfterSeed: 49,
    venue: "Zajezdnia Kultury",
    address: "ul. Grabiszyńska 184, 53-235 Wrocław",
    ticketPrice: 9900,
    poster: "archive-nokturn-wroclaw-2025-hero",
    manifesto:
      "Dawna zajezdnia tramwajowa, dwie sceny i noc, która kończy się o świcie. Industrialne techno na głównej, szybkie bity na bouncy stage — bez telefonów w twarz, z szacunkiem dla parkietu.",
    lastEntry: "02:30",
    tickets: demoTickets([5900, 6900, 9900]),
    timetable: [
      { stage: "main", time: "23:00", name: "BRZASK", artist: "brzask" },
      { stage: "main", time: "01:00", name: "MIRA VOLT", artist: "mira-volt" },
      { stage: "main", time: "03:00", name: "Special guest" },
      { stage: "bouncy", time: "00:30", name: "OLA FUZZ", artist: "ola-fuzz" },
      { stage: "bouncy", time: "02:30", name: "KACPER NOIR", artist: "kacper-noir" },
    ],
  },
] as const;

/** When an upcoming demo night starts and ends, for a database seeded at `seededAt`. */
export function upcomingNightTimes(seededAt: Date, daysAfterSeed: number) {
  const p = warsawParts(seededAt);
  const day = new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day) + daysAfterSeed));
  const next = new Date(day.getTime() + DAY);
  const local = (d: Date, time: string) => `${d.toISOString().slice(0, 10)}T${time}`;
  const startsAt = fromWarsawLocal(local(day, "23:00"));
  const endsAt = fromWarsawLocal(local(next, "05:00"));
  if (!startsAt || !endsAt) throw new Error("demo night dates out of range");
  return { startsAt, endsAt };
}

/** The FAQ with the night's own hours and last entry. */
export function faqFor(hours: string, lastEntry: string) {
  return faq.map((item) =>
    item.question === "W jakich godzinach trwa impreza?"
      ? { ...item, answer: `Gramy od ${hours}. Ostatnie wejście o ${lastEntry} — później nie wpuszczamy.` }
      : item,
  );
}
