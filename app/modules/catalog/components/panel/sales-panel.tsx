/**
 * The Promocje tab (issue #28): the list of running and planned sales (and those ended in the last 30
 * days), and below it the form for a new sale or the one being edited. Everything works as plain
 * links and forms; with scripts the forms post through fetchers and answer with toasts.
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { ACTIONS_COLUMN, AdminTable, type AdminTableSpec } from "~/components/panel/admin-table";
import { AddLink, PanelScreen, usePanelList } from "~/components/panel/panel-screen";
import type { SaleActionResult } from "../../sale-commands.server";
import type { AdminSale, SaleProductOption } from "../../sale-labels";
import { type SaleFormDefaults, saleMessages } from "../../sales.schema";
import { SALES_ACTION, SaleForm } from "./sale-form";
import { SaleRow, useSaleEndToast } from "./sale-row";

/** The answer of a form posted without JavaScript, said on the page (with scripts: toasts). */
function ActionNotice({ answer }: { answer: SaleActionResult }) {
  return answer.ok ? (
    <p role="status" className="rounded-md border border-success/40 bg-success/10 p-3 text-success">
      {answer.message}
    </p>
  ) : (
    <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 p-3 text-danger">
      {answer.message}
    </p>
  );
}

function countLabel(sales: AdminSale[]) {
  const running = sales.filter((sale) => sale.status === "running").length;
  const planned = sales.filter((sale) => sale.status === "planned").length;
  return `Trwające: ${running}, zaplanowane: ${planned}`;
}

const SALES_TABLE: AdminTableSpec = {
  caption: "Trwające, zaplanowane i niedawno zakończone promocje",
  minWidthClassName: "min-w-[56rem]",
  columns: ["Nazwa", "Obejmuje", "Obniżka", "Okres", "Status", ACTIONS_COLUMN],
};

export function SalesPanel({
  sales,
  products,
  editId,
  newDefaults,
  loadError,
  actionData,
}: {
  sales: AdminSale[];
  products: SaleProductOption[];
  /** `?edit=<id>`. */
  editId: string | null;
  newDefaults: SaleFormDefaults;
  loadError: string | null;
  actionData: SaleActionResult | undefined;
}) {
  const list = usePanelList(SALES_ACTION, loadError);
  useSaleEndToast();
  const navigate = useNavigate();
  const [saves, setSaves] = useState(0);

  // The sale in the form: `?edit=<id>`, or the one a form posted without scripts carried (kept as typed).
  const formAnswer =
    actionData?.intent === "preview" || actionData?.intent === "save" ? actionData : undefined;
  const postedId = formAnswer?.result?.initialValue?.id;
  const editedId = editId ?? (typeof postedId === "string" ? postedId : null);
  const editing = sales.find((sale) => sale.id === editedId && sale.defaults) ?? null;
  const defaults = editing?.defaults ?? newDefaults;

  return (
    <PanelScreen
      name="sales"
      title="Promocje"
      count={loadError ? null : countLabel(sales)}
      actions={
        <AddLink to={`${SALES_ACTION}#sale-form-title`} preventScrollReset={!editing} label="Nowa promocja" />
      }
    >
      {actionData ? <ActionNotice answer={actionData} /> : null}

      <AdminTable {...SALES_TABLE} {...list} empty={sales.length ? null : saleMessages.empty}>
        {sales.map((sale) => (
          <SaleRow key={sale.id} sale={sale} />
        ))}
      </AdminTable>

      <section aria-labelledby="sale-form-title" className="grid gap-3 pt-4">
        <h3 id="sale-form-title" className="scroll-mt-24 font-display text-xl">
          {editing ? `Edycja promocji „${editing.name}”` : "Nowa promocja"}
        </h3>
        {editedId && !editing && !loadError ? (
          <p role="alert" className="text-danger text-sm">
            {saleMessages.editUnavailable}
          </p>
        ) : null}
        <SaleForm
          // A different sale, or a saved one, starts a fresh form.
          key={`${editing?.id ?? "new"}-${saves}`}
          defaults={defaults}
          editing={editing}
          products={products}
          actionData={actionData}
          onSaved={() => {
            setSaves((count) => count + 1);
            if (editId) navigate(SALES_ACTION, { replace: true, preventScrollReset: true });
          }}
        />
      </section>
    </PanelScreen>
  );
}
