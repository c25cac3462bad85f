/** The events list's quick actions (feature, delete): one schema for the buttons and the action. */
import { z } from "zod";
import { eventMessages } from "./event-form.schema";

export const eventIdSchema = z.object({ eventId: z.uuid({ error: eventMessages.invalidRequest }) });

export type EventListIntent = "feature" | "delete";

export const eventListFailure: Record<EventListIntent, string> = {
  feature: eventMessages.featureFailed,
  delete: eventMessages.deleteFailed,
};
