/** Reading what a page declares: meta tags and .ics files (event pages, the landing page, the panel). */
import type { Page } from "@playwright/test";

/** Unfolds an .ics file and splits it into [name with parameters, value] pairs. */
export function parseIcs(text: string) {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon), line.slice(colon + 1)] as const;
    });
}

export async function metaContent(page: Page, selector: string) {
  return page.locator(selector).first().getAttribute("content");
}
