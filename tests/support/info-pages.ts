/** The information pages: their path, the footer link's name, the heading and the title (SPEC). */
export const INFO_PAGES = [
  {
    path: "/privacy-policy",
    link: "Polityka prywatności",
    heading: "Polityka prywatności",
    title: "Polityka prywatności | NOKTURN",
  },
  { path: "/terms", link: "Regulamin", heading: "Regulamin", title: "Regulamin | NOKTURN" },
  {
    path: "/returns",
    link: "Zwroty i reklamacje",
    heading: "Zwroty i Reklamacje",
    title: "Zwroty i Reklamacje | NOKTURN",
  },
  { path: "/shipping", link: "Dostawa", heading: "Dostawa", title: "Dostawa | NOKTURN" },
  { path: "/contact", link: "Kontakt", heading: "Kontakt", title: "Kontakt | NOKTURN" },
  {
    path: "/deklaracja-dostepnosci",
    link: "Deklaracja dostępności",
    heading: "Deklaracja dostępności",
    title: "Deklaracja dostępności | NOKTURN",
  },
] as const;
