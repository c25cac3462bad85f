import slugifyLib from "slugify";

// slugify's charmap covers Polish letters (ą→a, ł→l, ż→z …); make ł explicit in case the map changes.
slugifyLib.extend({ ł: "l", Ł: "L" });

/** "Żółta Łódź – Wrocław 2025!" → "zolta-lodz-wroclaw-2025" */
export function slugify(input: string): string {
  return slugifyLib(input, { lower: true, strict: true, locale: "pl", trim: true })
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
