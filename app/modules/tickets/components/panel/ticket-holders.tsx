/**
 * The holders of a night's tickets on its "Bilety" page (issue #40 "The panel"): the search (one box:
 * name, e-mail, order number or ticket id) and pages of 50 in the URL, so the list works without
 * scripts; the CSV of the same search; per ticket "Wyślij ponownie" and "Unieważnij" (a reason, with
 * the money back or not); and "Odwołaj wydarzenie" with the night's title typed as the confirmation.
 */
import { Download, Loader2, Mail } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  ACTIONS_COLUMN,
  AdminTable,
  type AdminTableSpec,
  numberColumn,
} from "~/components/panel/admin-table";
import { CheckboxLine } from "~/components/panel/checkbox-field";
import { FormDialog, FormErrorAlert } from "~/components/panel/dialog-frame";
import { DialogForm, TextField, useDialogForm } from "~/components/panel/form-in-dialog";
import { ListFilters } from "~/components/panel/list-filters";
import { PanelScreen, useRowActionToast } from "~/components/panel/panel-screen";
import { RowActionsCell, RowTextButton } from "~/components/panel/row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { FormActionResult } from "~/lib/form-action.server";
import { formatPrice } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import {
  HOLDERS_QUERY_MAX,
  type HolderRow,
  holdersCsvHref,
  holdersHref,
  ticketStateLabels,
} from "../../ticket-holders";
import {
  holderMessages,
  nightCancelSchema,
  ticketVoidSchema,
  VOID_REASON_MAX,
} from "../../ticket-holders.schema";

/** One ticket as the loader sends it, with its void's refund status worded on the server. */
export type HolderListItem = Omit<HolderRow, "orderItemId"> & { refundLabel: string | null };

export type HoldersView = { q: string; page: number; pages: number; total: number; rows: HolderListItem[] };

const HOLDERS_TABLE: AdminTableSpec = {
  caption: "Bilety tej nocy i ich posiadacze",
  minWidthClassName: "min-w-[64rem]",
  columns: [
    "Posiadacz",
    "E-mail",
    "Pula",
    "Zamówienie",
    "Bilet",
    "Stan",
    numberColumn("Cena"),
    ACTIONS_COLUMN,
  ],
};

const failureTitle = (intent: string | null) =>
  intent === "resend" ? holderMessages.resendFailed : holderMessages.voidFailed;

export function TicketHolders({ eventId, holders }: { eventId: string; holders: HoldersView }) {
  const [voiding, setVoiding] = useState<HolderListItem | null>(null);
  const action = `/admin/events/${eventId}/tickets`;
  return (
    <PanelScreen
      name="ticket-holders"
      title="Posiadacze biletów"
      count={`Biletów: ${holders.total}`}
      actions={
        <Button asChild variant="secondary" size="sm">
          <a href={holdersCsvHref(eventId, holders.q)} download>
            <Download aria-hidden="true" />
            Eksport CSV
          </a>
        </Button>
      }
    >
      <div id="holders" />
      <ListFilters
        action={action}
        label="Szukaj biletów"
        className="flex flex-wrap items-center gap-2"
        search={{
          id: "holders-q",
          label: "Szukaj po nazwisku, e-mailu, numerze zamówienia lub biletu",
          placeholder: "Nazwisko, e-mail, nr zamówienia lub biletu",
          value: holders.q,
          maxLength: HOLDERS_QUERY_MAX,
          spellCheck: false,
        }}
        submitLabel="Szukaj"
        canClear={holders.q !== ""}
      />
      <AdminTable
        {...HOLDERS_TABLE}
        loading={false}
        empty={holders.rows.length ? null : holders.q ? "Nie znaleziono biletów" : "Brak sprzedanych biletów"}
      >
        {holders.rows.map((row) => (
          <HolderRowView key={row.ticketId} row={row} action={action} onVoid={() => setVoiding(row)} />
        ))}
      </AdminTable>
      {holders.pages > 1 ? (
        <nav aria-label="Strony biletów" className="flex items-center justify-between gap-3 text-sm">
          <p className="text-muted">
            Strona {holders.page} z {holders.pages} · {holders.total} biletów
          </p>
          <div className="flex gap-2">
            {holders.page > 1 ? (
              <Button asChild variant="secondary" size="sm">
                <Link to={holdersHref(eventId, holders.q, holders.page - 1)}>Poprzednia</Link>
              </Button>
            ) : null}
            {holders.page < holders.pages ? (
              <Button asChild variant="secondary" size="sm">
                <Link to={holdersHref(eventId, holders.q, holders.page + 1)}>Następna</Link>
              </Button>
            ) : null}
          </div>
        </nav>
      ) : null}
      <FormDialog
        open={voiding !== null}
        onOpenChange={(open) => (open ? null : setVoiding(null))}
        title={holderMessages.voidConfirm}
        description={
          voiding
            ? `Bilet ${voiding.firstName} ${voiding.lastName} (${voiding.typeName}) przestanie działać przy wejściu, a miejsce wróci do sprzedaży. Tego nie można cofnąć.`
            : ""
        }
      >
        {voiding ? <VoidForm action={action} ticket={voiding} onDone={() => setVoiding(null)} /> : null}
      </FormDialog>
    </PanelScreen>
  );
}

