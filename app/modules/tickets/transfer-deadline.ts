/** Until when a ticket's name can be changed (issue #40): an instant, `transfer_until_minutes` before doors. */

/** The default of `night_tickets.transfer_until_minutes`, for a night without that row. */
export const DEFAULT_TRANSFER_UNTIL_MINUTES = 120;

export function transferDeadline(startsAt: Date, transferUntilMinutes: number | null | undefined): Date {
  return new Date(startsAt.getTime() - (transferUntilMinutes ?? DEFAULT_TRANSFER_UNTIL_MINUTES) * 60_000);
}
