import { ChevronDown } from "lucide-react";
import type { FaqItem } from "../events.server";
import { SectionHeading } from "./section-heading";

/**
 * FAQ accordion: one item open at a time, and the open one closes again on a second click. Built
 * on native `<details name>` (exclusive accordion): no JavaScript needed, works before hydration;
 * the toggle handler keeps it exclusive in browsers without `name` support.
 */
export function FaqSection({ items, email }: { items: FaqItem[]; email: string }) {
  if (items.length === 0) return null;
  return (
    <section id="faq" aria-labelledby="faq-title" className="container-page scroll-mt-20 py-24 md:py-32">
      <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr] lg:gap-16">
        <SectionHeading id="faq-title" eyebrow="Zanim przyjdziesz" title="FAQ" className="mb-0">
          <p>
            Nie ma tu odpowiedzi na Twoje pytanie? Napisz:{" "}
            <a
              href={`mailto:${email}`}
              className="font-bold text-foreground underline underline-offset-4 hover:text-accent"
            >
              {email}
            </a>
          </p>
        </SectionHeading>
        <div className="border-t border-border" data-testid="faq">
          {items.map((item) => (
            <details
              key={item.question}
              name="faq"
              className="group border-b border-border"
              data-testid="faq-item"
              onToggle={(event) => {
                const opened = event.currentTarget;
                if (!opened.open) return;
                for (const other of opened.parentElement?.querySelectorAll("details[open]") ?? []) {
                  if (other !== opened) (other as HTMLDetailsElement).open = false;
                }
              }}
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-lg font-bold uppercase tracking-wide transition-colors hover:text-accent md:text-xl [&::-webkit-details-marker]:hidden outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-accent transition-transform duration-200 group-open:rotate-180"
                />
              </summary>
              <p className="pb-6 text-base leading-relaxed text-muted md:text-lg">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
