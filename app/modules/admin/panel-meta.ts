/** A panel page's tags: its title in the panel's form, and no indexing (used by every panel route's meta). */
export function panelMeta(title: string | null | undefined, fallback = "") {
  return [
    { title: `${title || fallback} | Panel admina | NOKTURN` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
