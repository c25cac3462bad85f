import { parseHTML } from "linkedom";
import { prerenderToNodeStream } from "react-dom/static";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import type { NightTicketsView } from "~/modules/tickets/night-tickets";
import { NightTickets } from "./night-tickets";

const base: NightTicketsView = {
  types: [
    {
      id: "t-early",
      name: "Early bird",
      price: 4900,
      priceLabel: formatPrice(4900),
      shown: "sold_out",
      maxQuantity: 0,
      salesStart: null,
    },
    {
      id: "t-1",
      name: "Pula 1",
      price: 5900,
      priceLabel: formatPrice(5900),
      shown: "on_sale",
      maxQuantity: 2,
      salesStart: null,
    },
    {
      id: "t-2",
      name: "Pula 2",
      price: 7900,
      priceLabel: formatPrice(7900),
      shown: "waiting",
      maxQuantity: 0,
      salesStart: null,
    },
  ],
  next: { name: "Pula 2", price: 7900 },
  opensAt: null,
  opensAtLabel: null,
  renderedAt: "2026-12-01T12:00:00.000Z",
  soldOut: false,
  maxPerCustomer: 2,
  nextLabel: `Następna pula: ${formatPrice(7900)}`,
  perCustomerLabel: "Maks. 2 bilety na osobę",
};

/**
 * The section as the server renders it on /wydarzenia/noc (what a page without scripts gets): with
 * its lazily loaded parts (the countdown, the waiting list) rendered, as the page's stream does.
 */
async function render(tickets: NightTicketsView) {
  const Stub = createRoutesStub([
    { path: "/wydarzenia/noc", Component: () => <NightTickets tickets={tickets} eyebrow="19.12.2026" /> },
  ]);
  const { prelude } = await prerenderToNodeStream(<Stub initialEntries={["/wydarzenia/noc"]} />);
  let html = "";
  for await (const chunk of prelude) html += chunk;
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`);
  return document;
}

const text = (element: Element | null | undefined) =>
  (element?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("a night's tickets section", () => {
  it("lists the types, strikes the sold-out one and says so, and posts the one on sale to the cart", async () => {
    const document = await render(base);
    const section = document.querySelector("section#bilety");
    expect(section).not.toBeNull();
    const rows = [...document.querySelectorAll('[data-testid="ticket-type"]')];
    expect(rows.map((row) => row.getAttribute("data-state"))).toEqual(["sold_out", "on_sale", "waiting"]);
    expect(rows[0]?.querySelector("s")?.textContent).toBe("49,00\u00a0zł");
    expect(text(rows[0])).toContain("Wyprzedana");

    const forms = [...document.querySelectorAll("form")];
    expect(forms).toHaveLength(1);
    const form = forms[0] as Element;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/cart");
    const fields = [...form.querySelectorAll("input[name], select[name]")].map((field) => [
      field.getAttribute("name"),
      field.tagName === "SELECT" ? null : field.getAttribute("value"),
    ]);
    expect(fields).toEqual([
      ["intent", "add-ticket"],
      ["returnTo", "/wydarzenia/noc"],
      ["ticketTypeId", "t-1"],
      ["quantity", null],
    ]);
    const select = form.querySelector("select") as Element;
    expect([...select.querySelectorAll("option")].map((option) => option.getAttribute("value"))).toEqual([
      "1",
      "2",
    ]);
    // The select has its label; the button names its type for a screen reader.
    expect(document.querySelector(`label[for="${select.getAttribute("id")}"]`)).not.toBeNull();
    expect(text(form.querySelector("button"))).toBe("Dodaj do koszyka: Pula 1");

    expect(text(document.querySelector('[data-testid="tickets-next"]'))).toBe("Następna pula: 79,00 zł");
    expect(text(document.querySelector('[data-testid="tickets-per-customer"]'))).toBe(
      "Maks. 2 bilety na osobę",
    );
    expect(document.querySelector('[data-testid="tickets-sold-out"]')).toBeNull();
  });

  it("before sales: the date as text and no form; sold out: 'Wyprzedane' and the waiting list's slot", async () => {
    const before = await render({
      ...base,
      types: base.types.map((type) => ({ ...type, shown: "scheduled", maxQuantity: 0 })),
      next: null,
      nextLabel: null,
      opensAt: "2026-12-05T11:00:00.000Z",
      opensAtLabel: "5 grudnia 2026, 12:00",
      maxPerCustomer: null,
      perCustomerLabel: null,
    });
    expect(text(before.querySelector('[data-testid="tickets-opens-at"]'))).toBe(
      "Sprzedaż biletów od 5 grudnia 2026, 12:00",
    );
    // React writes `dateTime`, which linkedom keeps as written.
    expect(before.querySelector("time")?.outerHTML).toContain('="2026-12-05T11:00:00.000Z"');
    expect(before.querySelectorAll("form")).toHaveLength(0);
    expect(before.querySelector('[data-testid="tickets-per-customer"]')).toBeNull();

    const gone = await render({
      ...base,
      types: base.types.map((type) => ({ ...type, shown: "sold_out", maxQuantity: 0 })),
      next: null,
      soldOut: true,
    });
    expect(text(gone.querySelector('[data-testid="tickets-sold-out"]'))).toBe("Wyprzedane");
    expect(gone.querySelector('[data-slot="waiting-list"]')).not.toBeNull();
    // The one form left is the waiting list's (issue #40), a plain POST to /bilety/lista.
    const forms = gone.querySelectorAll("form");
    expect(forms).toHaveLength(1);
    expect(forms[0].getAttribute("action")).toBe("/bilety/lista");
    expect(forms[0].querySelector('input[name="email"]')).not.toBeNull();
    expect(gone.querySelectorAll("s")).toHaveLength(3);
  });
});
