import { describe, expect, it } from "vitest";
import { attendeeMessages } from "./attendees";
import { transferClosedMessage, transferMessages, transferSchema } from "./transfer.schema";
import { DEFAULT_TRANSFER_UNTIL_MINUTES, transferDeadline } from "./transfer-deadline";

const valid = {
  ticketId: "3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f",
  firstName: " Kuba ",
  lastName: "Wiśniewski",
  email: " Kuba@Example.PL ",
};

function firstError(input: Record<string, unknown>) {
  const parsed = transferSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
}

describe("the transfer form's schema", () => {
  it("takes the new holder's names trimmed and the e-mail lower-cased", () => {
    expect(transferSchema.parse(valid)).toEqual({
      ticketId: valid.ticketId,
      firstName: "Kuba",
      lastName: "Wiśniewski",
      email: "kuba@example.pl",
    });
  });

  it("refuses empty, too long and control-character names and a bad e-mail in Polish", () => {
    expect(firstError({ ...valid, firstName: "  " })).toBe(attendeeMessages.firstName);
    expect(firstError({ ...valid, lastName: undefined })).toBe(attendeeMessages.lastName);
    expect(firstError({ ...valid, firstName: "a".repeat(81) })).toBe(attendeeMessages.tooLong);
    expect(firstError({ ...valid, lastName: "No\u0000wak" })).toBe(attendeeMessages.control);
    expect(firstError({ ...valid, firstName: "Ku\nba" })).toBe(attendeeMessages.control);
    expect(firstError({ ...valid, email: "kuba" })).toBe(transferMessages.email);
    expect(firstError({ ...valid, email: `${"a".repeat(300)}@example.pl` })).toBe(transferMessages.email);
  });

  it("the deadline is an instant: doors minus the night's minutes (120 by default)", () => {
    const doors = new Date("2026-12-12T21:00:00Z");
    expect(transferDeadline(doors, 30).toISOString()).toBe("2026-12-12T20:30:00.000Z");
    expect(transferDeadline(doors, null).getTime()).toBe(
      doors.getTime() - DEFAULT_TRANSFER_UNTIL_MINUTES * 60_000,
    );
    expect(transferClosedMessage("12 grudnia 2026, 20:00")).toBe(
      "Zmiana nazwiska była możliwa do 12 grudnia 2026, 20:00.",
    );
  });
});
