/**
 * The archive carousel before hydration (components/archive-carousel.tsx): its slides are anchors
 * (`#archiwum-slajd-2`) the dots and arrows link to, and CSS follows the targeted slide: the arrows
 * shown are that slide's pair (the first slide's while none is targeted) and its dot is lit. The CSS
 * is built by the landing page's loader, so its code stays out of the page's scripts.
 */

export const CAROUSEL_ID = "archiwum-karuzela";

/** The anchor of the slide at `index` (0-based). */
export function slideAnchor(index: number) {
  return `archiwum-slajd-${index + 1}`;
}

/** The CSS that follows the targeted slide among `count`; null when there is nothing to follow. */
export function carouselTargetCss(count: number): string | null {
  if (count < 2) return null;
  const root = `#${CAROUSEL_ID}`;
  const rules = [
    `${root}:has([data-slide]:target) [data-arrows]{display:none}`,
    `${root}:has([data-slide]:target) [data-dot]>span{width:1.25rem;background-color:color-mix(in oklab,var(--color-foreground) 35%,transparent)}`,
  ];
  for (let index = 0; index < count; index++) {
    const targeted = `${root}:has(#${slideAnchor(index)}:target)`;
    rules.push(
      `${targeted} [data-arrows="${index}"]{display:flex}`,
      `${targeted} [data-dot="${index}"]>span{width:2.5rem;background-color:var(--color-accent)}`,
    );
  }
  return rules.join("\n");
}
