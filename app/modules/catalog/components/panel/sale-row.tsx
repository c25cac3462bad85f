/**
 * One sale of the Promocje list: what it covers, the reduction, its window and status, and its actions.
 * "Edytuj" is a link (`?edit=<id>`, the form below opens the sale); "Zakończ teraz" (a planned sale:
 * "Odwołaj") is a plain form that, once hydrated, asks first and posts through a fetcher.
 */
import { useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/panel/confirm-dialog";
import { useRowActionToast } from "~/components/panel/panel-screen";
import { RowActionsCell } from "~/components/panel/row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { SaleActionResult } from "../../sale-commands.server";
import type { AdminSale } from "../../sale-labels";
import { saleMessages } from "../../sales.schema";
import { SALES_ACTION } from "./sale-form";

const statusVariant = { running: "success", planned: "warning", ended: "default" } as const;

/**
 * The screen's one fetcher for "Zakończ teraz" / "Odwołaj": the screen hears its answer
 * (`useSaleEndToast`), since the form leaves with the sale's status (an ended sale has none; a
 * cancelled one leaves the list) — as `useRemover` does for deletes.
 */
export const SALE_END_FETCHER = "sale-end";

/** In the sales screen, which stays mounted: the end's answer as a toast once the list has reloaded. */
export function useSaleEndToast() {
  const fetcher = useFetcher<SaleActionResult>({ key: SALE_END_FETCHER });
  useRowActionToast(fetcher, () => saleMessages.endFailed);
}

function EndSaleForm({ sale }: { sale: AdminSale }) {
  const fetcher = useFetcher<SaleActionResult>({ key: SALE_END_FETCHER });
  const ending = fetcher.state !== "idle" && fetcher.formData?.get("saleId") === sale.id;
  const formRef = useRef<HTMLFormElement>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const planned = sale.status === "planned";
  const label = planned ? "Odwołaj" : "Zakończ teraz";

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={SALES_ACTION}
      onSubmit={(event) => {
        // With scripts the question comes first (its button posts); without them the form simply posts.
        event.preventDefault();
        setConfirmOpen(true);
      }}
    >
      <input type="hidden" name="intent" value="end" />
      <input type="hidden" name="saleId" value={sale.id} />
      <input type="hidden" name="version" value={sale.version} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        className="h-8 px-2.5 text-danger"
        disabled={ending}
        aria-label={`${label}: ${sale.name}`}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={planned ? `Odwołać promocję „${sale.name}”?` : `Zakończyć promocję „${sale.name}” teraz?`}
        description={
          planned
            ? "Promocja jeszcze się nie zaczęła: zniknie z listy, ceny się nie zmienią."
            : "Ceny wrócą do regularnych od tej chwili. Zakończonej promocji nie można wznowić — można utworzyć nową."
        }
        confirmLabel={label}
        onConfirm={() => {
          if (formRef.current) fetcher.submit(formRef.current);
          setConfirmOpen(false);
        }}
      />
    </fetcher.Form>
  );
}

export function SaleRow({ sale }: { sale: AdminSale }) {
  return (
    <tr
      data-testid="sale-row"
      data-sale={sale.name}
      className="align-top transition-colors hover:bg-surface-2/50"
    >
      <th scope="row" className="px-3 py-2 text-left font-normal">
        <span className="font-bold">{sale.name}</span>
        {sale.continues ? (
          <span className="block text-muted text-xs">kontynuacja zmienionej promocji</span>
        ) : null}
      </th>
      <td className="max-w-72 px-3 py-2">
        {sale.coverage}
        {sale.scope === "category" && sale.items.length ? (
          <span className="block text-muted text-xs">
            {sale.items.map((item) => item.productName).join(", ")}
          </span>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-3 py-2 font-bold tabular-nums">{sale.reductionLabel}</td>
      <td className="whitespace-nowrap px-3 py-2 tabular-nums">
        <span className="block">od {sale.startsLabel}</span>
        <span className="block text-muted">do {sale.endsLabel}</span>
      </td>
      <td className="px-3 py-2">
        <Badge variant={statusVariant[sale.status]}>{sale.statusLabel}</Badge>
      </td>
      <RowActionsCell>
        {sale.defaults ? (
          <>
            <Button asChild variant="secondary" size="sm" className="h-8 px-2.5">
              <Link
                to={`${SALES_ACTION}?edit=${sale.id}#sale-form-title`}
                aria-label={`Edytuj: ${sale.name}`}
              >
                Edytuj
              </Link>
            </Button>
            <EndSaleForm sale={sale} />
          </>
        ) : null}
      </RowActionsCell>
    </tr>
  );
}
