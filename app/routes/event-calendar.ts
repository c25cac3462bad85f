import { env } from "~/lib/env.server";
import { buildEventIcs, slugFromIcsFile } from "~/modules/content/calendar";
import { getCalendarEvent } from "~/modules/content/events.server";
import type { Route } from "./+types/event-calendar";

/** `/events/{slug}.ics`: the event as an iCalendar file; anything else is a 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = slugFromIcsFile(params.file);
  const event = slug ? await getCalendarEvent(slug) : null;
  if (!event) {
    return new Response("Nie znaleziono wydarzenia", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(buildEventIcs(event, env().site), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
