/**
 * The night's "Bramka" page (issue #41): the night live at the door — inside now, check-ins per 15
 * minutes, per type and per phone, door sales, capacity left, the conflicts of phones that admitted
 * one ticket offline — refreshed by itself every few seconds while open; and the door's settings
 * (re-entry, the door price) and the phones' blocks for offline sales.
 */
import { ArrowLeft, Loader2, RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { AdminTable, numberColumn } from "~/components/panel/admin-table";
import { CheckboxField } from "~/components/panel/checkbox-field";
import { FormErrorAlert } from "~/components/panel/dialog-frame";
import { TextField, useDialogForm } from "~/components/panel/form-in-dialog";
import { FormSection } from "~/components/panel/form-layout";
import { PanelScreen, useRowActionToast } from "~/components/panel/panel-screen";
import { Button } from "~/components/ui/button";
import type { FormActionResult } from "~/lib/form-action.server";
import { formatPrice } from "~/lib/money";
import {
  DOOR_VAT_RATES,
  doorPanelMessages,
  doorSettingsSchema,
  giveBlockSchema,
} from "../../door-panel.schema";
import { CheckInChart } from "./check-in-chart";

/** How often the open page reads the night again (the issue: "it updates by itself"). */
export const DOOR_LIVE_REFRESH_MS = 5000;

export type DoorPanelView = {
  event: { id: string; title: string; when: string };
  settings: { reentry: boolean; doorPrice: string; doorVatRate: string };
  capacity: number;
  capacityLeft: number;
  insideNow: number;
  admitted: number;
  checkIns: { start: number; count: number; label: string }[];
  perType: { name: string; sold: number; admitted: number }[];
  perDevice: { id: string; name: string; staff: string; scans: number; sold: number }[];
  doorSales: { quantity: number; cash: number; card: number; revenue: number };
  blocks: {
    id: string;
    deviceName: string;
    size: number;
    used: number;
    closed: boolean;
    returned: number | null;
  }[];
  conflicts: { ticketId: string; holder: string; typeName: string; first: string; second: string }[];
  updatedAt: string;
};

function useLiveRefresh() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        void revalidator.revalidate();
    }, DOOR_LIVE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  return revalidator.state !== "idle";
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="grid gap-1 rounded-lg border border-border bg-surface p-4">
      <dt className="text-muted text-sm">{label}</dt>
      <dd className="font-display text-3xl tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function DoorPanel(view: DoorPanelView) {
  const refreshing = useLiveRefresh();
  const { event } = view;
  const action = `/admin/events/${event.id}/bramka`;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <Link
          to={`/admin/events/${event.id}/tickets`}
          className="inline-flex items-center gap-1 text-muted text-sm hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Bilety
        </Link>
        <h2 className="font-display text-2xl">Bramka: {event.title}</h2>
        <p className="flex flex-wrap items-center gap-x-3 text-muted text-sm">
          <span>{event.when}</span>
          <span aria-live="polite">
            Stan na {view.updatedAt}
            {refreshing ? <Loader2 aria-hidden="true" className="ml-1 inline size-3 animate-spin" /> : null}
          </span>
          <Link
            to={action}
            className="inline-flex items-center gap-1 text-accent underline underline-offset-4"
          >
            <RefreshCw aria-hidden="true" className="size-3" />
            Odśwież
          </Link>
          <Link to={`/admin/events/${event.id}/raport`} className="text-accent underline underline-offset-4">
            Raport po nocy
          </Link>
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="W środku teraz" value={String(view.insideNow)} testId="door-inside" />
        <Stat label="Wejścia z biletem" value={String(view.admitted)} testId="door-admitted" />
        <Stat label="Sprzedane na bramce" value={String(view.doorSales.quantity)} testId="door-sold" />
        <Stat
          label="Wolne miejsca"
          value={`${view.capacityLeft} z ${view.capacity}`}
          testId="door-capacity-left"
        />
      </dl>

      <PanelScreen name="door-check-ins" title="Wejścia co 15 minut">
        <CheckInChart buckets={view.checkIns} title={`Wejścia co 15 minut: ${event.title}`} />
      </PanelScreen>

      <div className="grid gap-6 lg:grid-cols-2">
        <PanelScreen name="door-per-type" title="Według puli">
          <AdminTable
            loading={false}
            minWidthClassName="min-w-[24rem]"
            caption="Wejścia według puli biletów"
            columns={["Pula", numberColumn("Sprzedane"), numberColumn("Weszło")]}
            empty={view.perType.length ? null : "Brak sprzedanych biletów"}
          >
            {view.perType.map((type) => (
              <tr key={type.name}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {type.name}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{type.sold}</td>
                <td className="px-3 py-2 text-right tabular-nums">{type.admitted}</td>
              </tr>
            ))}
          </AdminTable>
        </PanelScreen>
        <PanelScreen name="door-per-device" title="Według telefonu">
          <AdminTable
            loading={false}
            minWidthClassName="min-w-[24rem]"
            caption="Wejścia i sprzedaż według telefonu"
            columns={["Telefon", "Osoba", numberColumn("Wejścia"), numberColumn("Sprzedane")]}
            empty={view.perDevice.length ? null : "Żaden telefon nie pobrał jeszcze tej nocy"}
          >
            {view.perDevice.map((device) => (
              <tr key={device.id}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {device.name}
                </th>
                <td className="px-3 py-2">{device.staff}</td>
                <td className="px-3 py-2 text-right tabular-nums">{device.scans}</td>
                <td className="px-3 py-2 text-right tabular-nums">{device.sold}</td>
              </tr>
            ))}
          </AdminTable>
        </PanelScreen>
      </div>

      <PanelScreen
        name="door-conflicts"
        title="Konflikty"
        count={view.conflicts.length ? String(view.conflicts.length) : null}
      >
        <AdminTable
          loading={false}
          minWidthClassName="min-w-[24rem]"
          caption="Bilety wpuszczone dwa razy (telefony offline)"
          columns={["Bilet", "Pula", "Pierwsze wejście", "Drugie wejście"]}
          empty={view.conflicts.length ? null : "Brak konfliktów"}
        >
          {view.conflicts.map((conflict) => (
            <tr key={`${conflict.ticketId}-${conflict.second}`} data-testid="door-conflict">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {conflict.holder}
              </th>
              <td className="px-3 py-2">{conflict.typeName}</td>
              <td className="px-3 py-2">{conflict.first}</td>
              <td className="px-3 py-2">{conflict.second}</td>
            </tr>
          ))}
        </AdminTable>
      </PanelScreen>

      <PanelScreen name="door-sales" title="Sprzedaż na bramce">
        <p className="text-sm">
          Gotówka: <strong>{view.doorSales.cash}</strong> · Karta: <strong>{view.doorSales.card}</strong> ·
          Przychód: <strong>{formatPrice(view.doorSales.revenue)}</strong>
        </p>
        <BlocksTable action={action} blocks={view.blocks} />
        <GiveBlockForm action={action} devices={view.perDevice} />
      </PanelScreen>

      <FormSection
        id="door-settings"
        title="Ustawienia bramki"
        description="Bez ponownego wejścia (jak w FAQ), chyba że je tu włączysz: wtedy bramka skanuje też wyjścia."
      >
        <DoorSettingsForm action={action} settings={view.settings} />
      </FormSection>
    </div>
  );
}