function HolderRowView({ row, action, onVoid }: { row: HolderListItem; action: string; onVoid: () => void }) {
  const resend = useFetcher<FormActionResult>({ key: `ticket-resend-${row.ticketId}` });
  useRowActionToast(resend, failureTitle);
  const name = `${row.firstName} ${row.lastName}`;
  const valid = row.state === "valid";
  return (
    <tr data-testid="ticket-holder-row" className="transition-colors hover:bg-surface-2/50">
      <th scope="row" className="px-3 py-2 text-left font-semibold">
        {name}
      </th>
      <td className="px-3 py-2 break-all">{row.email}</td>
      <td className="px-3 py-2">{row.typeName}</td>
      <td className="px-3 py-2 font-mono">#{orderNumber(row.orderId)}</td>
      <td className="px-3 py-2 font-mono text-xs" title={row.ticketId}>
        {row.ticketId.slice(0, 8)}
      </td>
      <td className="px-3 py-2">
        <Badge variant={valid ? "success" : "danger"}>{ticketStateLabels[row.state]}</Badge>
        {valid ? null : (
          <span className="block text-muted text-xs">
            {row.voidReason}
            {row.refundLabel ? ` · Zwrot: ${row.refundLabel}` : " · bez zwrotu"}
          </span>
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatPrice(row.price)}</td>
      <RowActionsCell>
        {valid ? (
          <>
            <resend.Form method="post" action={action}>
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="ticketId" value={row.ticketId} />
              <Button
                type="submit"
                variant="ghost"
                size="sm"
                disabled={resend.state !== "idle"}
                aria-label={`Wyślij ponownie: ${name}`}
              >
                {resend.state !== "idle" ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : (
                  <Mail aria-hidden="true" />
                )}
                Wyślij ponownie
              </Button>
            </resend.Form>
            <RowTextButton label={`Unieważnij: ${name}`} onClick={onVoid}>
              Unieważnij
            </RowTextButton>
          </>
        ) : null}
      </RowActionsCell>
    </tr>
  );
}

function VoidForm({
  action,
  ticket,
  onDone,
}: {
  action: string;
  ticket: HolderListItem;
  onDone: () => void;
}) {
  const form = useDialogForm({
    id: `ticket-void-${ticket.ticketId}`,
    schema: ticketVoidSchema,
    defaultValue: { ticketId: ticket.ticketId, reason: "" },
    failureTitle: holderMessages.voidFailed,
    onDone,
  });
  return (
    <DialogForm dialog={form} action={action} intent="void" submitLabel="Unieważnij bilet">
      <input type="hidden" name="ticketId" value={ticket.ticketId} />
      <TextField
        field={form.fields.reason}
        label="Powód"
        required
        maxLength={VOID_REASON_MAX}
        autoComplete="off"
      />
      <CheckboxLine
        id={`ticket-void-refund-${ticket.ticketId}`}
        name="refund"
        value="on"
        defaultChecked
        label={`Zwróć pieniądze (${formatPrice(ticket.price)})`}
        hint="Przez operatora płatności, na kartę lub konto kupującego."
      />
    </DialogForm>
  );
}

/** "Odwołaj wydarzenie": the title typed again; after it, the state and a failed refund's retry. */
export function CancelNight({
  eventId,
  title,
  cancelled,
  failedRefunds,
}: {
  eventId: string;
  title: string;
  cancelled: boolean;
  failedRefunds: number;
}) {
  const form = useDialogForm({
    id: "night-cancel-form",
    schema: nightCancelSchema,
    defaultValue: { confirmTitle: "" },
    failureTitle: holderMessages.cancelFailed,
    onDone: () => {},
  });
  const { fetcher, fields, busy, formProps, formError } = form;
  return (
    <PanelScreen
      name="night-cancel"
      title="Odwołaj wydarzenie"
      description="Każdy opłacony bilet zostanie unieważniony i zwrócony przez operatora płatności, a kupujący i posiadacze dostaną e-mail. Strona wydarzenia pokaże, że jest odwołane."
    >
      {cancelled ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          Wydarzenie jest odwołane.
          {failedRefunds > 0
            ? ` Nieudane zwroty: ${failedRefunds} bil. — uruchom odwołanie ponownie, aby je ponowić.`
            : " Wszystkie zwroty zlecone."}
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        action={`/admin/events/${eventId}/tickets`}
        {...formProps}
        noValidate
        className="grid gap-4"
      >
        <input type="hidden" name="intent" value="cancel-night" />
        <TextField
          field={fields.confirmTitle}
          label={`Wpisz tytuł wydarzenia: ${title}`}
          required
          autoComplete="off"
          spellCheck={false}
        />
        <FormErrorAlert id={formError.id} message={formError.message} />
        <div>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {cancelled ? "Ponów zwroty odwołanego wydarzenia" : "Odwołaj wydarzenie"}
          </Button>
        </div>
      </fetcher.Form>
    </PanelScreen>
  );
}
