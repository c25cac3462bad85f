/**
 * The title, description and social image of a night's page (the landing page's hero night and
 * /wydarzenia/{slug}). Pure, safe in a route's `meta`: a night that no longer sells says so and never
 * "Kup bilet" (decision 022).
 */
import { imageUrlFor } from "~/lib/images";
import type { EventView } from "./landing.server";
import { truncateText } from "./text";

export function eventPageMeta(
  { event, when, sells }: Pick<EventView, "event" | "when" | "sells">,
  where: "landing" | "event-page",
) {
  const place = `${event.venue}, ${event.city}`;
  const image = event.heroPoster ? imageUrlFor(event.heroPoster, 1200) : undefined;
  const imageAlt = event.heroPoster?.alt;
  if (event.status === "cancelled") {
    return {
      title: `${when.shortDate} ${place} — wydarzenie odwołane`,
      description: truncateText(
        `${event.title}: ${when.longDate}, ${event.venue} (${event.city}). Wydarzenie odwołane. Sprawdź kolejne noce.`,
      ),
      image,
      imageAlt,
    };
  }
  if (!sells) {
    return {
      title: `${event.title} ${when.shortDate} — ${place}`,
      description: truncateText(
        `${event.title}: ${when.longDate}, ${when.startTime}–${when.endTime}, ${event.venue} (${event.city}). Ta noc już się odbyła: timetable, zdjęcia i kolejne noce.`,
      ),
      image,
      imageAlt,
    };
  }
  return {
    // The night's own page names the night first, so it never shares the landing page's title.
    title:
      where === "landing"
        ? `${when.shortDate} ${place} — bilety i timetable`
        : `${event.title} — ${when.shortDate}, ${place}, bilety i timetable`,
    description: truncateText(
      `${event.title}: ${when.longDate}, ${when.startTime}–${when.endTime}, ${event.venue} (${event.city}). Kup bilet, sprawdź timetable main i bouncy stage, FAQ i galerie z poprzednich edycji.`,
    ),
    image,
    imageAlt,
  };
}
