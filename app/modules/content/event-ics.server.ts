/** A night's .ics as an e-mail's file (the tickets' confirmation carries one per night, issue #40). */
import { eq } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { events } from "../../../db/schema";
import { buildEventIcs } from "./calendar";

export async function nightIcsFiles(eventId: string, database: Executor) {
  const [night] = await database.select().from(events).where(eq(events.id, eventId));
  if (!night) return [];
  const ics = buildEventIcs(
    {
      slug: night.slug,
      title: night.title,
      startsAt: night.startsAt.toISOString(),
      endsAt: night.endsAt.toISOString(),
      venue: night.venue,
      city: night.city,
      address: night.address,
      ticketUrl: null,
      updatedAt: night.updatedAt.toISOString(),
    },
    env().site,
  );
  return [
    { filename: `${night.slug}.ics`, content: Buffer.from(ics), contentType: "text/calendar; charset=utf-8" },
  ];
}
