/**
 * Demo content: the spec's event, residents, ambassadors, galleries, merch, discount codes, a demo admin
 * and a demo customer with past orders. Idempotent: every row is keyed by a slug, code or e-mail, so a
 * second run changes nothing that exists and adds what is missing.
 */
import { createHash } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../app/lib/db.server";
import { fromWarsawLocal, warsawParts } from "../app/lib/warsaw-time";
import { recordPrices } from "../app/modules/catalog/sale-prices.server";
import { demoImage } from "./demo-images";
import * as s from "./schema";

export const DEMO_ADMIN = { email: "admin@nokturn.example", password: "nokturn-admin" } as const;
export const DEMO_CUSTOMER = { email: "klient@nokturn.example", password: "nokturn-klient" } as const;

const DAY = 86_400_000;

/** A stable UUID for a name, so demo rows have the same ids everywhere (tests, benchmarks, links). */
export function stableUuid(name: string): string {
  const hex = createHash("sha256").update(`nokturn-demo:${name}`).digest("hex");
  // Shaped as a version-4/variant-1 UUID so every UUID check accepts it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((Number.parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const demoProductId = (slug: string) => stableUuid(`product:${slug}`);
export const demoVariantId = (slug: string, size: string) => stableUuid(`variant:${slug}:${size}`);

export async function isDatabaseEmpty(db: Database) {
  const [products] = await db.select({ n: count() }).from(s.products);
  const [events] = await db.select({ n: count() }).from(s.events);
  return products.n === 0 && events.n === 0;
}

// -------------------------------------------------------------------------------------------------
// Artists
// -------------------------------------------------------------------------------------------------

const artistData = [
  {
    slug: "mira-volt",
    name: "MIRA VOLT",
    age: 29,
    bio: "Rezydentka NOKTURN od pierwszej edycji. Gra szybki, hipnotyczny techno z domieszką industrialu, a jej sety potrafią trwać do wschodu słońca. Wychowana na wrocławskich afterach, dziś gra w klubach od Berlina po Tbilisi.",
    hobbies: ["modularne syntezatory", "wspinaczka", "kino noir"],
    social: {
      instagram: "https://www.instagram.com/mira.volt",
      soundcloud: "https://soundcloud.com/mira-volt",
      facebook: "https://www.facebook.com/miravolt",
    },
  },
  {
    slug: "kacper-noir",
    name: "KACPER NOIR",
    age: 33,
    bio: "Producent i DJ, który łączy mroczny electro z acid house. Współzałożyciel NOKTURN, odpowiada za brzmienie głównej sceny. Jego winyle pamiętają każdy zamknięty już wrocławski klub.",
    hobbies: ["kolekcjonowanie winyli", "fotografia analogowa", "rower szosowy"],
    social: {
      instagram: "https://www.instagram.com/kacper.noir",
      soundcloud: "https://soundcloud.com/kacper-noir",
    },
  },
  {
    slug: "ola-fuzz",
    name: "OLA FUZZ",
    age: 26,
    bio: "Królowa bouncy stage. Hard groove, breakbeat i trance z lat 90. podane z energią, która nie pozwala zejść z parkietu. Prowadzi audycję o klubowej scenie Europy Środkowej.",
    hobbies: ["radio", "taniec", "vintage synth-pop"],
    social: {
      instagram: "https://www.instagram.com/ola.fuzz",
      soundcloud: "https://soundcloud.com/ola-fuzz",
      facebook: "https://www.facebook.com/olafuzz",
    },
  },
  {
    slug: "brzask",
    name: "BRZASK",
    age: 31,
    bio: "Zamyka każdą noc. Melodyjny, głęboki techno na ostatnie godziny przed świtem. Jego closing sety to rytuał, na który czeka cały klub.",
    hobbies: ["góry", "field recording", "kawa speciality"],
    social: {
      instagram: "https://www.instagram.com/brzask.dj",
      soundcloud: "https://soundcloud.com/brzask",
    },
  },
] as const;

// -------------------------------------------------------------------------------------------------
// Products
// -------------------------------------------------------------------------------------------------

type ProductSeed = {
  slug: string;
  name: string;
  category: s.Category;
  price: number;
  description: string;
  metaDescription: string;
  specification: { label: string; value: string }[];
  stock: number;
  featured?: boolean;
  isActive?: boolean;
  /** Days since creation; "new" products are under 30. */
  ageDays: number;
  variants?: { size: string; stock: number; additionalPrice?: number; color?: string }[];
};

const apparelSizes = (stocks: number[], extraForXxl = 0) =>
  ["XS", "S", "M", "L", "XL", "XXL"].map((size, i) => ({
    size,
    stock: stocks[i],
    additionalPrice: size === "XXL" ? extraForXxl : 0,
  }));

const cotton = [
  { label: "Materiał", value: "100% bawełna organiczna, 220 g/m²" },
  { label: "Krój", value: "Oversize, obniżona linia ramion" },
  { label: "Nadruk", value: "Sitodruk, farby wodne" },
  { label: "Pranie", value: "30°C na lewej stronie, nie suszyć w suszarce" },
  { label: "Produkcja", value: "Szyte i drukowane w Polsce" },
];

export const productData: ProductSeed[] = [
  {
    slug: "koszulka-nokturn-logo",
    name: "Koszulka NOKTURN Logo",
    category: "clothing",
    price: 12900,
    description:
      "Klasyk, który zaczął wszystko. Czarna koszulka oversize z limonkowym logo NOKTURN na piersi i datą pierwszej edycji na plecach. Gruba, miękka bawełna, która wytrzyma niejedną noc na parkiecie.",
    metaDescription: "Czarna koszulka oversize z logo NOKTURN. Bawełna organiczna, sitodruk, szyta w Polsce.",
    specification: cotton,
    stock: 0,
    ageDays: 200,
    variants: apparelSizes([6, 14, 22, 18, 9, 0], 1000),
  },
  {
    slug: "bluza-nokturn-afterhours",
    name: "Bluza NOKTURN Afterhours",
    category: "clothing",
    price: 27900,
    description:
      "Ciężka bluza z kapturem na chłodne poranki po imprezie. Haft AFTERHOURS na piersi, duży nadruk na plecach odblaskowy w świetle stroboskopów. Kieszeń kangurka i podwójny kaptur.",
    metaDescription: "Bluza z kapturem NOKTURN Afterhours z odblaskowym nadrukiem. 380 g/m², haft, oversize.",
    specification: [
      { label: "Materiał", value: "80% bawełna, 20% poliester, 380 g/m²" },
      { label: "Krój", value: "Oversize, podwójny kaptur" },
      { label: "Nadruk", value: "Haft + nadruk odblaskowy" },
      { label: "Pranie", value: "30°C na lewej stronie" },
    ],
    stock: 0,
    featured: true,
    ageDays: 120,
    variants: apparelSizes([3, 11, 15, 12, 7, 4], 1500),
  },
  {
    slug: "longsleeve-strobe",
    name: "Longsleeve Strobe",
    category: "clothing",
    price: 15900,
    description:
      "Nowość z kolekcji zimowej. Longsleeve z nadrukiem STROBE biegnącym wzdłuż rękawów i grafiką inspirowaną światłami głównej sceny. Idealny na listopadowe noce w klubie.",
    metaDescription: "Longsleeve Strobe z kolekcji zimowej NOKTURN. Nadruk na rękawach, bawełna 200 g/m².",
    specification: cotton,
    stock: 0,
    ageDays: 6,
    variants: apparelSizes([4, 8, 10, 10, 6, 3]),
  },
  {
    slug: "koszulka-bouncy-stage",
    name: "Koszulka Bouncy Stage",
    category: "clothing",
    price: 11900,
    description:
      "Dla tych, którzy nie schodzą z bouncy stage. Magentowa grafika z rytmem 140 BPM i hasłem KEEP BOUNCING. Lżejsza bawełna, żeby przetrwać najgorętsze sety.",
    metaDescription: "Koszulka Bouncy Stage z magentową grafiką KEEP BOUNCING. Lekka bawełna organiczna.",
    specification: cotton,
    stock: 0,
    ageDays: 90,
    variants: apparelSizes([2, 5, 9, 7, 5, 2]),
  },
  {
    slug: "czapka-nokturn-beanie",
    name: "Czapka NOKTURN Beanie",
    category: "accessory",
    price: 8900,
    description:
      "Prążkowana czapka z wywijanym brzegiem i tkaną metką NOKTURN. Ciepła, ale oddychająca, na kolejkę do klubu w styczniową noc.",
    metaDescription: "Czarna czapka beanie z metką NOKTURN. Akryl z wełną merino, jeden rozmiar.",
    specification: [
      { label: "Materiał", value: "70% akryl, 30% wełna merino" },
      { label: "Rozmiar", value: "Uniwersalny" },
    ],
    stock: 3,
    ageDays: 60,
  },
  {
    slug: "torba-nokturn-tote",
    name: "Torba NOKTURN Tote",
    category: "accessory",
    price: 6900,
    description:
      "Mocna torba z grubego płótna na winyle, zakupy i wszystko, co trzeba zabrać na after. Wewnętrzna kieszeń na telefon i klucze.",
    metaDescription: 'Torba tote NOKTURN z grubego płótna z wewnętrzną kieszenią. Mieści winyle 12".',
    specification: [
      { label: "Materiał", value: "Płótno bawełniane 340 g/m²" },
      { label: "Wymiary", value: "38 × 42 cm, ucha 70 cm" },
    ],
    stock: 40,
    ageDays: 150,
  },
  {
    slug: "smycz-nokturn",
    name: "Smycz NOKTURN",
    category: "accessory",
    price: 2900,
    description:
      "Limonkowa smycz z żakardowym logo i metalowym karabińczykiem. Klucze do szatni zawsze pod ręką.",
    metaDescription: "Limonkowa smycz NOKTURN z żakardowym logo i metalowym karabińczykiem.",
    specification: [
      { label: "Materiał", value: "Poliester żakardowy" },
      { label: "Długość", value: "90 cm" },
    ],
    stock: 0,
    ageDays: 170,
  },
  {
    slug: "bandana-nokturn",
    name: "Bandana NOKTURN",
    category: "accessory",
    price: 4900,
    description:
      "Bandana z wzorem paisley przerobionym na fale dźwiękowe. Na szyję, na głowę albo na nadgarstek: na parkiecie sprawdza się każdy sposób.",
    metaDescription: "Bandana NOKTURN z wzorem fal dźwiękowych. 100% bawełna, 55 × 55 cm.",
    specification: [
      { label: "Materiał", value: "100% bawełna" },
      { label: "Wymiary", value: "55 × 55 cm" },
    ],
    stock: 8,
    ageDays: 100,
  },
  {
    slug: "naklejki-pack-vol-1",
    name: "Naklejki Pack Vol. 1",
    category: "stickers",
    price: 1900,
    description:
      "Zestaw 8 winylowych naklejek z grafikami z pierwszych edycji NOKTURN. Wodoodporne, na laptopa, butelkę albo case na słuchawki.",
    metaDescription: "Zestaw 8 wodoodpornych naklejek NOKTURN z grafikami z pierwszych edycji.",
    specification: [
      { label: "W zestawie", value: "8 naklejek" },
      { label: "Materiał", value: "Winyl, laminat matowy" },
    ],
    stock: 120,
    ageDays: 220,
  },
  {
    slug: "naklejka-holo-logo",
    name: "Naklejka Holo Logo",
    category: "stickers",
    price: 900,
    description: "Holograficzna naklejka z logo NOKTURN, która mieni się jak światła głównej sceny.",
    metaDescription: "Holograficzna naklejka z logo NOKTURN, 8 cm.",
    specification: [
      { label: "Średnica", value: "8 cm" },
      { label: "Materiał", value: "Folia holograficzna" },
    ],
    stock: 60,
    ageDays: 80,
  },
  {
    slug: "naklejki-pack-vol-2",
    name: "Naklejki Pack Vol. 2",
    category: "stickers",
    price: 1900,
    description: "Druga seria naklejek z grafikami rezydentów. Wraca wkrótce, trwa dodruk.",
    metaDescription: "Zestaw naklejek NOKTURN Vol. 2 z grafikami rezydentów.",
    specification: [{ label: "W zestawie", value: "6 naklejek" }],
    stock: 0,
    isActive: false,
    ageDays: 40,
  },
  {
    slug: "zapalniczka-nokturn",
    name: "Zapalniczka NOKTURN",
    category: "accessory",
    price: 1500,
    description:
      "Zapalniczka z nadrukiem NOKTURN w czarno-limonkowych barwach. Sprzedawana wyłącznie osobom pełnoletnim.",
    metaDescription: "Zapalniczka NOKTURN w barwach marki.",
    specification: [{ label: "Typ", value: "Krzesiwowa, wielokrotnego napełniania" }],
    stock: 25,
    ageDays: 130,
  },
];

// -------------------------------------------------------------------------------------------------
// Galleries and the event
// -------------------------------------------------------------------------------------------------

const galleryData = [
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

/**
 * Two upcoming nights dated from the day the database is seeded (Warsaw calendar day + 21 and + 49
 * days, 23:00–05:00 Warsaw time), so the demo always has a live next night. Slugs carry no date: a
 * second seed on a later day finds them and adds nothing.
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

function faqFor(hours: string, lastEntry: string) {
  return faq.map((item) =>
    item.question === "W jakich godzinach trwa impreza?"
      ? { ...item, answer: `Gramy od ${hours}. Ostatnie wejście o ${lastEntry} — później nie wpuszczamy.` }
      : item,
  );
}

// -------------------------------------------------------------------------------------------------
// Seeding
// -------------------------------------------------------------------------------------------------

async function upsertUser(db: Database, email: string, password: string, name: string, createdAt: Date) {
  const [existing] = await db.select().from(s.user).where(eq(s.user.email, email));
  if (existing) return existing.id;
  const id = crypto.randomUUID();
  await db.insert(s.user).values({ id, email, name, emailVerified: true, createdAt, updatedAt: createdAt });
  await db.insert(s.account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(password),
    createdAt,
    updatedAt: createdAt,
  });
  return id;
}

export async function seedDemo(db: Database, now = new Date()) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;

    // Artists
    for (const [i, a] of artistData.entries()) {
      await t
        .insert(s.artists)
        .values({
          slug: a.slug,
          name: a.name,
          age: a.age,
          bio: a.bio,
          hobbies: [...a.hobbies],
          profileImage: demoImage(`artist-${a.slug}`, `${a.name} — portret`),
          backgroundImage: demoImage(`artist-${a.slug}-bg`, ""),
          socialLinks: { ...a.social },
          isResident: true,
          orderIndex: i,
        })
        .onConflictDoNothing({ target: s.artists.slug });
    }
    const artists = await t.select({ id: s.artists.id, slug: s.artists.slug }).from(s.artists);
    const artistId = (slug: string) => artists.find((a) => a.slug === slug)?.id ?? null;

    // Featured event (17.01.2026, 23:00–7:00 in Wrocław; Europe/Warsaw is UTC+1 in January)
    const [event] = await t
      .insert(s.events)
      .values({
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
        heroPoster: demoImage("event-hero", "Scena główna NOKTURN w laserach"),
        manifesto:
          "NOKTURN to noc bez kompromisów. Dwie sceny, osiem godzin, jedno miasto, które nie chce iść spać. Nie robimy imprez dla wszystkich: robimy je dla tych, którzy przychodzą tańczyć, szanują parkiet i ludzi obok. Bez telefonów w twarz, bez oceniania, bez pośpiechu. Wrocław, styczeń, ciemność i bas — do zobaczenia pod sceną.",
        aftermovieUrl: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
        aftermoviePoster: demoImage("aftermovie-poster", "Kadr z aftermovie NOKTURN"),
        photos: Array.from({ length: 9 }, (_, i) =>
          demoImage(`landing-grid-${i + 1}`, `Zdjęcie z imprezy NOKTURN ${i + 1}`),
        ),
        faq,
        featured: true,
      })
      .onConflictDoNothing({ target: s.events.slug })
      .returning();

    if (event) {
      const timetable: { stage: "main" | "bouncy"; time: string | null; name: string; artist?: string }[] = [
        { stage: "main", time: "23:00", name: "KACPER NOIR", artist: "kacper-noir" },
        { stage: "main", time: "01:00", name: "MIRA VOLT", artist: "mira-volt" },
        { stage: "main", time: "03:00", name: "Special guest" },
        { stage: "main", time: "05:00", name: "BRZASK", artist: "brzask" },
        { stage: "bouncy", time: "00:30", name: "OLA FUZZ", artist: "ola-fuzz" },
        { stage: "bouncy", time: "02:30", name: "Bouncy b2b" },
        { stage: "bouncy", time: null, name: "TBA" },
      ];
      await t.insert(s.timetableEntries).values(
        timetable.map((entry, i) => ({
          eventId: event.id,
          stage: entry.stage,
          startTime: entry.time,
          name: entry.name,
          artistId: entry.artist ? artistId(entry.artist) : null,
          orderIndex: i,
        })),
      );
    }

    // Ambassadors
    const ambassadorData = [
      { name: "zuza.rave", bio: "Wrocław / Berlin. Zbieram ekipę na każdą edycję." },
      { name: "michal.techno", bio: "Fotograf, tancerz, stały bywalec main stage." },
      { name: "natalia.bpm", bio: null },
    ];
    for (const [i, a] of ambassadorData.entries()) {
      await t
        .insert(s.ambassadors)
        .values({
          name: a.name,
          slug: a.name.replace(/[^a-z0-9]+/g, "-"),
          instagramUrl: `https://www.instagram.com/${a.name}`,
          profileImage: demoImage(`ambassador-${i + 1}`, `@${a.name}`),
          bio: a.bio,
          orderIndex: i,
        })
        .onConflictDoNothing({ target: s.ambassadors.slug });
    }

    // Galleries
    for (const [i, g] of galleryData.entries()) {
      const [gallery] = await t
        .insert(s.galleries)
        .values({
          slug: g.slug,
          title: g.title,
          description: g.description,
          date: g.date,
          location: g.location,
          heroImage: demoImage(`gallery-${g.slug}-hero`, g.title),
          published: g.published,
          featured: g.featured,
          orderIndex: i,
        })
        .onConflictDoNothing({ target: s.galleries.slug })
        .returning();
      if (gallery) {
        await t.insert(s.galleryImages).values(
          Array.from({ length: 10 }, (_, n) => ({
            galleryId: gallery.id,
            image: demoImage(`gallery-${g.slug}-${n + 1}`, `${g.title} — zdjęcie ${n + 1}`),
            caption: null,
            orderIndex: n + 1,
          })),
        );
      }
    }

    // The spec's night's gallery (its own photos) and the link from the event to it
    const [januaryGallery] = await t
      .insert(s.galleries)
      .values({
        slug: featuredEventGallerySlug,
        title: "NOKTURN: Styczeń 2026",
        description: "Dwie sceny, osiem godzin i styczniowa noc w Transformatorze. Zdjęcia z 17.01.2026.",
        date: "17.01.2026",
        location: "Wrocław, Ruska 51",
        heroImage: demoImage("event-hero", "NOKTURN: Styczeń 2026"),
        published: true,
        featured: false,
        orderIndex: galleryData.length,
      })
      .onConflictDoNothing({ target: s.galleries.slug })
      .returning();
    if (januaryGallery) {
      await t.insert(s.galleryImages).values(
        Array.from({ length: 9 }, (_, n) => ({
          galleryId: januaryGallery.id,
          image: demoImage(`landing-grid-${n + 1}`, `NOKTURN: Styczeń 2026 — zdjęcie ${n + 1}`),
          caption: null,
          orderIndex: n + 1,
        })),
      );
      await t
        .update(s.events)
        .set({ galleryId: januaryGallery.id })
        .where(eq(s.events.slug, featuredEventSlug));
    }

    // Upcoming nights, dated from the seeding day
    for (const night of upcomingNightData) {
      const { startsAt, endsAt } = upcomingNightTimes(now, night.daysAfterSeed);
      const [upcoming] = await t
        .insert(s.events)
        .values({
          slug: night.slug,
          title: night.title,
          startsAt,
          endsAt,
          lastEntry: night.lastEntry,
          venue: night.venue,
          city: "Wrocław",
          address: night.address,
          ticketUrl: `https://www.biletomat.example/${night.slug}`,
          ticketPrice: night.ticketPrice,
          heroPoster: demoImage(night.poster, `${night.title} — scena`),
          manifesto: night.manifesto,
          faq: faqFor("23:00 do 5:00", night.lastEntry.replace(/^0/, "")),
          featured: false,
          published: true,
        })
        .onConflictDoNothing({ target: s.events.slug })
        .returning();
      if (upcoming) {
        await t.insert(s.timetableEntries).values(
          night.timetable.map((entry, i) => ({
            eventId: upcoming.id,
            stage: entry.stage,
            startTime: entry.time,
            name: entry.name,
            artistId: "artist" in entry ? artistId(entry.artist) : null,
            orderIndex: i,
          })),
        );
      }
    }

    // Products
    for (const p of productData) {
      const createdAt = new Date(now.getTime() - p.ageDays * DAY);
      const [product] = await t
        .insert(s.products)
        .values({
          id: demoProductId(p.slug),
          slug: p.slug,
          name: p.name,
          description: p.description,
          metaDescription: p.metaDescription,
          specification: p.specification,
          price: p.price,
          category: p.category,
          featured: p.featured ?? false,
          isActive: p.isActive ?? true,
          stockQuantity: p.stock,
          images: [
            demoImage(`product-${p.slug}-1`, p.name),
            demoImage(`product-${p.slug}-2`, `${p.name} — detal`),
          ],
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing({ target: s.products.slug })
        .returning();
      if (product && p.variants) {
        await t.insert(s.productVariants).values(
          p.variants.map((v, i) => ({
            id: demoVariantId(p.slug, v.size),
            productId: product.id,
            size: v.size,
            color: v.color ?? null,
            additionalPrice: v.additionalPrice ?? 0,
            stockQuantity: v.stock,
            sortOrder: i,
          })),
        );
      }
      // Offered at its price since it was created: the start of its price history (issue #28).
      if (product) await recordPrices(t, product.id, createdAt);
    }

    // Discount codes: one of each type plus the edge cases checkout must refuse.
    await t
      .insert(s.discountCodes)
      .values([
        { code: "NOKTURN10", type: "percentage", value: 10, description: "10% na wszystko" },
        { code: "RAVE20", type: "fixed_amount", value: 2000, description: "20 zł rabatu" },
        { code: "DOSTAWA0", type: "free_shipping", value: 0, description: "Darmowa dostawa" },
        {
          code: "COMBO15",
          type: "combo",
          value: 1500,
          includesFreeShipping: true,
          description: "15 zł rabatu i darmowa dostawa",
        },
        {
          code: "MIN150",
          type: "fixed_amount",
          value: 3000,
          minOrderValue: 15000,
          description: "30 zł przy zamówieniu od 150 zł",
        },
        {
          code: "PIERWSZE15",
          type: "percentage",
          value: 15,
          firstOrderOnly: true,
          description: "Na pierwsze zamówienie",
        },
        {
          code: "SYLWESTER24",
          type: "percentage",
          value: 25,
          validUntil: new Date("2025-01-01T00:00:00+01:00"),
          description: "Wygasły kod sylwestrowy",
        },
        {
          code: "WYKORZYSTANY",
          type: "fixed_amount",
          value: 1000,
          maxUses: 1,
          currentUses: 1,
          description: "Limit wyczerpany",
        },
      ])
      .onConflictDoNothing({ target: s.discountCodes.code });
  });

  // Users are outside the transaction: hashing passwords is slow and independent of the content.
  const adminId = await upsertUser(
    db,
    DEMO_ADMIN.email,
    DEMO_ADMIN.password,
    "Admin",
    new Date(now.getTime() - 365 * DAY),
  );
  await db.insert(s.userRoles).values({ userId: adminId, role: "admin" }).onConflictDoNothing();
  const customerId = await upsertUser(
    db,
    DEMO_CUSTOMER.email,
    DEMO_CUSTOMER.password,
    "Klient",
    new Date(now.getTime() - 120 * DAY),
  );
  await db.insert(s.userRoles).values({ userId: customerId, role: "user" }).onConflictDoNothing();
  await seedCustomerOrders(db, customerId, now);
}

async function seedCustomerOrders(db: Database, customerId: string, now: Date) {
  const [{ n }] = await db.select({ n: count() }).from(s.orders).where(eq(s.orders.userId, customerId));
  if (n > 0) return;
  const bySlug = async (slug: string) => {
    const [product] = await db.select().from(s.products).where(eq(s.products.slug, slug));
    return product;
  };
  const tee = await bySlug("koszulka-nokturn-logo");
  const tote = await bySlug("torba-nokturn-tote");
  const stickers = await bySlug("naklejki-pack-vol-1");
  const [teeM] = await db
    .select()
    .from(s.productVariants)
    .where(sql`${s.productVariants.productId} = ${tee.id} and ${s.productVariants.size} = 'M'`);
  const address: s.ShippingAddress = {
    name: "Anna Klient",
    line1: "ul. Świdnicka 12/4",
    line2: null,
    postal_code: "50-066",
    city: "Wrocław",
    country: "PL",
  };

  const first = [
    { product: tee, variant: teeM, quantity: 1 },
    { product: stickers, variant: undefined, quantity: 2 },
  ];
  const second = [{ product: tote, variant: undefined, quantity: 1 }];
  const orders = [
    {
      lines: first,
      status: "completed" as const,
      ageDays: 75,
      delivery: "courier" as const,
      deliveryCost: 1699,
    },
    {
      lines: second,
      status: "processing" as const,
      ageDays: 9,
      delivery: "inpost" as const,
      deliveryCost: 1399,
    },
  ];
  for (const o of orders) {
    const subtotal = o.lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
    const createdAt = new Date(now.getTime() - o.ageDays * DAY);
    const [order] = await db
      .insert(s.orders)
      .values({
        status: o.status,
        customerEmail: DEMO_CUSTOMER.email,
        customerName: address.name,
        userId: customerId,
        subtotal,
        deliveryMethod: o.delivery,
        deliveryCost: o.deliveryCost,
        totalAmount: subtotal + o.deliveryCost,
        shippingAddress: o.delivery === "courier" ? address : null,
        locker:
          o.delivery === "inpost"
            ? { id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" } }
            : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    await db.insert(s.orderItems).values(
      o.lines.map((l) => ({
        orderId: order.id,
        productId: l.product.id,
        variantId: l.variant?.id ?? null,
        productName: l.product.name,
        productSlug: l.product.slug,
        productImage: l.product.images[0] ?? null,
        size: l.variant?.size ?? null,
        quantity: l.quantity,
        pricePerUnit: l.product.price + (l.variant?.additionalPrice ?? 0),
        regularPricePerUnit: l.product.price + (l.variant?.additionalPrice ?? 0),
      })),
    );
  }
}
