/** The events list's quick actions (feature, delete): one schema for the buttons and the action. */
import { z } from "zod";
import { eventMessages } from "./event-form.schema";

export const eventIdSchema = z.object({ eventId: z.uuid({ error: eventMessages.invalidRequest }) });

export type EventListIntent = "feature" | "delete";

/** What a quick action answers (the panel's form-action result, with the event it was about). */
export type EventListActionResult = {
  ok: boolean;
  intent: string | null;
  eventId?: string;
  message: string;
};

export const eventListFailure: Record<EventListIntent, string> = {
  feature: eventMessages.featureFailed,
  delete: eventMessages.deleteFailed,
};
