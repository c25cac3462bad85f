import { describe, expect, it } from "vitest";
import type { DoorTicket, KnownScan } from "./door-types";
import { decideByTicketId, decideScan, isPassing } from "./scan-decision";

const night = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5b";
const other = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5c";
const ticket: DoorTicket = {
  id: "3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f",
  version: 2,
  state: "valid",
  type: 0,
  name: "Anna Nowak",
  email: "anna@example.pl",
  order: "3F2B8C1E",
};
const signed = (version = 2, nightId = night) => ({ ticketId: ticket.id, version, nightId });
let n = 0;
const scan = (direction: "in" | "out", at: number, deviceId = "telefon-1"): KnownScan => ({
  nonce: `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
  ticketId: ticket.id,
  version: 2,
  direction,
  at,
  deviceId,
  deviceName: deviceId,
  staffName: "Ola",
});
const decide = (overrides: Partial<Parameters<typeof decideScan>[0]> = {}) =>
  decideScan({
    nightId: night,
    verified: signed(),
    ticket,
    history: [],
    reentry: false,
    direction: "in",
    ...overrides,
  });

describe("the door's decision", () => {
  it("answers every word of the issue", () => {
    expect(decide().answer).toBe("admitted");
    expect(decide({ verified: null }).answer).toBe("forged");
    expect(decide({ verified: signed(2, other) }).answer).toBe("other-night");
    expect(decide({ ticket: undefined }).answer).toBe("forged");
    expect(decide({ ticket: { ...ticket, state: "void" } }).answer).toBe("void");
    expect(decide({ verified: signed(1) }).answer).toBe("outdated");
    expect(decide({ verified: signed(3) }).answer).toBe("forged");
    expect(decide({ ticket: { ...ticket, state: "unpaid" } }).answer).toBe("unpaid");
    const first = scan("in", 1000, "telefon-2");
    const again = decide({ history: [first] });
    expect(again).toEqual({ answer: "already-inside", ticket, previous: first });
  });

  it("checks the night and the signature before the list, and void before an old version", () => {
    expect(decide({ verified: signed(1, other), ticket: { ...ticket, state: "void" } }).answer).toBe(
      "other-night",
    );
    expect(decide({ verified: signed(1), ticket: { ...ticket, state: "void" } }).answer).toBe("void");
  });

  it("without re-entry: once in, never again, even after an exit was recorded", () => {
    const history = [scan("in", 1000), scan("out", 2000)];
    expect(decide({ history }).answer).toBe("already-inside");
    expect(decide({ history, direction: "out" }).answer).toBe("already-inside");
  });

  it("with re-entry: exits are scanned and a ticket that left comes in again", () => {
    const inside = [scan("in", 1000)];
    expect(decide({ reentry: true, history: inside }).answer).toBe("already-inside");
    expect(decide({ reentry: true, history: inside, direction: "out" }).answer).toBe("exited");
    const left = [...inside, scan("out", 2000)];
    expect(decide({ reentry: true, history: left }).answer).toBe("admitted");
    expect(decide({ reentry: true, history: left, direction: "out" }).answer).toBe("not-inside");
    expect(decide({ reentry: true, direction: "out" }).answer).toBe("not-inside");
  });

  it("reads the history in time order whatever order it comes in", () => {
    const history = [scan("out", 3000), scan("in", 1000), scan("in", 4000)];
    const decision = decide({ reentry: true, history });
    expect(decision.answer).toBe("already-inside");
    expect(decision.previous?.at).toBe(4000);
  });

  it("decides a ticket found by search by the list's current version", () => {
    expect(decideByTicketId({ ticket, history: [], reentry: false, direction: "in" }).answer).toBe(
      "admitted",
    );
    expect(decideByTicketId({ ticket: undefined, history: [], reentry: false, direction: "in" }).answer).toBe(
      "forged",
    );
    expect(
      decideByTicketId({ ticket: { ...ticket, state: "void" }, history: [], reentry: false, direction: "in" })
        .answer,
    ).toBe("void");
    expect(
      decideByTicketId({ ticket, history: [scan("in", 1)], reentry: false, direction: "in" }).answer,
    ).toBe("already-inside");
  });

  it("lets through only WEJŚCIE and WYJŚCIE", () => {
    expect(isPassing("admitted")).toBe(true);
    expect(isPassing("exited")).toBe(true);
    for (const answer of [
      "already-inside",
      "void",
      "outdated",
      "other-night",
      "unpaid",
      "forged",
      "not-inside",
    ] as const) {
      expect(isPassing(answer)).toBe(false);
    }
  });

  it("shows the first admission as JUŻ WESZŁO's when, even past a conflicting later one", () => {
    const first = scan("in", 1000, "telefon-1");
    const offlineTwin = scan("in", 1500, "telefon-2");
    expect(decide({ history: [offlineTwin, first] }).previous).toBe(first);
    const afterExit = [first, scan("out", 2000), scan("in", 3000, "telefon-2")];
    expect(decide({ history: afterExit }).previous).toBe(first);
    expect(decide({ reentry: true, history: [offlineTwin, first] }).previous).toBe(first);
  });

  it("without re-entry reads an exit scan as an entry", () => {
    expect(decide({ direction: "out" }).answer).toBe("admitted");
    expect(decide({ direction: "out", reentry: true }).answer).toBe("not-inside");
  });

  it("ignores an exit of someone not inside and the scans of other tickets", () => {
    const history = [
      scan("out", 500),
      { ...scan("in", 1000), ticketId: "00000000-0000-4000-8000-000000000000" },
    ];
    expect(decide({ reentry: true, history }).answer).toBe("admitted");
    expect(decide({ history }).answer).toBe("admitted");
  });

  it("refuses an unpaid ticket found by search", () => {
    const unpaid = { ...ticket, state: "unpaid" as const };
    expect(decideByTicketId({ ticket: unpaid, history: [], reentry: false, direction: "in" }).answer).toBe(
      "unpaid",
    );
  });
});
