/**
 * Demo people: the demo admin and customer (with the customer's address and past orders), the
 * residents and the ambassadors. Pure data; `db/seed.ts` writes it.
 */
import type * as s from "../schema";

export const DEMO_ADMIN = { email: "admin@nokturn.example", password: "nokturn-admin" } as const;
export const DEMO_CUSTOMER = { email: "klient@nokturn.example", password: "nokturn-klient" } as const;

export const artistData = [
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

export const ambassadorData = [
  { name: "zuza.rave", bio: "Wrocław / Berlin. Zbieram ekipę na każdą edycję." },
  { name: "michal.techno", bio: "Fotograf, tancerz, stały bywalec main stage." },
  { name: "natalia.bpm", bio: null },
];

export const demoCustomerAddress: s.ShippingAddress = {
  name: "Anna Klient",
  line1: "ul. Świdnicka 12/4",
  line2: null,
  postal_code: "50-066",
  city: "Wrocław",
  country: "PL",
};

/** The name on the demo customer's tickets (the holder is the buyer). */
export const demoCustomerAttendee = { firstName: "Anna", lastName: "Klient" } as const;

export const demoCustomerLocker = {
  id: "WRO01M",
  name: "WRO01M",
  address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" },
};

/**
 * The demo customer's past orders: lines name a product by slug (and a variant by size), priced at the
 * product's price when seeded. A courier order ships to `demoCustomerAddress`, an InPost one to
 * `demoCustomerLocker`.
 */
export const demoCustomerOrders: {
  lines: { product: string; size?: string; quantity: number }[];
  status: s.OrderStatus;
  ageDays: number;
  delivery: s.DeliveryMethod;
  deliveryCost: number;
}[] = [
  {
    lines: [
      { product: "koszulka-nokturn-logo", size: "M", quantity: 1 },
      { product: "naklejki-pack-vol-1", quantity: 2 },
    ],
    status: "completed",
    ageDays: 75,
    delivery: "courier",
    deliveryCost: 1699,
  },
  {
    lines: [{ product: "torba-nokturn-tote", quantity: 1 }],
    status: "processing",
    ageDays: 9,
    delivery: "inpost",
    deliveryCost: 1399,
  },
];
