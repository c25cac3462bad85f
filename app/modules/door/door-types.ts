/**
 * The door's shared vocabulary (issue #41, decision 041): what the phone downloads, what it records and
 * sends back, and the answers it shows. Plain types and constants only: the phone (browser), the server
 * and the tests all import this module, so it must stay free of Node and of the database.
 */

/** What a scan says, one word on the phone's screen (the words, verbatim). */
export type ScanAnswer =
  | "admitted" // WEJŚCIE
  | "already-inside" // JUŻ WESZŁO
  | "void" // UNIEWAŻNIONY
  | "outdated" // NIEAKTUALNY: a QR of a version since transferred
  | "other-night" // INNA NOC
  | "unpaid" // NIEOPŁACONY
  | "forged" // FAŁSZYWY: no key of ours signed it (another site's QR, an edited one, garbage)
  | "exited" // WYJŚCIE: with re-entry on, a scan at the exit of someone inside
  | "not-inside"; // NIE WESZŁO: with re-entry on, an exit scan of someone who is not inside

export const scanAnswerWords: Record<ScanAnswer, string> = {
  admitted: "WEJŚCIE",
  "already-inside": "JUŻ WESZŁO",
  void: "UNIEWAŻNIONY",
  outdated: "NIEAKTUALNY",
  "other-night": "INNA NOC",
  unpaid: "NIEOPŁACONY",
  forged: "FAŁSZYWY",
  exited: "WYJŚCIE",
  "not-inside": "NIE WESZŁO",
};

/** The answers that let someone through the door (green); every other answer is a refusal (red). */
export const PASSING_ANSWERS: readonly ScanAnswer[] = ["admitted", "exited"];

/** Which way the phone is scanning: in at the door, or out (only when the night allows re-entry). */
export type ScanDirection = "in" | "out";

/** A ticket's state as the door knows it. */
export type DoorTicketState = "valid" | "void" | "unpaid";

/** One ticket of the downloaded night, as compact as the night's 2,000 tickets must be (≤ 500 KB). */
export type DoorTicket = {
  id: string;
  /** The current version: a QR of a lower one is NIEAKTUALNY. */
  version: number;
  state: DoorTicketState;
  /** Index into `DoorNight.types`. */
  type: number;
  /** "First Last", as printed on the ticket. */
  name: string;
  /** The holder's e-mail (the buyer's unless transferred), lower-case, for the search. */
  email: string;
  /** The order's number as the customer sees it (e.g. "NKT-…"), for the search. */
  order: string;
};

/**
 * A scan that changed who is inside (admitted or exited), as recorded on a phone and on the server.
 * `nonce` is the phone's random id for it: the server counts each nonce once, however often it is sent.
 */
export type DoorScan = {
  nonce: string;
  ticketId: string;
  /** The version the QR carried (the current one for a scan by search). */
  version: number;
  direction: ScanDirection;
  /** Milliseconds since the epoch, the phone's clock when it scanned. */
  at: number;
  deviceId: string;
};

/** A scan the server knows, with who made it (for JUŻ WESZŁO: when, which device, who). */
export type KnownScan = DoorScan & { deviceName: string; staffName: string };

/** A door sale as the phone records it (online or, from its block, offline). */
export type DoorSale = {
  nonce: string;
  deviceId: string;
  /** Tickets sold in this sale (1–10). */
  quantity: number;
  method: "cash" | "card";
  at: number;
  /** The block the sale was taken from when made offline; null for an online sale. */
  blockId: string | null;
};

/** A block of door tickets the admin gave one phone beforehand, taken from the capacity at once. */
export type DoorBlock = { id: string; size: number; deviceId: string };

/** The night as the phone downloads it before doors. */
export type DoorNight = {
  /** Format of this download, so an old phone's copy is never misread. */
  format: 1;
  night: {
    id: string;
    title: string;
    /** ISO instant. */
    startsAt: string;
    reentry: boolean;
    capacity: number;
    /** Door sales: the price in grosze, or null when the night sells nothing at the door. */
    doorPrice: number | null;
  };
  /** The ticket-signing public keys (SPKI, base64), the newest first. */
  publicKeys: string[];
  /** The site's other nights a QR may belong to (INNA NOC), by id and title. */
  otherNights: { id: string; title: string }[];
  types: string[];
  tickets: DoorTicket[];
  /** Every scan the server knew at download time, oldest first. */
  scans: KnownScan[];
  /** This phone's blocks for the night, and how much of each it has already used (server's count). */
  blocks: (DoorBlock & { used: number })[];
  /** The server's clock at download (ms), to show how old the copy is. */
  serverTime: number;
  /** Opaque cursor for `scans since` polling. */
  cursor: string;
};

/** What a phone sends when it syncs (and, online, for each scan at once). */
export type DoorSyncRequest = {
  deviceId: string;
  scans: DoorScan[];
  sales: DoorSale[];
  /** The cursor of the last answer: the server sends the scans of other phones since. */
  cursor: string | null;
};

export type DoorSyncAnswer = {
  /** Nonces now stored on the server (new or already there): the phone may mark them synced. */
  stored: string[];
  /** Nonces refused (not this night's ticket, a sale beyond its block…), with the reason in Polish. */
  refused: { nonce: string; message: string }[];
  /** Scans of every phone since the request's cursor (including this phone's just stored). */
  scans: KnownScan[];
  /** Tickets changed since the download (a void, a transfer), so the phone's list stays current. */
  tickets: DoorTicket[];
  cursor: string;
  /** Capacity left on the server after this sync (sold online, held, at the door). */
  capacityLeft: number;
};

/** Limits the server enforces on a sync (a flood from one phone is refused, not stored). */
export const DOOR_SYNC_MAX_SCANS = 1000;
export const DOOR_SYNC_MAX_SALES = 200;
export const DOOR_SALE_MAX_QUANTITY = 10;
