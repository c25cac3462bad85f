import { parseHTML } from "linkedom";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { newTicketTypeDefaults } from "../../ticket-types.schema";
import { TicketsPanel, type TicketTypeListItem } from "./tickets-panel";

const type: TicketTypeListItem = {
  id: "t-1",
  name: "Pula 1",
  price: 7900,
  vatRate: 8,
  quota: 100,
  sold: 2,
  held: 3,
  left: 95,
  revenue: 15_800,
  window: "od 1 grudnia 2026, 10:00",
  maxPerOrder: 4,
  opensAfterPrevious: true,
  state: "on_sale",
  stateLabel: "W sprzedaży",
  defaults: { ...newTicketTypeDefaults, id: "t-1", name: "Pula 1" },
};

function render(salesMode: "external" | "site") {
  const path = "/admin/events/e-1/tickets";
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <TicketsPanel
          event={{ id: "e-1", title: "Noc", when: "13 marca 2027, 23:00–07:00", salesMode }}
          night={{
            capacity: 300,
            remaining: 295,
            maxPerCustomer: 4,
            transferUntilMinutes: 120,
            offersUntilMinutes: 120,
          }}
          types={[type]}
          totals={{ sold: 2, held: 3, left: 95, revenue: 15_800 }}
        />
      ),
    },
  ]);
  const html = renderToString(<Stub initialEntries={[path]} />);
  return parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`).document;
}

const text = (element: Element | null | undefined) =>
  (element?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("the night's Bilety page", () => {
  it("lists a type with its figures, state and flag, the totals and the settings", () => {
    const document = render("site");
    const row = text(document.querySelector('[data-testid="ticket-type-row"]'));
    expect(row).toContain("Pula 1");
    expect(row).toContain("po wyprzedaniu poprzedniej");
    expect(row).toContain("W sprzedaży");
    expect(row).toContain("158,00 zł");
    expect(text(document.querySelector('[data-testid="ticket-totals"]'))).toContain("pojemność sali: 300");
    expect(text(document.querySelector('[data-testid="ticket-types-count"]'))).toBe("Sprzedane: 2 z 300");
    expect(document.querySelector('input[name="capacity"]')?.getAttribute("value")).toBe("300");
    expect(document.querySelector('[data-testid="sale-off"]')).toBeNull();
  });

  it("says the sale is off for a night on the external link", () => {
    expect(text(render("external").querySelector('[data-testid="sale-off"]'))).toContain(
      "Sprzedaż na stronie jest wyłączona",
    );
  });
});
