import { describe, expect, it } from "vitest";
import {
  containsPattern,
  holdersCsv,
  holdersCsvHref,
  holdersHref,
  idPrefixOf,
  parseHolderFilters,
} from "./ticket-holders";
import { nightCancelSchema, ticketVoidSchema, titleConfirms } from "./ticket-holders.schema";

const TICKET = "0f8c2f5e-4b1d-4c8a-9e2f-1a2b3c4d5e6f";

describe("the holders' search", () => {
  it("reads q (trimmed, control characters dropped, capped) and a sane page", () => {
    expect(parseHolderFilters(new URLSearchParams("q=%20Nowak%00%20&page=3"))).toEqual({
      q: "Nowak",
      page: 3,
    });
    expect(parseHolderFilters(new URLSearchParams("page=-1")).page).toBe(1);
    expect(parseHolderFilters(new URLSearchParams("page=abc")).page).toBe(1);
    expect(parseHolderFilters(new URLSearchParams(`q=${"a".repeat(300)}`)).q).toHaveLength(100);
  });

  it("takes an 8-character order number or a ticket id as an id prefix, nothing else", () => {
    expect(idPrefixOf("A1B2C3D4")).toBe("a1b2c3d4");
    expect(idPrefixOf("#a1b2c3d4")).toBe("a1b2c3d4");
    expect(idPrefixOf(TICKET.toUpperCase())).toBe(TICKET);
    expect(idPrefixOf("A1B2C3")).toBeNull();
    expect(idPrefixOf("Nowakowski")).toBeNull();
  });

  it("makes % and _ literal in a LIKE pattern", () => {
    expect(containsPattern("50%_x\\")).toBe("%50\\%\\_x\\\\%");
  });

  it("keeps the search in the page's and the CSV's links", () => {
    expect(holdersHref("e1", "ada", 2)).toBe("/admin/events/e1/tickets?q=ada&page=2#holders");
    expect(holdersHref("e1", "", 1)).toBe("/admin/events/e1/tickets#holders");
    expect(holdersCsvHref("e1", "a b")).toBe("/admin/events/e1/tickets.csv?q=a+b");
  });
});

describe("the holders' CSV", () => {
  it("has a row per ticket, the order number, and a formula-looking name escaped", () => {
    const csv = holdersCsv([
      {
        ticketId: TICKET,
        orderId: "a1b2c3d4-0000-4000-8000-000000000000",
        orderItemId: null,
        firstName: "=SUM(A1)",
        lastName: "Nowak",
        email: "ada@example.pl",
        typeName: "Pula 1",
        state: "void",
        price: 5900,
        voidReason: "Zgubiony",
      },
    ]);
    const [header, row] = csv.replace("\uFEFF", "").split("\r\n");
    expect(header).toBe("Imię;Nazwisko;E-mail;Pula;Numer zamówienia;Identyfikator biletu;Stan;Cena (zł)");
    expect(row).toBe(`'=SUM(A1);Nowak;ada@example.pl;Pula 1;A1B2C3D4;${TICKET};Unieważniony;59,00`);
  });
});

describe("the holders' forms", () => {
  it("a void needs a reason of one line; the refund box is read as on/off", () => {
    expect(ticketVoidSchema.safeParse({ ticketId: TICKET, reason: " " }).success).toBe(false);
    expect(ticketVoidSchema.safeParse({ ticketId: TICKET, reason: "a\nb" }).success).toBe(false);
    expect(ticketVoidSchema.parse({ ticketId: TICKET, reason: "Zgubiony", refund: "on" }).refund).toBe(true);
    expect(ticketVoidSchema.parse({ ticketId: TICKET, reason: "Zgubiony" }).refund).toBe(false);
  });

  it("the cancel is confirmed by the night's title, case and outer spaces aside", () => {
    expect(nightCancelSchema.safeParse({ confirmTitle: "" }).success).toBe(false);
    expect(titleConfirms("  nokturn: ZIMA ", "NOKTURN: Zima")).toBe(true);
    expect(titleConfirms("NOKTURN", "NOKTURN: Zima")).toBe(false);
  });
});
