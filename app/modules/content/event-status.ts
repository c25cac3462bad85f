/** A night's own state (events.status) and how the panel and the site name it in Polish. */
import type { EventStatus } from "../../../db/schema";

export type { EventStatus };

export const EVENT_STATUSES = ["planned", "cancelled", "moved"] as const satisfies readonly EventStatus[];

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  planned: "Planowane",
  cancelled: "Odwołane",
  moved: "Przeniesione",
};
