import { describe, expect, it } from "vitest";
import { attendeeMessages } from "./attendees";
import { waitlistMessages } from "./waitlist";
import { offerPurchaseSchema, waitlistSchema } from "./waitlist.schema";

const join = {
  ticketTypeId: "0b6f2f64-3a4b-4c9e-9a55-2f8d5d0d1a11",
  email: " fan@example.pl ",
  quantity: "2",
  consent: "on",
};

describe("the waiting list's forms", () => {
  it("takes an address, 1–2 tickets and the consent", () => {
    expect(waitlistSchema.parse(join)).toMatchObject({ email: "fan@example.pl", quantity: 2 });
  });

  it("refuses 0 or 3 tickets, a bad address and a missing consent, in Polish", () => {
    for (const quantity of ["0", "3", "1.5", "x"]) {
      const result = waitlistSchema.safeParse({ ...join, quantity });
      expect(result.error?.issues[0]?.message).toBe(waitlistMessages.quantity);
    }
    expect(waitlistSchema.safeParse({ ...join, email: "fan@" }).error?.issues[0]?.message).toBe(
      waitlistMessages.email,
    );
    const { consent: _, ...noConsent } = join;
    expect(waitlistSchema.safeParse(noConsent).error?.issues[0]?.message).toBe(waitlistMessages.consent);
  });

  it("an offer's purchase needs a name without control characters and the 18+ box", () => {
    expect(offerPurchaseSchema.safeParse({ firstName: "Anna", lastName: "Nowak", adult: "on" }).success).toBe(
      true,
    );
    expect(
      offerPurchaseSchema.safeParse({ firstName: "Anna", lastName: "Nowak" }).error?.issues[0]?.message,
    ).toBe(attendeeMessages.adult);
    expect(
      offerPurchaseSchema.safeParse({ firstName: "An\u0007na", lastName: "Nowak", adult: "on" }).error
        ?.issues[0]?.message,
    ).toBe(attendeeMessages.control);
    expect(
      offerPurchaseSchema.safeParse({ firstName: "A".repeat(81), lastName: "Nowak", adult: "on" }).success,
    ).toBe(false);
  });
});
