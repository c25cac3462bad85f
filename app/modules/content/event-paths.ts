/** Paths of a night's pages, safe in the browser bundle (no date or calendar code). */

/** A night's own page. */
export function eventPagePath(slug: string) {
  return `/wydarzenia/${slug}`;
}
