/**
 * The discount codes tab (SPEC §2 Discount codes): four stat cards, the table of codes and the
 * create/edit dialog.
 */
import { Activity, Plus, Tag, Trophy, Wallet } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { AdminTable } from "~/components/panel/admin-table";
import { PanelScreen, usePanelList } from "~/components/panel/panel-screen";
import { SummaryCard } from "~/components/panel/summary-card";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/money";
import { amountInputValue, dateInputValue, valueInputValue } from "../../discount-codes";
import {
  type DiscountCodeFormDefaults,
  discountCodeMessages,
  emptyDiscountCodeDefaults,
} from "../../discount-codes.schema";
import type { AdminDiscountCode, DiscountStats } from "../../discount-codes.server";
import { DiscountCodeDialog } from "./discount-code-dialog";
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
function statCards(stats: DiscountStats): ComponentProps<typeof SummaryCard>[] {
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
  const loading = usePanelList("/admin/discounts", loadError);
  const [dialog, setDialog] = useState<{ open: boolean; defaults: DiscountCodeFormDefaults }>({
    open: false,
    defaults: emptyDiscountCodeDefaults,
  });
  const nowDate = new Date(now);

  return (
    <PanelScreen
      id="discounts-title"
      title="Kody rabatowe"
      actions={
        <Button size="sm" onClick={() => setDialog({ open: true, defaults: emptyDiscountCodeDefaults })}>
          <Plus aria-hidden="true" />
          Nowy kod
        </Button>
      }
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="discount-stats">
        {statCards(stats).map((card) => (
          <SummaryCard key={card.testId} {...card} />
        ))}
      </div>

      <AdminTable
        caption="Lista kodów rabatowych"
        minWidthClassName="min-w-[52rem]"
        columns={[
          { label: "Kod" },
          { label: "Typ" },
          { label: "Wartość" },
          { label: "Użycia" },
          { label: "Ważność" },
          { label: "Aktywny" },
          { label: "Akcje", className: "text-right" },
        ]}
        loading={loading}
        loadError={loadError}
        empty={codes.length === 0 ? discountCodeMessages.empty : null}
      >
        {codes.map((code) => (
          <DiscountCodeRow
            key={code.id}
            code={code}
            now={nowDate}
            onEdit={(selected) => setDialog({ open: true, defaults: editDefaults(selected) })}
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
