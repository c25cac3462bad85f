import { now } from "~/lib/clock.server";
import { env } from "~/lib/env.server";
import { expirePagesAt } from "~/lib/page-expiry.server";
import { buildEventIcs, slugFromIcsFile } from "~/modules/content/calendar";
import { eventSells } from "~/modules/content/event-timeline";
import { getCalendarEvent } from "~/modules/content/events.server";
import type { Route } from "./+types/event-calendar";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * `/events/{slug}.ics`: a published night that still takes place, as an iCalendar file. A night that
 * is over or cancelled has no calendar entry to add: 410 with a Polish notice (decision 022); an
 * unknown or unpublished slug is a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = slugFromIcsFile(params.file);
  const event = slug ? await getCalendarEvent(slug) : null;
  if (!event) return text("Nie znaleziono wydarzenia", 404);
  if (event.status === "cancelled") return text("To wydarzenie zostało odwołane.", 410);
  if (!eventSells(event, now())) return text("To wydarzenie już się odbyło.", 410);
  // A kept copy of the file must not outlive the night.
  expirePagesAt(new Date(event.endsAt));
  return new Response(buildEventIcs(event, env().site), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
