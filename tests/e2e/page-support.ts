/** Reading what a page declares: meta tags and .ics files (event pages, the landing page, the panel). */
import type { Page } from "@playwright/test";

export { parseIcs } from "../support/ics";

export async function metaContent(page: Page, selector: string) {
  return page.locator(selector).first().getAttribute("content");
}
