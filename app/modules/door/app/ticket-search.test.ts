import { describe, expect, it } from "vitest";
import type { DoorTicket } from "../door-types";
import { foldText, SEARCH_LIMIT, searchTickets } from "./ticket-search";

const ticket = (name: string, email: string, order: string): DoorTicket => ({
  id: `${name}-${order}`,
  version: 1,
  state: "valid",
  type: 0,
  name,
  email,
  order,
});

const tickets = [
  ticket("Łukasz Żółkiewski", "lukasz@example.pl", "3F2B8C1E"),
  ticket("Anna Nowak", "anna.n@example.pl", "AB12CD34"),
  ticket("Anna Kowalska", "ak@example.pl", "9911AA00"),
];

describe("finding a ticket at the door", () => {
  it("ignores accents and case, ł included", () => {
    expect(foldText("Łukasz ŻÓŁKIEWSKI")).toBe("lukasz zolkiewski");
    expect(searchTickets(tickets, "lukasz zolk").map((hit) => hit.name)).toEqual(["Łukasz Żółkiewski"]);
  });

  it("matches every word, in name, e-mail or order number", () => {
    expect(searchTickets(tickets, "anna").map((hit) => hit.name)).toEqual(["Anna Nowak", "Anna Kowalska"]);
    expect(searchTickets(tickets, "anna kow").map((hit) => hit.name)).toEqual(["Anna Kowalska"]);
    expect(searchTickets(tickets, "anna.n@").map((hit) => hit.name)).toEqual(["Anna Nowak"]);
    expect(searchTickets(tickets, "ab12cd").map((hit) => hit.name)).toEqual(["Anna Nowak"]);
  });

  it("answers nothing for less than two letters, and at most a screenful", () => {
    expect(searchTickets(tickets, " a ")).toEqual([]);
    expect(searchTickets(tickets, "")).toEqual([]);
    const many = Array.from({ length: 50 }, (_, i) => ticket(`Jan ${i}`, "jan@example.pl", String(i)));
    expect(searchTickets(many, "jan")).toHaveLength(SEARCH_LIMIT);
  });
});
