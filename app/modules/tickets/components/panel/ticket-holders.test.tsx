import { parseHTML } from "linkedom";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CancelNight, type HoldersView, TicketHolders } from "./ticket-holders";

const holders: HoldersView = {
  q: "nowak",
  page: 2,
  pages: 3,
  total: 120,
  rows: [
    {
      ticketId: "0f8c2f5e-4b1d-4c8a-9e2f-1a2b3c4d5e6f",
      orderId: "a1b2c3d4-0000-4000-8000-000000000000",
      firstName: "Ada",
      lastName: "Nowak",
      email: "ada@example.pl",
      typeName: "Pula 1",
      state: "valid",
      price: 5900,
      voidReason: null,
      refundLabel: null,
    },
    {
      ticketId: "1f8c2f5e-4b1d-4c8a-9e2f-1a2b3c4d5e6f",
      orderId: "b1b2c3d4-0000-4000-8000-000000000000",
      firstName: "Jan",
      lastName: "Nowak",
      email: "jan@example.pl",
      typeName: "Pula 2",
      state: "void",
      price: 7900,
      voidReason: "Zgubiony",
      refundLabel: "Nieudany",
    },
  ],
};

function render() {
  const path = "/admin/events/e-1/tickets";
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <>
          <TicketHolders eventId="e-1" holders={holders} />
          <CancelNight eventId="e-1" title="Noc" cancelled failedRefunds={2} />
        </>
      ),
    },
  ]);
  const html = renderToString(<Stub initialEntries={[path]} />);
  return parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`).document;
}

const text = (element: Element | null | undefined) =>
  (element?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("the night's holders", () => {
  it("lists tickets with their state and refund, a search and pages without scripts, the CSV link", () => {
    const document = render();
    const [valid, voided] = [...document.querySelectorAll('[data-testid="ticket-holder-row"]')].map(text);
    expect(valid).toContain("#A1B2C3D4");
    expect(valid).toContain("Wyślij ponownie");
    expect(valid).toContain("Unieważnij");
    expect(voided).toContain("Zgubiony · Zwrot: Nieudany");
    expect(voided).not.toContain("Wyślij ponownie");
    const search = document.querySelector('form[role="search"]');
    expect(search?.getAttribute("method")).toBe("get");
    expect(search?.querySelector('input[name="q"]')?.getAttribute("value")).toBe("nowak");
    const pages = [...document.querySelectorAll('nav[aria-label="Strony biletów"] a')].map((link) =>
      link.getAttribute("href"),
    );
    expect(pages).toEqual([
      "/admin/events/e-1/tickets?q=nowak#holders",
      "/admin/events/e-1/tickets?q=nowak&page=3#holders",
    ]);
    expect(document.querySelector("a[download]")?.getAttribute("href")).toBe(
      "/admin/events/e-1/tickets.csv?q=nowak",
    );
  });

  it("asks the night's title to cancel it, and says what failed", () => {
    const document = render();
    expect(document.querySelector('input[name="intent"][value="cancel-night"]')).not.toBeNull();
    expect(document.querySelector('input[name="confirmTitle"]')).not.toBeNull();
    expect(text(document.querySelector('[role="status"]'))).toContain("Nieudane zwroty: 2");
  });
});
