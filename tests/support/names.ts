/** Names tests give what they create: unique per test and run, with the slug the panel derives. */
import { randomBytes } from "node:crypto";

export { slugify as slugOf } from "../../app/lib/slug";

/** A name no other test (or run) uses. */
export function unique(label: string) {
  return `${label} ${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
}
