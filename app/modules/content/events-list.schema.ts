/** The events list's quick actions (feature, delete): one schema for the buttons and the action. */
import { z } from "zod";
import { eventMessages } from "./event-form.schema";

export const eventListActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("feature"), eventId: z.uuid({ error: eventMessages.invalidRequest }) }),
    z.object({ intent: z.literal("delete"), eventId: z.uuid({ error: eventMessages.invalidRequest }) }),
  ],
  { error: eventMessages.invalidRequest },
);

export type EventListIntent = z.infer<typeof eventListActionSchema>["intent"];

export type EventListActionResult = {
  ok: boolean;
  intent: EventListIntent | null;
  eventId: string | null;
  message: string;
};

export const eventListFailure: Record<EventListIntent, string> = {
  feature: eventMessages.featureFailed,
  delete: eventMessages.deleteFailed,
};
