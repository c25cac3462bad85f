/** Helpers of the ticket end-to-end tests: the server's signing key, the admin's panel, a night's id. */
import { createPrivateKey, createPublicKey } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { signedIn } from "../support/fixtures";

/** The public half of the key the e2e server signs tickets with (generated in its DATA_DIR on first use). */
export function serverPublicKey() {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "ticket-signing-key.pem");
  return createPublicKey(createPrivateKey(fs.readFileSync(file, "utf8")));
}

/** Runs `work` on a page of the signed-in demo admin (a context of its own, closed after). */
export async function asAdmin<T>(browser: Browser, work: (admin: Page) => Promise<T>) {
  const context = await browser.newContext({
    storageState: signedIn("admin"),
    baseURL: process.env.E2E_BASE_URL,
  });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The id of the night titled `title` (its tickets' signature covers it), as the panel's list links to its tickets. */
export async function nightIdInPanel(admin: Page, title: string) {
  await admin.goto("/admin/events");
  const href = await admin.getByRole("link", { name: `Bilety: ${title}` }).getAttribute("href");
  return /\/admin\/events\/([0-9a-f-]{36})\/tickets/.exec(href ?? "")?.[1] ?? "";
}
