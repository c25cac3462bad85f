/**
 * The discount codes tab (SPEC §2 Discount codes): four stat cards, the table of codes and the
 * create/edit dialog.
 */
import { Activity, Plus, Tag, Trophy, Wallet } from "lucide-react";
import { useState } from "react";
import { ACTIONS_COLUMN, AdminTable, type AdminTableSpec } from "~/components/panel/admin-table";
import { PanelScreen, usePanelList, useRemover } from "~/components/panel/panel-screen";
import { type SummaryCardProps, SummaryCards } from "~/components/panel/summary-card";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/money";
import { amountInputValue, dateInputValue, valueInputValue } from "../../discount-codes";
import {
  type DiscountCodeFormDefaults,
  discountCodeMessages,
  discountQuickFailure,
  emptyDiscountCodeDefaults,
} from "../../discount-codes.schema";
import type { AdminDiscountCode, DiscountStats } from "../../discount-codes.server";
import { DISCOUNTS_ACTION, DiscountCodeDialog } from "./discount-code-dialog";
import { DiscountCodeRow } from "./discount-code-row";

function editDefaults(code: AdminDiscountCode): DiscountCodeFormDefaults {
  return {
    id: code.id,
    code: code.code,
    type: code.type,
    value: valueInputValue(code.type, code.value),
    minOrderValue: amountInputValue(code.minOrderValue),
    maxUses: code.maxUses === null ? "" : String(code.maxUses),
    validUntil: dateInputValue(code.validUntil),
    description: code.description ?? "",
    includesFreeShipping: code.includesFreeShipping,
    firstOrderOnly: code.firstOrderOnly,
    combinesWithSales: code.combinesWithSales,
  };
}

const WINDOW_HINT = "ostatnie 30 dni";

/** SPEC §2: active codes, and the uses, discount given and most popular code of 30 days. */
function statCards(stats: DiscountStats): SummaryCardProps[] {
  return [
    {
      label: "Aktywne kody",
      value: String(stats.activeCodes),
      icon: Tag,
      tone: "accent",
      testId: "stat-active",
    },
    {
      label: "Użycia",
      hint: WINDOW_HINT,
      value: String(stats.usesInWindow),
      icon: Activity,
      testId: "stat-uses",
    },
    {
      label: "Udzielone rabaty",
      hint: WINDOW_HINT,
      value: formatPrice(stats.discountInWindow),
      icon: Wallet,
      tone: "success",
      testId: "stat-discount",
    },
    {
      label: "Najpopularniejszy",
      hint: WINDOW_HINT,
      value: stats.mostPopularCode ?? "-",
      icon: Trophy,
      tone: "hot",
      testId: "stat-popular",
    },
  ];
}

const CODES_TABLE: AdminTableSpec = {
  caption: "Lista kodów rabatowych",
  minWidthClassName: "min-w-[52rem]",
  columns: ["Kod", "Typ", "Wartość", "Użycia", "Ważność", "Aktywny", ACTIONS_COLUMN],
};

export function DiscountCodesPanel({
  codes,
  stats,
  loadError,
  now,
}: {
  codes: AdminDiscountCode[];
  stats: DiscountStats;
  loadError: string | null;
  now: string;
}) {
  const list = usePanelList("/admin/discounts", loadError);
  const { remove, removing } = useRemover({
    key: "discount-delete",
    action: DISCOUNTS_ACTION,
    idField: "codeId",
    failureTitle: discountQuickFailure.delete,
  });
  const shown = codes.filter((code) => code.id !== removing);
  const [dialog, setDialog] = useState<{ open: boolean; defaults: DiscountCodeFormDefaults }>({
    open: false,
    defaults: emptyDiscountCodeDefaults,
  });
  const nowDate = new Date(now);

  return (
    <PanelScreen
      name="discounts"
      title="Kody rabatowe"
      actions={
        <Button size="sm" onClick={() => setDialog({ open: true, defaults: emptyDiscountCodeDefaults })}>
          <Plus aria-hidden="true" />
          Nowy kod
        </Button>
      }
    >
      <SummaryCards cards={statCards(stats)} testId="discount-stats" />

      <AdminTable {...CODES_TABLE} {...list} empty={shown.length ? null : discountCodeMessages.empty}>
        {shown.map((code) => (
          <DiscountCodeRow
            key={code.id}
            code={code}
            now={nowDate}
            onEdit={(selected) => setDialog({ open: true, defaults: editDefaults(selected) })}
            onDelete={() => remove(code.id)}
          />
        ))}
      </AdminTable>

      <DiscountCodeDialog
        open={dialog.open}
        defaults={dialog.defaults}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </PanelScreen>
  );
}