function DoorSettingsForm({ action, settings }: { action: string; settings: DoorPanelView["settings"] }) {
  const form = useDialogForm({
    id: "door-settings-form",
    schema: doorSettingsSchema,
    defaultValue: {
      reentry: settings.reentry,
      doorPrice: settings.doorPrice,
      doorVatRate: settings.doorVatRate,
    },
    failureTitle: doorPanelMessages.settingsFailed,
    onDone: () => {},
  });
  const { fetcher, fields, busy, formProps, formError } = form;
  return (
    <fetcher.Form method="post" action={action} {...formProps} noValidate className="grid gap-4">
      <input type="hidden" name="intent" value="door-settings" />
      <CheckboxField
        field={fields.reentry}
        label="Ponowne wejście"
        hint="Bramka skanuje wyjścia i wpuszcza ponownie tego, kto wyszedł."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.doorPrice}
          label="Cena biletu na bramce (zł)"
          description="Puste: bez sprzedaży na bramce."
          inputMode="decimal"
          autoComplete="off"
        />
        <label className="grid gap-1 text-sm" htmlFor={fields.doorVatRate.id}>
          <span className="font-semibold">Stawka VAT</span>
          <select
            id={fields.doorVatRate.id}
            name={fields.doorVatRate.name}
            defaultValue={settings.doorVatRate}
            className="h-10 rounded-md border border-border bg-surface px-3"
          >
            {DOOR_VAT_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {rate}%
              </option>
            ))}
          </select>
        </label>
      </div>
      <FormErrorAlert id={formError.id} message={formError.message} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Zapisz ustawienia bramki
        </Button>
      </div>
    </fetcher.Form>
  );
}

