import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CartFetcher } from "../cart-forms-client";
import { LineStepper, RemoveLineButton } from "./line-stepper";

// A fetcher as it renders before hydration: its Form is a plain form.
const fetcher = {
  Form: (props: ComponentProps<"form">) => <form {...props} />,
  submit: async () => {},
} as unknown as CartFetcher;

const labels = { remove: "Usuń: X", less: "Mniej: X", more: "Więcej: X", count: "Ile: X" };

/** The opening tag of the button with this label. */
function button(html: string, label: string) {
  return (html.match(/<button[^>]*>/g) ?? []).find((tag) => tag.includes(`aria-label="${label}"`)) ?? "";
}

function stepper(quantity: number, max: number) {
  return renderToStaticMarkup(
    <LineStepper
      quantity={quantity}
      max={max}
      quantityForm={{ fetcher, intent: "ticket-quantity" }}
      removeForm={{ fetcher, intent: "remove-ticket" }}
      field="ticketLine"
      line="L1"
      labels={labels}
      valueTestId="value"
    />,
  );
}

describe("LineStepper", () => {
  it("at one, '−' is the line's removal; '+' posts one more; each a plain form to the cart", () => {
    const html = stepper(1, 5);
    const forms = html.match(/<form[^>]*>/g) ?? [];
    expect(forms).toHaveLength(2);
    for (const form of forms) expect(form).toContain('action="/cart"');
    expect(html).toContain('name="intent" value="remove-ticket"');
    expect(html).toContain('name="ticketLine" value="L1"');
    expect(button(html, "Usuń: X")).not.toContain('name="quantity"');
    expect(button(html, "Więcej: X")).toMatch(/value="2".*name="quantity"/);
    expect(html).toContain('aria-label="Ile: X" data-testid="value">1</output>');
  });

  it("above one, '−' posts one less; at the most, '+' is disabled", () => {
    const html = stepper(3, 3);
    expect(html).not.toContain("remove-ticket");
    expect(button(html, "Mniej: X")).toMatch(/value="2".*name="quantity"/);
    expect(button(html, "Więcej: X")).toMatch(/value="4".*disabled=""/);
  });
});

describe("RemoveLineButton", () => {
  it("is a plain form removing the whole line", () => {
    const html = renderToStaticMarkup(
      <RemoveLineButton
        form={{ fetcher, intent: "remove" }}
        field="line"
        line="L2"
        label="Usuń z koszyka: Y"
        testId="remove-line"
      />,
    );
    expect(html).toMatch(/^<form[^>]*action="\/cart"/);
    expect(html).toContain('name="intent" value="remove"');
    expect(html).toContain('name="line" value="L2"');
    expect(button(html, "Usuń z koszyka: Y")).toContain('data-testid="remove-line"');
  });
});
