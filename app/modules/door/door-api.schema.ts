/**
 * The door API's bodies (issue #41): one zod schema each, used by the phone before it sends and by the
 * server before it reads. Everything a phone sends is bounded: a flood is refused whole, never stored.
 */
import { z } from "zod";
import { TICKET_CODE_MAX_LENGTH } from "~/modules/tickets/ticket-code-format";
import { DOOR_SALE_MAX_QUANTITY, DOOR_SYNC_MAX_SALES, DOOR_SYNC_MAX_SCANS } from "./door-types";

export const doorApiMessages = {
  invalid: "Nieprawidłowe dane z telefonu",
  tooMany: "Za dużo skanów naraz — odczekaj chwilę",
  deviceName: "Podaj nazwę telefonu (1–40 znaków)",
} as const;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
/** A phone's clock: a whole millisecond between 2020 and 2100 (anything else is not a clock). */
const instant = z
  .number()
  .int()
  .min(Date.UTC(2020, 0, 1))
  .max(Date.UTC(2100, 0, 1));
const version = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

export const deviceNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  // Control characters would end up in the panel's tables and CSV.
  .regex(/^[^\p{Cc}]+$/u);

export const doorScanSchema = z.object({
  nonce: uuid,
  ticketId: uuid,
  version,
  direction: z.enum(["in", "out"]),
  at: instant,
  deviceId: uuid,
});

export const doorSaleSchema = z.object({
  nonce: uuid,
  deviceId: uuid,
  quantity: z.number().int().min(1).max(DOOR_SALE_MAX_QUANTITY),
  method: z.enum(["cash", "card"]),
  at: instant,
  blockId: uuid.nullable(),
});

export const doorSyncSchema = z.object({
  deviceId: uuid,
  scans: z.array(doorScanSchema).max(DOOR_SYNC_MAX_SCANS),
  sales: z.array(doorSaleSchema).max(DOOR_SYNC_MAX_SALES),
  cursor: z.string().max(64).nullable(),
});

/** A scan decided by the server: the QR's text, or a ticket found by search. */
export const doorOnlineScanSchema = z
  .object({
    deviceId: uuid,
    nonce: uuid,
    at: instant,
    direction: z.enum(["in", "out"]),
    code: z.string().max(TICKET_CODE_MAX_LENGTH).optional(),
    ticketId: uuid.optional(),
  })
  .refine((scan) => (scan.code === undefined) !== (scan.ticketId === undefined), {
    message: "code or ticketId",
  });
