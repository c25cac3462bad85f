import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  invitationDisplayStatus,
  invitationMessages,
  invitationStatusLabels,
  sendInvitationSchema,
} from "./invitations.schema";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

function errorsOf(fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema: sendInvitationSchema });
  return submission.status === "error" ? submission.error : undefined;
}

describe("the send-invitation form", () => {
  it("requires the e-mail with SPEC's message", () => {
    expect(errorsOf({ email: "", role: "admin" })?.email).toEqual([invitationMessages.emailRequired]);
    expect(invitationMessages.emailRequired).toBe("Podaj adres email");
  });

  it("refuses a malformed address", () => {
    expect(errorsOf({ email: "nie-email" })?.email).toEqual(["Nieprawidłowy adres email"]);
  });

  it("defaults the role to user and lower-cases the address", () => {
    const submission = parseWithZod(form({ email: " Ola@Example.PL " }), { schema: sendInvitationSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      email: "ola@example.pl",
      role: "user",
    });
  });

  it("refuses an unknown role", () => {
    expect(errorsOf({ email: "a@b.pl", role: "root" })?.role).toEqual(["Wybierz rolę"]);
  });
});

describe("the status an invitation shows (SPEC §4)", () => {
  const now = new Date("2026-01-10T12:00:00Z");
  const later = new Date("2026-01-11T12:00:00Z");
  const earlier = new Date("2026-01-09T12:00:00Z");

  it("is the stored one while the invitation is valid", () => {
    expect(invitationDisplayStatus("pending", later, now)).toBe("pending");
    expect(invitationDisplayStatus("accepted", later, now)).toBe("accepted");
  });

  it("is expired ('Wygasło') once expires_at has passed, whatever was stored", () => {
    for (const status of ["pending", "accepted", "expired"] as const) {
      expect(invitationDisplayStatus(status, earlier, now)).toBe("expired");
    }
    expect(invitationDisplayStatus("pending", now, now)).toBe("expired");
    expect(invitationStatusLabels.expired).toBe("Wygasło");
  });

  it("has the toasts of SPEC §8", () => {
    expect(invitationMessages.loadFailed).toBe("Błąd pobierania zaproszeń");
    expect(invitationMessages.sendFailed("x")).toBe("Błąd wysyłania zaproszenia: x");
    expect(invitationMessages.sent).toBe("Zaproszenie zostało wysłane");
  });
});
