/**
 * Who may use the door app, and for which nights (issue #41): the "door" role (Bramka) and admins.
 * Door staff see a night only from a day before to a day after its start: a door account is handed
 * to people who work one night, and it should open nothing else. Admins may prepare any night ahead.
 */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import type { RequestArgs } from "~/modules/accounts/auth.server";
import { requireRole } from "~/modules/accounts/roles.server";
import { events, nightTickets, type Role } from "../../../db/schema";

export const DOOR_ROLES: readonly Role[] = ["door", "admin"];
/** Door staff open a night from this long before its start to this long after it. */
export const DOOR_WINDOW_MS = 24 * 60 * 60 * 1000;

export const doorMessages = {
  noNight: "Nie ma takiej nocy z biletami sprzedawanymi na stronie",
  outsideWindow: "Ta noc nie jest teraz otwarta dla bramki (dzień przed startem do dnia po nim)",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export type DoorStaff = Awaited<ReturnType<typeof requireRole>>;

export function requireDoorStaff(args: RequestArgs): Promise<DoorStaff> {
  return requireRole(args, DOOR_ROLES);
}

export type DoorNightRow = {
  id: string;
  title: string;
  startsAt: Date;
  reentry: boolean;
  capacity: number;
  remaining: number;
  doorPrice: number | null;
  doorVatRate: number;
};

/** Whether `staff` may open a night starting at `startsAt` at `at`. */
export function mayOpenNight(staff: { roles: readonly Role[] }, startsAt: Date, at: Date) {
  if (staff.roles.includes("admin")) return true;
  return Math.abs(startsAt.getTime() - at.getTime()) <= DOOR_WINDOW_MS;
}

/** A night sold on the site with its door settings, or undefined. */
export async function doorNightRow(eventId: string): Promise<DoorNightRow | undefined> {
  const [row] = await db()
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      reentry: nightTickets.reentry,
      capacity: nightTickets.capacity,
      remaining: nightTickets.remaining,
      doorPrice: nightTickets.doorPrice,
      doorVatRate: nightTickets.doorVatRate,
    })
    .from(events)
    .innerJoin(nightTickets, eq(nightTickets.eventId, events.id))
    .where(and(eq(events.id, eventId), eq(events.salesMode, "site")));
  return row;
}

/** The signed-in door staff and the night they asked for, or the refusal (404, 403). */
export async function requireDoorNight(args: RequestArgs, eventId: string | undefined) {
  const staff = await requireDoorStaff(args);
  const night = isUuid(eventId) ? await doorNightRow(eventId) : undefined;
  if (!night) throw new DomainError(doorMessages.noNight, 404);
  if (!mayOpenNight(staff, night.startsAt, now())) throw new DomainError(doorMessages.outsideWindow, 403);
  return { staff, night };
}

/** The nights the door app lists for `staff`: door staff their window, admins every night from yesterday on. */
export async function doorNightsFor(args: RequestArgs) {
  const staff = await requireDoorStaff(args);
  const at = now().getTime();
  const from = new Date(at - DOOR_WINDOW_MS);
  const to = staff.roles.includes("admin") ? undefined : new Date(at + DOOR_WINDOW_MS);
  const nights = await db()
    .select({ id: events.id, title: events.title, startsAt: events.startsAt })
    .from(events)
    .innerJoin(nightTickets, eq(nightTickets.eventId, events.id))
    .where(
      and(
        eq(events.salesMode, "site"),
        gte(events.startsAt, from),
        to ? lte(events.startsAt, to) : undefined,
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(50);
  return { staff, nights };
}
