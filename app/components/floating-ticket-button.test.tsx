import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FloatingTicketButton } from "./floating-ticket-button";

describe("FloatingTicketButton", () => {
  it("opens an outside seller in a new tab, and a night's own tickets in place", () => {
    const outside = renderToStaticMarkup(<FloatingTicketButton href="https://bilety.example/n" />);
    expect(outside).toContain('target="_blank"');
    const here = renderToStaticMarkup(<FloatingTicketButton href="/wydarzenia/noc#bilety" />);
    expect(here).toContain('href="/wydarzenia/noc#bilety"');
    expect(here).not.toContain("target=");
  });
});
