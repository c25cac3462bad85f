/**
 * Brand settings ({product}, {email}, {token} of SPEC). Read from the environment on the server by
 * env.server.ts, handed to the browser through the root loader; the defaults are the demo brand.
 */
export type SiteConfig = {
  /** Brand name, e.g. "NOKTURN" ({product} in SPEC). */
  name: string;
  /** Lower-case brand slug used in archive slugs and the cart's storage key. */
  slug: string;
  /** Public contact mailbox ({email} in SPEC). */
  email: string;
  /** Absolute origin used for canonical URLs, e-mails and payment returns. */
  url: string;
  city: string;
  /** The city in the locative case, for sentences ("we Wrocławiu"). */
  cityLocative: string;
  seller: {
    company: string;
    address: string;
    nip: string;
    regon: string;
    /** Registry details a Polish company must show (art. 206 KSH). */
    krs: string;
    registryCourt: string;
    shareCapital: string;
    phone: string;
  };
  social: { instagram: string; facebook: string; soundcloud: string; youtube: string; tiktok: string };
  /** InPost Geowidget token ({token} in SPEC); empty when not configured. */
  inpostToken: string;
  inpostWidgetUrl: string;
};

export const demoSite: SiteConfig = {
  name: "NOKTURN",
  slug: "nokturn",
  email: "kontakt@nokturn.example",
  url: "http://localhost:3000",
  city: "Wrocław",
  cityLocative: "we Wrocławiu",
  seller: {
    company: "NOKTURN Events sp. z o.o.",
    address: "ul. Ruska 51, 50-079 Wrocław",
    nip: "8971234567",
    regon: "381234567",
    krs: "0000812345",
    registryCourt: "Sąd Rejonowy dla Wrocławia-Fabrycznej we Wrocławiu, VI Wydział Gospodarczy KRS",
    shareCapital: "5 000,00 zł",
    phone: "+48 71 000 00 00",
  },
  social: {
    instagram: "https://www.instagram.com/nokturn.wroclaw",
    facebook: "https://www.facebook.com/nokturn.wroclaw",
    soundcloud: "https://soundcloud.com/nokturn-wroclaw",
    youtube: "https://www.youtube.com/@nokturn-wroclaw",
    tiktok: "https://www.tiktok.com/@nokturn.wroclaw",
  },
  inpostToken: "",
  inpostWidgetUrl: "https://geowidget.inpost.pl",
};

/**
 * Key of the old cart in the browser's local storage (SPEC §4 before decision 031): read once, to take a
 * cart left there over to the server (cart-takeover), then removed.
 */
export function cartStorageKey(site: Pick<SiteConfig, "slug">) {
  return `${site.slug}-cart`;
}
