/**
 * The night's "Bilety" page (issue #40 step 1): the sale's settings (capacity, max per customer, the
 * name-change and waiting-list notices), the ticket types with sold / held / left, revenue, window and
 * the tier's state now, a totals row, and the dialog that adds and edits a type. A night still sold
 * through the external link opens too and says the sale here is off.
 */
import { ArrowDown, ArrowLeft, ArrowUp, Loader2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import {
  ACTIONS_COLUMN,
  AdminTable,
  type AdminTableSpec,
  numberColumn,
} from "~/components/panel/admin-table";
import { ConfirmDialog, DeleteButton } from "~/components/panel/confirm-dialog";
import { FormErrorAlert } from "~/components/panel/dialog-frame";
import { TextField, useDialogForm } from "~/components/panel/form-in-dialog";
import { FormSection } from "~/components/panel/form-layout";
import { AddButton, PanelScreen, useRecordList, useRowActionToast } from "~/components/panel/panel-screen";
import { EditRowButton, RowActionsCell, RowIconButton } from "~/components/panel/row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { FormActionResult } from "~/lib/form-action.server";
import { formatPrice } from "~/lib/money";
import type { TypeCounts } from "../../ticket-panel";
import type { TierState } from "../../ticket-tiers";
import { nightSettingsSchema, type TicketTypeDefaults, ticketMessages } from "../../ticket-types.schema";
import type { PanelNight } from "../../ticket-types.server";
import { CancelNight, type HoldersView, TicketHolders } from "./ticket-holders";
import { TicketTypeDialog } from "./ticket-type-dialog";

/** One type as the loader sends it (the window already formatted on the server). */
export type TicketTypeListItem = TypeCounts & {
  id: string;
  name: string;
  price: number;
  vatRate: number;
  quota: number;
  window: string;
  maxPerOrder: number;
  opensAfterPrevious: boolean;
  state: TierState;
  stateLabel: string;
  defaults: TicketTypeDefaults;
};

const STATE_BADGE: Record<TierState, "success" | "default" | "warning" | "danger" | "outline"> = {
  on_sale: "success",
  scheduled: "default",
  waiting: "outline",
  sold_out: "danger",
  ended: "warning",
};

const TYPES_TABLE: AdminTableSpec = {
  caption: "Pule biletów tej nocy",
  minWidthClassName: "min-w-[72rem]",
  columns: [
    "Pula",
    numberColumn("Cena"),
    numberColumn("VAT"),
    "Stan",
    numberColumn("Pula"),
    numberColumn("Sprzedane"),
    numberColumn("Zarezerw."),
    numberColumn("Zostało"),
    numberColumn("Przychód"),
    "Sprzedaż (czas polski)",
    numberColumn("Maks. na zam."),
    ACTIONS_COLUMN,
  ],
};

const failureTitle = (intent: string | null) =>
  intent === "move" ? ticketMessages.moveFailed : ticketMessages.invalidRequest;

export function TicketsPanel({
  event,
  night,
  types,
  totals,
  holders,
  failedRefunds = 0,
}: {
  event: { id: string; title: string; when: string; salesMode: "external" | "site"; status?: string };
  night: PanelNight | null;
  types: TicketTypeListItem[];
  totals: TypeCounts;
  /** The holders' table (issue #40 "The panel"); left out where only the types are shown. */
  holders?: HoldersView;
  /** Tickets of a cancelled night whose refund failed and waits for the cancel to run again. */
  failedRefunds?: number;
}) {
  const action = `/admin/events/${event.id}/tickets`;
  const { list, edit, dialogKey, dialog, remove, shown } = useRecordList(types, {
    action,
    loadError: null,
    deleteFailure: ticketMessages.deleteFailed,
  });
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <Link
          to="/admin/events"
          className="inline-flex items-center gap-1 text-muted text-sm hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Wydarzenia
        </Link>
        <h2 className="font-display text-2xl">Bilety: {event.title}</h2>
        <p className="text-muted text-sm">
          {event.when} ·{" "}
          <Link to={`/admin/events/${event.id}/edit`} className="text-accent underline underline-offset-4">
            Edytuj wydarzenie
          </Link>
          {event.salesMode === "site" ? (
            <>
              {" · "}
              <Link
                to={`/admin/events/${event.id}/bramka`}
                className="text-accent underline underline-offset-4"
              >
                Bramka na żywo
              </Link>
              {" · "}
              <Link
                to={`/admin/events/${event.id}/raport`}
                className="text-accent underline underline-offset-4"
              >
                Raport
              </Link>
            </>
          ) : null}
        </p>
      </div>
      {event.salesMode === "external" ? (
        <p
          role="status"
          className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
          data-testid="sale-off"
        >
          {ticketMessages.saleOff}
        </p>
      ) : null}

      <FormSection
        id="night-settings"
        title="Ustawienia sprzedaży"
        description="Pojemność sali obejmuje wszystkie pule i sprzedaż przy wejściu."
      >
        <NightSettingsForm action={action} night={night} />
      </FormSection>

      <PanelScreen
        name="ticket-types"
        title="Pule biletów"
        count={night ? `Sprzedane: ${totals.sold} z ${night.capacity}` : null}
        actions={<AddButton label="Dodaj pulę" onClick={() => edit("new")} />}
      >
        {night ? null : <p className="text-muted text-sm">{ticketMessages.settingsFirst}.</p>}
        <AdminTable {...TYPES_TABLE} {...list} empty={shown.length ? null : ticketMessages.empty}>
          {shown.map((type, index) => (
            <TicketTypeRow
              key={type.id}
              type={type}
              action={action}
              first={index === 0}
              last={index === shown.length - 1}
              onEdit={() => edit(type)}
              onDelete={() => remove(type.id)}
            />
          ))}
          {shown.length ? (
            <tr data-testid="ticket-totals" className="bg-surface-2/40 font-semibold">
              <th scope="row" className="px-3 py-2 text-left" colSpan={5}>
                Razem{night ? ` (pojemność sali: ${night.capacity}, wolne: ${night.remaining})` : ""}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{totals.sold}</td>
              <td className="px-3 py-2 text-right tabular-nums">{totals.held}</td>
              <td className="px-3 py-2 text-right tabular-nums">{totals.left}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatPrice(totals.revenue)}</td>
              <td colSpan={3} />
            </tr>
          ) : null}
        </AdminTable>
        <TicketTypeDialog
          key={dialogKey}
          {...dialog}
          record={
            dialog.record
              ? { id: dialog.record.id, name: dialog.record.name, defaults: dialog.record.defaults }
              : null
          }
          action={action}
        />
      </PanelScreen>

      {holders ? <TicketHolders eventId={event.id} holders={holders} /> : null}
      {holders && event.salesMode === "site" ? (
        <CancelNight
          eventId={event.id}
          title={event.title}
          cancelled={event.status === "cancelled"}
          failedRefunds={failedRefunds}
        />
      ) : null}
    </div>
  );
}

