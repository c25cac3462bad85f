import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, toggledItems } from "./accordion";

describe("toggledItems", () => {
  it("multiple: opens and closes each item independently", () => {
    expect(toggledItems([], "a", "multiple")).toEqual(["a"]);
    expect(toggledItems(["a"], "b", "multiple")).toEqual(["a", "b"]);
    expect(toggledItems(["a", "b"], "a", "multiple")).toEqual(["b"]);
  });

  it("single: opening one closes the other", () => {
    expect(toggledItems(["a"], "b", "single")).toEqual(["b"]);
    expect(toggledItems([], "a", "single", true)).toEqual(["a"]);
  });

  it("single: the open item closes only when collapsible", () => {
    expect(toggledItems(["a"], "a", "single", true)).toEqual([]);
    const open = ["a"];
    expect(toggledItems(open, "a", "single")).toBe(open);
  });
});

describe("Accordion markup", () => {
  const html = renderToStaticMarkup(
    <Accordion type="multiple" defaultValue={["open"]}>
      <AccordionItem value="open">
        <AccordionTrigger>Opis</AccordionTrigger>
        <AccordionContent>Treść opisu</AccordionContent>
      </AccordionItem>
      <AccordionItem value="closed">
        <AccordionTrigger>Dostawa</AccordionTrigger>
        <AccordionContent>Treść dostawy</AccordionContent>
      </AccordionItem>
    </Accordion>,
  );
  // Attributes of every <button> and <section>, in document order.
  const attributes = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}([^>]*)>`, "g"))].map((match) =>
      Object.fromEntries(
        [...(match[1] ?? "").matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ""]),
      ),
    );
  const [openTrigger, closedTrigger] = attributes("button");
  const [openPanel, closedPanel] = attributes("section");
  const panelText = [...html.matchAll(/<section[^>]*>(.*?)<\/section>/g)].map((match) =>
    (match[1] ?? "").replace(/<[^>]+>/g, ""),
  );

  it("renders each header as a button in a heading that names and controls its panel", () => {
    expect(html).toMatch(/<h3 class="flex"><button/);
    expect(openTrigger?.type).toBe("button");
    expect(openTrigger?.["aria-controls"]).toBe(openPanel?.id);
    expect(openPanel?.["aria-labelledby"]).toBe(openTrigger?.id);
    expect(closedTrigger?.["aria-controls"]).toBe(closedPanel?.id);
    expect(openTrigger?.id).not.toBe(closedTrigger?.id);
  });

  it("shows the open panel and leaves the closed one hidden and empty", () => {
    expect(openTrigger?.["aria-expanded"]).toBe("true");
    expect(openPanel).not.toHaveProperty("hidden");
    expect(panelText[0]).toBe("Treść opisu");
    expect(closedTrigger?.["aria-expanded"]).toBe("false");
    expect(closedPanel).toHaveProperty("hidden");
    expect(panelText[1]).toBe("");
  });

  it("gives a browser without scripts the closed panel's text, once, outside the hidden panel", () => {
    const fallbacks = [...html.matchAll(/<noscript>(.*?)<\/noscript>/g)].map((match) =>
      (match[1] ?? "").replace(/<[^>]+>/g, ""),
    );
    expect(fallbacks).toEqual(["Treść dostawy"]);
  });

  it("leaves the fallback out where the page gives the whole text itself", () => {
    const without = renderToStaticMarkup(
      <Accordion type="single" noScriptText={false}>
        <AccordionItem value="closed">
          <AccordionTrigger>Dostawa</AccordionTrigger>
          <AccordionContent>Treść dostawy</AccordionContent>
        </AccordionItem>
      </Accordion>,
    );
    expect(without).not.toContain("noscript");
    expect(without).not.toContain("Treść dostawy");
  });

  it("does not animate what the page opened with", () => {
    expect(html).not.toContain("animate-accordion-down");
  });
});
