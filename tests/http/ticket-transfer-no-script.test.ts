/**
 * "Przekaż bilet" with JavaScript off (issue #40): the form in the ticket card's <details> is a plain
 * form; a refusal comes back in the page with the Polish message and what was typed, a transfer leaves
 * with "Bilet przekazany" as a flash and the ticket is gone from "Moje bilety" (given to another
 * address). The domain's cases are in tests/integration/ticket-transfer.test.ts.
 */
import { expect, test } from "vitest";
import {
  CookieJar,
  controlValue,
  formIn,
  nameOfLabelled,
  noticeIn,
  openPage,
  submitForm,
  textOf,
} from "../support/forms";

test("a signed-in holder transfers a ticket without JavaScript; a refusal keeps what was typed", async () => {
  const jar = CookieJar.as("customer");
  const { page } = await openPage("/account/bilety", jar);
  const disclosure = page.all('[data-testid="ticket-transfer"]')[0];
  if (!disclosure) throw new Error("no 'Przekaż bilet' on the demo customer's tickets");
  const card = disclosure.closest('[data-testid="ticket-card"]');
  const ticketId = card?.getAttribute("data-ticket-id") ?? "";
  expect(textOf(disclosure)).toMatch(/Możesz przekazać bilet do \d{1,2} \p{L}+ \d{4}, \d{2}:\d{2}/u);
  const form = disclosure.querySelector("form");
  if (!form) throw new Error("no form in the disclosure");
  const fields = (first: string, last: string) => ({
    [nameOfLabelled(page, form, "Imię")]: first,
    [nameOfLabelled(page, form, "Nazwisko")]: last,
    [nameOfLabelled(page, form, "E-mail nowej osoby")]: "zofia.bez.skryptow@example.pl",
  });

  const refused = await submitForm(page, form, fields("Zofia", ""), jar, { button: "Przekaż bilet" });
  expect(refused.status).toBe(400);
  const again = refused.page.one(`[data-ticket-id="${ticketId}"] form`);
  // The field's own error, under "Nazwisko".
  expect(textOf(again)).toContain("Podaj nazwisko osoby z biletem.");
  expect(controlValue(formIn(refused.page, again).field("firstName"))).toBe("Zofia");
  expect(again.closest("details")?.hasAttribute("open")).toBe(true);

  const done = await submitForm(refused.page, again, fields("Zofia", "Bezskryptowa"), jar, {
    button: "Przekaż bilet",
  });
  expect(done.status).toBe(303);
  expect(done.url).toMatch(/\/account\/bilety$/);
  expect(textOf(noticeIn(done.page))).toBe("Bilet przekazany");
  expect(done.page.all(`[data-ticket-id="${ticketId}"]`)).toHaveLength(0);
});
