/**
 * The waiting list's form on a sold-out night (issue #40): e-mail, 1–2 tickets, consent. A plain POST
 * to /bilety/lista that goes back to the night's page with the answer as a flash: it works before
 * scripts and from the page cache (no per-visitor data in it). The action checks the fields with the
 * same schema (waitlist.schema.ts); the browser's own `required` covers the rest.
 */
import { ListPlus } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { EMAIL_MAX } from "~/lib/email-limits";
import { WAITLIST_CONSENT_TEXT, WAITLIST_INTENT, WAITLIST_MAX_TICKETS } from "../waitlist";

export function WaitlistForm({ ticketTypeId }: { ticketTypeId: string }) {
  const id = useId();
  return (
    <Form method="post" action="/bilety/lista" className="mt-4 grid gap-4" data-testid="waitlist-form">
      <p className="text-sm">
        Dołącz do listy oczekujących. Gdy ktoś odda bilet, pierwsza osoba w kolejce dostanie ofertę ważną 30
        minut — po cenie, którą za bilet zapłacono.
      </p>
      <input type="hidden" name="intent" value={WAITLIST_INTENT} />
      <input type="hidden" name="ticketTypeId" value={ticketTypeId} />
      {/* Plain labels and a native checkbox: this form is on the landing page, whose scripts are
          budgeted (decision 010) — no field or checkbox components for one small form. */}
      <div className="grid gap-2">
        <label htmlFor={`${id}-email`} className="font-bold text-sm">
          E-mail
        </label>
        <Input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
        />
      </div>
      <div className="grid gap-2">
        <label htmlFor={`${id}-quantity`} className="font-bold text-sm">
          Liczba biletów
        </label>
        <NativeSelect id={`${id}-quantity`} name="quantity" defaultValue="1">
          {Array.from({ length: WAITLIST_MAX_TICKETS }, (_, n) => (
            <option key={n + 1} value={n + 1}>
              {n + 1}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-consent`}
          type="checkbox"
          name="consent"
          required
          className="mt-0.5 size-5 shrink-0 accent-[var(--color-accent)]"
        />
        <label htmlFor={`${id}-consent`} className="text-sm leading-snug">
          {WAITLIST_CONSENT_TEXT}
        </label>
      </div>
      <div>
        <Button type="submit">
          <ListPlus aria-hidden="true" />
          Zapisz mnie na listę
        </Button>
      </div>
    </Form>
  );
}
