import { AlertCircle, Ticket } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { ATTENDEE_NAME_MAX } from "~/modules/tickets/attendees";
import { CartFormFields, pendingField, useCartFetcher } from "../cart-forms-client";
import { CART_ACTION, type CartTicketView } from "../cart-view";
import { LineStepper, RemoveLineButton } from "./line-stepper";

/**
 * One line of tickets (issue #40): the night, the type, its price, how many, and a name for each
 * ticket. Every control is a form of its own that works without scripts.
 */
export function CartTicketLine({ line }: { line: CartTicketView }) {
  const quantityFetcher = useCartFetcher();
  const removeFetcher = useCartFetcher({
    onResult(result) {
      if (result.ok) toast(result.title ?? "Usunięto z koszyka", { description: result.message });
    },
  });
  const pending = Number(pendingField(quantityFetcher, "quantity"));
  const quantity = Number.isSafeInteger(pending) && pending > 0 ? pending : line.quantity;
  const removing = pendingField(removeFetcher, "intent") === "remove-ticket";
  const label = `${line.nightTitle}, ${line.typeName}`;

  return (
    <li
      className={cn(
        "grid gap-4 rounded-lg border bg-surface p-4",
        line.status === "ok" ? "border-border" : "border-danger/60",
      )}
      hidden={removing}
      data-testid="cart-ticket-line"
      data-status={line.status}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 gap-3">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-surface-2 text-accent">
            <Ticket aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="font-bold leading-snug">
              {line.nightSlug ? (
                <Link to={`/wydarzenia/${line.nightSlug}`} className="hover:text-accent">
                  {line.nightTitle}
                </Link>
              ) : (
                line.nightTitle
              )}
            </p>
            <p className="text-muted text-sm">{line.when}</p>
            <p className="text-sm">
              Bilet: {line.typeName} · {formatPrice(line.unitPrice)} / bilet
            </p>
          </div>
        </div>
        <RemoveLineButton
          form={{ fetcher: removeFetcher, intent: "remove-ticket" }}
          field="ticketLine"
          line={line.id}
          label={`Usuń z koszyka: ${label}`}
          testId="remove-ticket-line"
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <LineStepper
          quantity={quantity}
          max={line.maxQuantity}
          quantityForm={{ fetcher: quantityFetcher, intent: "ticket-quantity" }}
          removeForm={{ fetcher: removeFetcher, intent: "remove-ticket" }}
          field="ticketLine"
          line={line.id}
          labels={{
            remove: `Usuń z koszyka: ${label}`,
            less: `Mniej biletów: ${label}`,
            more: `Więcej biletów: ${label}`,
            count: `Liczba biletów: ${label}`,
          }}
          valueTestId="ticket-quantity-value"
        />
        <p className="font-bold text-lg tabular-nums" data-testid="ticket-line-total">
          {formatPrice(line.unitPrice * quantity)}
        </p>
      </div>

      {line.problem ? (
        <p
          className="flex items-center gap-2 rounded-sm bg-danger/10 p-2 text-danger text-sm"
          role="status"
          data-testid="ticket-line-problem"
        >
          <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
          {line.problem}
        </p>
      ) : null}

      <AttendeesForm line={line} />
    </li>
  );
}

/** Each ticket's first and last name, saved together (the door checks them against an ID). */
function AttendeesForm({ line }: { line: CartTicketView }) {
  const fetcher = useCartFetcher({
    onResult(result) {
      if (result.ok) toast(result.title ?? "Zapisano", { description: result.message });
    },
  });
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const headingId = `attendees-${line.id}`;
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      className="grid gap-3 rounded-md border border-border border-dashed p-3"
      aria-labelledby={headingId}
      data-testid="attendees-form"
    >
      <CartFormFields intent="attendees" />
      <input type="hidden" name="ticketLine" value={line.id} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={headingId} className="font-bold text-sm">
          Imiona i nazwiska na biletach
        </p>
        <p
          className={cn("text-xs", line.named ? "text-success" : "text-danger")}
          data-testid="attendees-state"
        >
          {line.named ? "Uzupełnione" : "Do uzupełnienia przed płatnością"}
        </p>
      </div>
      {line.attendees.map((attendee, index) => (
        <fieldset key={`${line.id}-${index}`} className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-1 text-muted text-xs">Bilet {index + 1}</legend>
          <div className="grid gap-1 text-sm">
            <label htmlFor={`${line.id}-${index}-first`}>Imię</label>
            <Input
              id={`${line.id}-${index}-first`}
              name={`attendees[${index}].firstName`}
              defaultValue={attendee.firstName}
              autoComplete={index === 0 ? "given-name" : "off"}
              maxLength={ATTENDEE_NAME_MAX}
              required
            />
          </div>
          <div className="grid gap-1 text-sm">
            <label htmlFor={`${line.id}-${index}-last`}>Nazwisko</label>
            <Input
              id={`${line.id}-${index}-last`}
              name={`attendees[${index}].lastName`}
              defaultValue={attendee.lastName}
              autoComplete={index === 0 ? "family-name" : "off"}
              maxLength={ATTENDEE_NAME_MAX}
              required
            />
          </div>
        </fieldset>
      ))}
      {refused ? (
        <p className="text-danger text-sm" role="alert">
          {refused}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        className="justify-self-start"
        data-testid="save-attendees"
      >
        Zapisz dane uczestników
      </Button>
    </fetcher.Form>
  );
}
