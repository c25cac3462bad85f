/**
 * The landing page's timetable: entries grouped per stage, in the order the night plays them.
 * Pure logic (no database), shared by the loader and its unit tests.
 */

export const STAGES = ["main", "bouncy"] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  main: "Main stage",
  bouncy: "Bouncy stage",
};

/** Shown instead of a time for a slot that is not announced yet. */
export const SOON_LABEL = "SOON";

export type TimetableEntry = {
  id: string;
  stage: Stage;
  /** "HH:MM", or null while the slot is not announced. */
  startTime: string | null;
  name: string;
  /** Slug of the linked artist page, if any. */
  artistSlug: string | null;
};

export type TimetableStage = { stage: Stage; label: string; entries: TimetableEntry[] };

/** Hour before which a time belongs to the morning after the event's start (a night runs 23:00 → 07:00). */
const NIGHT_ROLLOVER_HOUR = 12;

/**
 * Minutes since the start of the night for "HH:MM": times before noon count as the next morning,
 * so 23:00 < 01:00 < 05:00. Null (SOON) sorts after every announced slot.
 */
export function nightMinutes(startTime: string | null): number {
  if (!startTime) return Number.POSITIVE_INFINITY;
  const match = /^(\d{2}):(\d{2})$/.exec(startTime);
  if (!match) return Number.POSITIVE_INFINITY;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return (hours < NIGHT_ROLLOVER_HOUR ? hours + 24 : hours) * 60 + minutes;
}

/**
 * Both stages (always both, even when one is empty), each with its entries in playing order.
 * Entries arrive in their stored order; that order breaks ties (e.g. several SOON slots).
 */
export function groupTimetable(entries: readonly TimetableEntry[]): TimetableStage[] {
  return STAGES.map((stage) => ({
    stage,
    label: STAGE_LABELS[stage],
    entries: entries
      .map((entry, position) => ({ entry, position }))
      .filter(({ entry }) => entry.stage === stage)
      .sort((a, b) => {
        const timeA = nightMinutes(a.entry.startTime);
        const timeB = nightMinutes(b.entry.startTime);
        if (timeA !== timeB) return timeA < timeB ? -1 : 1;
        return a.position - b.position;
      })
      .map(({ entry }) => entry),
  }));
}
