/**
 * A long document as an accordion of numbered sections (privacy policy). Radix Accordion: headers
 * are buttons in headings, arrow keys move between them, Enter/Space toggle. Several sections may be
 * open; "Rozwiń wszystkie" opens them all; a URL hash (#cookies) opens that section. Without
 * JavaScript (closed sections are not in the DOM) the whole text is shown instead.
 */
import { type ReactNode, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Button } from "~/components/ui/button";
import { proseClassName } from "./info-page";

export type DocumentSection = { id: string; title: string; content: ReactNode };

const noScriptCss = "[data-section-accordion]{display:none!important}";

export function SectionAccordion({ sections }: { sections: DocumentSection[] }) {
  const [open, setOpen] = useState<string[]>([]);
  const ids = sections.map((section) => section.id).join(" ");
  const allOpen = open.length === sections.length;

  useEffect(() => {
    const fromHash = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      if (!hash || !ids.split(" ").includes(hash)) return;
      setOpen((current) => (current.includes(hash) ? current : [...current, hash]));
      requestAnimationFrame(() => document.getElementById(`sekcja-${hash}`)?.scrollIntoView());
    };
    // A printout (or PDF) holds the whole document.
    const openAll = () => flushSync(() => setOpen(ids.split(" ")));
    fromHash();
    window.addEventListener("hashchange", fromHash);
    window.addEventListener("beforeprint", openAll);
    return () => {
      window.removeEventListener("hashchange", fromHash);
      window.removeEventListener("beforeprint", openAll);
    };
  }, [ids]);

  return (
    <>
      <noscript>
        <style>{noScriptCss}</style>
        <div className={proseClassName}>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>
                {index + 1}. {section.title}
              </h2>
              {section.content}
            </section>
          ))}
        </div>
      </noscript>
      <div data-section-accordion="" className="max-w-3xl">
        <div className="mb-2 flex justify-end print:hidden">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => setOpen(allOpen ? [] : sections.map((section) => section.id))}
          >
            {allOpen ? "Zwiń wszystkie" : "Rozwiń wszystkie"}
          </Button>
        </div>
        {/* The whole text is above for a browser without scripts: no second copy per section. */}
        <Accordion
          type="multiple"
          value={open}
          onValueChange={setOpen}
          noScriptText={false}
          className="border-border border-t"
        >
          {sections.map((section, index) => (
            <AccordionItem
              key={section.id}
              value={section.id}
              id={`sekcja-${section.id}`}
              className="scroll-mt-28"
            >
              <AccordionTrigger className="text-sm normal-case tracking-normal md:text-base">
                <span className="flex items-baseline gap-3 md:gap-4">
                  <span aria-hidden="true" className="w-7 shrink-0 font-display text-accent tabular-nums">
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  <span>
                    <span className="sr-only">{index + 1}. </span>
                    {section.title}
                  </span>
                </span>
              </AccordionTrigger>
              <AccordionContent className={`${proseClassName} pl-10 md:pl-11`}>
                {section.content}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </>
  );
}
