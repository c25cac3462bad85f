import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { handleFormAction, refuse } from "~/lib/form-action.server";
import { clientIpOf } from "~/lib/request-context";
import { staticPageMeta } from "~/lib/seo";
import { ContactForm } from "~/modules/contact/components/contact-form";
import { contactMessages } from "~/modules/contact/contact.schema";
import { CONTACT_MAX_BODY_BYTES, contactIntents } from "~/modules/contact/contact.server";
import { InfoPageHeader } from "~/modules/legal/components/info-page";
import { useRootData } from "~/root";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Kontakt",
  description:
    "Pytanie o produkt, zamówienie albo reklamację? Napisz do nas przez formularz kontaktowy lub e-mailem – odpowiemy najszybciej jak to możliwe.",
  path: "/contact",
});

/** Passes the rate limit's Retry-After on to document responses (plain form posts before hydration). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/**
 * Answered with data both ways: the page renders it, so a plain form keeps what was typed and shows the
 * message without scripts (decision 031).
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Refused before it is read: the longest valid form is ~2 KB.
  if (Number(request.headers.get("content-length") ?? 0) > CONTACT_MAX_BODY_BYTES)
    return refuse({ intent: null, message: contactMessages.failure }, 413);
  return handleFormAction(request, contactIntents(clientIpOf(context)), {
    invalidRequest: contactMessages.failure,
  });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const { site } = useRootData();
  const details = [
    {
      icon: Mail,
      label: "E-mail",
      value: (
        <a
          href={`mailto:${site.email}`}
          className="[overflow-wrap:anywhere] font-semibold text-foreground hover:text-accent"
        >
          {site.email}
        </a>
      ),
    },
    {
      icon: Phone,
      label: "Telefon",
      value: (
        <a
          href={`tel:${site.seller.phone.replace(/\s+/g, "")}`}
          className="font-semibold text-foreground hover:text-accent"
        >
          {site.seller.phone}
        </a>
      ),
    },
    {
      icon: Clock,
      label: "Kiedy odpowiadamy",
      value: <span className="text-foreground">W dni robocze, zwykle w ciągu 24 godzin.</span>,
    },
    {
      icon: MapPin,
      label: "Sprzedawca",
      value: (
        <address className="text-foreground not-italic">
          {site.seller.company}
          <br />
          {site.seller.address}
          <br />
          <span className="text-muted text-sm">
            NIP {site.seller.nip} · REGON {site.seller.regon}
          </span>
        </address>
      ),
    },
  ];

  return (
    <>
      <InfoPageHeader
        eyebrow="Kontakt"
        title="Kontakt"
        lead="Pytanie o merch, zamówienie albo reklamację? Napisz – odpowiemy najszybciej jak to możliwe."
      />
      <div className="container-page grid gap-10 py-10 md:py-14 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
        <aside aria-labelledby="dane-kontaktowe" className="order-2 lg:order-1">
          <h2 id="dane-kontaktowe" className="font-display text-2xl">
            Dane kontaktowe
          </h2>
          <ul className="mt-6 grid gap-5">
            {details.map((detail) => (
              <li key={detail.label} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-md border border-border bg-surface text-accent">
                  <detail.icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="text-muted text-xs uppercase tracking-widest">{detail.label}</p>
                  <div className="mt-1">{detail.value}</div>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-8 rounded-lg border border-border bg-surface p-5 text-foreground/80 text-sm leading-relaxed">
            <p className="font-bold text-foreground">Zanim napiszesz</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-accent">
              <li>
                Zwrot lub reklamacja? Zobacz{" "}
                <Link to="/returns" className="text-accent underline underline-offset-4">
                  zwroty i reklamacje
                </Link>
                .
              </li>
              <li>
                Koszty i czas wysyłki:{" "}
                <Link to="/shipping" className="text-accent underline underline-offset-4">
                  dostawa
                </Link>
                .
              </li>
              <li>Pytasz o zamówienie? Podaj jego numer – znajdziesz go w e-mailu z potwierdzeniem.</li>
            </ul>
          </div>
        </aside>

        <section
          aria-labelledby="formularz-kontaktowy"
          className="order-1 rounded-lg border border-border bg-surface p-5 sm:p-8 lg:order-2"
        >
          <h2 id="formularz-kontaktowy" className="mb-6 font-display text-2xl">
            Napisz do nas
          </h2>
          <ContactForm actionData={actionData} />
        </section>
      </div>
    </>
  );
}
