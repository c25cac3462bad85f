import { CalendarDays, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { FormActionResult } from "~/lib/form-contract";
import { cn } from "~/lib/utils";
import type { HeldTicket } from "../my-tickets.server";
import { TICKET_ENTRY_TEXT } from "../ticket-terms";
import { TicketReturnForm } from "./ticket-return-form";
import { TicketTransferForm } from "./ticket-transfer-form";

/** The quiet zone around a QR code, in modules (ISO/IEC 18004 asks for 4). */
const QUIET = 4;

/**
 * One e-ticket: its night, its holder and its QR (drawn from the server's path), "Przekazany" on the
 * order's page once given away, or "Unieważniony". `actionData`: the page's answer (a refused transfer).
 */
export function TicketCard({
  ticket,
  actionData,
}: {
  ticket: Omit<HeldTicket, "past">;
  actionData?: FormActionResult;
}) {
  const valid = ticket.state === "valid" && ticket.qr;
  return (
    <li
      className={cn(
        "grid gap-4 rounded-lg border bg-surface p-4 sm:grid-cols-[minmax(0,1fr)_12rem]",
        valid || ticket.givenTo ? "border-border" : "border-danger/40 opacity-70",
      )}
      data-testid="ticket-card"
      data-ticket-id={ticket.id}
    >
      <div className="grid content-start gap-2">
        <p className="font-display text-2xl leading-none">
          <Link to={`/wydarzenia/${ticket.nightSlug}`} className="hover:text-accent">
            {ticket.nightTitle}
          </Link>
        </p>
        <p className="flex items-center gap-2 text-sm">
          <CalendarDays aria-hidden="true" className="size-4 text-accent" />
          {ticket.when}
        </p>
        <p className="flex items-center gap-2 text-sm">
          <MapPin aria-hidden="true" className="size-4 text-accent" />
          {ticket.place}
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Bilet</dt>
          <dd>{ticket.typeName}</dd>
          <dt className="text-muted">Imię i nazwisko</dt>
          <dd className="font-bold" data-testid="ticket-holder">
            {ticket.holder}
          </dd>
          <dt className="text-muted">Zamówienie</dt>
          <dd>#{ticket.orderNumber}</dd>
          <dt className="text-muted">Nr biletu</dt>
          <dd className="break-all font-mono text-xs">{ticket.id}</dd>
        </dl>
        <p className="text-muted text-xs">{TICKET_ENTRY_TEXT}</p>
        {ticket.transferUntil ? (
          <TicketTransferForm ticketId={ticket.id} until={ticket.transferUntil} actionData={actionData} />
        ) : null}
        <TicketReturnForm ticketId={ticket.id} giveBack={ticket.giveBack} actionData={actionData} />
      </div>
      {valid && ticket.qr ? (
        <svg
          viewBox={`${-QUIET} ${-QUIET} ${ticket.qr.size + 2 * QUIET} ${ticket.qr.size + 2 * QUIET}`}
          role="img"
          aria-label={`Kod QR biletu: ${ticket.holder}`}
          className="w-full max-w-48 justify-self-center rounded-md bg-white"
          shapeRendering="crispEdges"
          data-testid="ticket-qr"
        >
          <rect x={-QUIET} y={-QUIET} width="100%" height="100%" fill="#fff" />
          <path d={ticket.qr.path} fill="#000" />
        </svg>
      ) : ticket.givenTo && ticket.state === "valid" ? (
        <p className="self-center text-center font-bold text-muted" data-testid="ticket-given">
          Przekazany: {ticket.givenTo}
        </p>
      ) : (
        <p className="self-center text-center font-bold text-danger uppercase" data-testid="ticket-void">
          Bilet unieważniony
        </p>
      )}
    </li>
  );
}