function GiveBlockForm({ action, devices }: { action: string; devices: DoorPanelView["perDevice"] }) {
  const form = useDialogForm({
    id: "give-block-form",
    schema: giveBlockSchema,
    defaultValue: { deviceId: devices[0]?.id ?? "", size: "" },
    failureTitle: doorPanelMessages.blockFailed,
    onDone: () => {},
  });
  const { fetcher, fields, busy, formProps, formError } = form;
  if (devices.length === 0) {
    return <p className="text-muted text-sm">Pulę offline można dać telefonowi, który pobrał tę noc.</p>;
  }
  return (
    <fetcher.Form method="post" action={action} {...formProps} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="give-block" />
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="grid gap-1 text-sm" htmlFor={fields.deviceId.id}>
          <span className="font-semibold">Telefon</span>
          <select
            id={fields.deviceId.id}
            name={fields.deviceId.name}
            defaultValue={devices[0]?.id}
            className="h-10 rounded-md border border-border bg-surface px-3"
          >
            {devices.map((device) => (
              <option key={device.id} value={device.id}>
                {device.name} ({device.staff})
              </option>
            ))}
          </select>
        </label>
        <TextField
          field={fields.size}
          label="Pula offline (biletów)"
          description="Schodzi z wolnych miejsc od razu; niewykorzystane wrócą po zamknięciu."
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <FormErrorAlert id={formError.id} message={formError.message} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Przydziel pulę
        </Button>
      </div>
    </fetcher.Form>
  );
}

function BlocksTable({ action, blocks }: { action: string; blocks: DoorPanelView["blocks"] }) {
  return (
    <AdminTable
      loading={false}
      minWidthClassName="min-w-[24rem]"
      caption="Pule offline telefonów"
      columns={["Telefon", numberColumn("Pula"), numberColumn("Sprzedane"), "Stan", "Akcje"]}
      empty={blocks.length ? null : "Brak pul offline"}
    >
      {blocks.map((block) => (
        <tr key={block.id} data-testid="door-block">
          <th scope="row" className="px-3 py-2 text-left font-medium">
            {block.deviceName}
          </th>
          <td className="px-3 py-2 text-right tabular-nums">{block.size}</td>
          <td className="px-3 py-2 text-right tabular-nums">{block.used}</td>
          <td className="px-3 py-2">
            {block.closed ? `Zamknięta (wróciło ${block.returned ?? 0})` : "Otwarta"}
          </td>
          <td className="px-3 py-2">
            {block.closed ? null : <CloseBlockButton action={action} blockId={block.id} />}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function CloseBlockButton({ action, blockId }: { action: string; blockId: string }) {
  const fetcher = useFetcher<FormActionResult>({ key: `close-block-${blockId}` });
  useRowActionToast(fetcher, () => doorPanelMessages.blockCloseFailed);
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="close-block" />
      <input type="hidden" name="blockId" value={blockId} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        Zamknij pulę
      </Button>
    </fetcher.Form>
  );
}