function NightSettingsForm({ action, night }: { action: string; night: PanelNight | null }) {
  const settings = useDialogForm({
    id: "night-settings-form",
    schema: nightSettingsSchema,
    defaultValue: {
      capacity: night ? String(night.capacity) : "",
      maxPerCustomer: night?.maxPerCustomer == null ? "" : String(night.maxPerCustomer),
      transferUntilMinutes: String(night?.transferUntilMinutes ?? 120),
      offersUntilMinutes: String(night?.offersUntilMinutes ?? 120),
    },
    failureTitle: ticketMessages.settingsFailed,
    onDone: () => {},
  });
  const { fetcher, fields, busy, formProps, formError } = settings;
  return (
    <fetcher.Form method="post" action={action} {...formProps} noValidate className="grid gap-4">
      <input type="hidden" name="intent" value="settings" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.capacity}
          label="Pojemność sali"
          required
          description="1–100 000"
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          field={fields.maxPerCustomer}
          label="Maks. biletów na osobę"
          description="1–20. Puste: bez limitu."
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          field={fields.transferUntilMinutes}
          label="Zmiana nazwiska do … min przed otwarciem"
          description="Domyślnie 120"
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          field={fields.offersUntilMinutes}
          label="Oferty z listy oczekujących do … min przed otwarciem"
          description="Domyślnie 120"
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <FormErrorAlert id={formError.id} message={formError.message} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Zapisz ustawienia
        </Button>
      </div>
    </fetcher.Form>
  );
}

function TicketTypeRow({
  type,
  action,
  first,
  last,
  onEdit,
  onDelete,
}: {
  type: TicketTypeListItem;
  action: string;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const move = useFetcher<FormActionResult>({ key: `ticket-type-move-${type.id}` });
  useRowActionToast(move, failureTitle, { quiet: true });
  const moveTo = (direction: "up" | "down") =>
    move.submit({ intent: "move", typeId: type.id, direction }, { method: "post", action });
  const busy = move.state !== "idle";
  return (
    <tr data-testid="ticket-type-row" className="transition-colors hover:bg-surface-2/50">
      <th scope="row" className="px-3 py-2 text-left font-normal">
        <span className="font-bold">{type.name}</span>
        {type.opensAfterPrevious ? (
          <span className="block text-muted text-xs">po wyprzedaniu poprzedniej</span>
        ) : null}
      </th>
      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatPrice(type.price)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{type.vatRate} %</td>
      <td className="px-3 py-2">
        <Badge variant={STATE_BADGE[type.state]} data-testid="ticket-type-state">
          {type.stateLabel}
        </Badge>
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{type.quota}</td>
      <td className="px-3 py-2 text-right tabular-nums">{type.sold}</td>
      <td className="px-3 py-2 text-right tabular-nums">{type.held}</td>
      <td className="px-3 py-2 text-right tabular-nums">{type.left}</td>
      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatPrice(type.revenue)}</td>
      <td className="px-3 py-2 text-xs">{type.window}</td>
      <td className="px-3 py-2 text-right tabular-nums">{type.maxPerOrder}</td>
      <RowActionsCell>
        <MoveButton direction="up" name={type.name} disabled={first || busy} onClick={() => moveTo("up")} />
        <MoveButton
          direction="down"
          name={type.name}
          disabled={last || busy}
          onClick={() => moveTo("down")}
        />
        <EditRowButton label={`Edytuj: ${type.name}`} onClick={onEdit} />
        <ConfirmDialog
          trigger={<DeleteButton label={`Usuń: ${type.name}`} />}
          title={ticketMessages.deleteConfirm}
          description={`Pula „${type.name}” zniknie. Puli ze sprzedanymi lub zarezerwowanymi biletami nie można usunąć: zakończ ją, ustawiając koniec sprzedaży.`}
          confirmLabel="Usuń pulę"
          onConfirm={onDelete}
        />
      </RowActionsCell>
    </tr>
  );
}

/** "Wyżej" / "Niżej": the type's place among the night's pools (and the order tiers open in). */
function MoveButton({
  direction,
  name,
  disabled,
  onClick,
}: {
  direction: "up" | "down";
  name: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <RowIconButton
      label={`${direction === "up" ? "Wyżej" : "Niżej"}: ${name}`}
      icon={direction === "up" ? ArrowUp : ArrowDown}
      disabled={disabled}
      onClick={onClick}
    />
  );
}
