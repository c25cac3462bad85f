/**
 * One row of the discount codes table: the active switch answers optimistically (the row shows what was
 * sent until the server replies; a refusal shows the loader's data again with SPEC §8's toast); delete
 * asks first, then the screen deletes (its fetcher outlives the row, so the answer's toast is heard).
 */
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog, DeleteButton } from "~/components/panel/confirm-dialog";
import { useRowActionToast } from "~/components/panel/panel-screen";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { discountTypeLabels, isDiscountExpired } from "../../discount";
import { discountUsesLabel, discountValidityLabel, discountValueLabel } from "../../discount-codes";
import { discountCodeMessages, discountQuickFailure } from "../../discount-codes.schema";
import type { AdminDiscountCode, DiscountActionResult } from "../../discount-codes.server";
import { DISCOUNTS_ACTION } from "./discount-code-dialog";

/** The toast title of a refused quick action (SPEC §8). */
function failureTitle(intent: string | null) {
  return intent === "set-active" || intent === "delete"
    ? discountQuickFailure[intent]
    : discountCodeMessages.invalidRequest;
}

export function DiscountCodeRow({
  code,
  now,
  onEdit,
  onDelete,
}: {
  code: AdminDiscountCode;
  now: Date;
  onEdit: (code: AdminDiscountCode) => void;
  onDelete: () => void;
}) {
  const active = useFetcher<DiscountActionResult>({ key: `discount-active-${code.id}` });
  const [confirmOpen, setConfirmOpen] = useState(false);
  useRowActionToast(active, failureTitle, { beforeReload: true });

  const pendingActive = active.formData?.get("active");
  const isActive = typeof pendingActive === "string" ? pendingActive === "true" : code.active;

  const expired = isDiscountExpired(code.validUntil, now);
  return (
    <tr data-testid="discount-row" data-code={code.code} className="transition-colors hover:bg-surface-2/50">
      <th scope="row" className="px-3 py-2 text-left font-normal">
        <span className="font-bold font-mono">{code.code}</span>
        {code.description ? (
          <span className="block max-w-56 truncate text-muted text-xs">{code.description}</span>
        ) : null}
        {code.firstOrderOnly ? (
          <span className="block text-muted text-xs">tylko pierwsze zamówienie</span>
        ) : null}
        {code.combinesWithSales ? null : (
          <span className="block text-muted text-xs" data-testid="discount-no-sales">
            nie łączy się z promocjami
          </span>
        )}
      </th>
      <td className="px-3 py-2 text-muted">{discountTypeLabels[code.type]}</td>
      <td className="whitespace-nowrap px-3 py-2 tabular-nums" data-testid="discount-value">
        {discountValueLabel(code)}
      </td>
      <td className="whitespace-nowrap px-3 py-2 tabular-nums" data-testid="discount-uses">
        {discountUsesLabel(code.currentUses, code.maxUses)}
      </td>
      <td className="whitespace-nowrap px-3 py-2" data-testid="discount-validity">
        {discountValidityLabel(code.validUntil)}
        {expired ? (
          <Badge variant="danger" className="ml-2">
            Wygasł
          </Badge>
        ) : null}
      </td>
      <td className="px-3 py-2">
        <Switch
          checked={isActive}
          aria-label={`Aktywny: ${code.code}`}
          onCheckedChange={(checked) =>
            active.submit(
              { intent: "set-active", codeId: code.id, active: String(checked) },
              { method: "post", action: DISCOUNTS_ACTION },
            )
          }
        />
      </td>
      <td className="px-3 py-2">
        <div className="flex items-center justify-end gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Edytuj: ${code.code}`}
            onClick={() => onEdit(code)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <ConfirmDialog
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            trigger={<DeleteButton label={`Usuń: ${code.code}`} />}
            title={discountCodeMessages.deleteConfirm}
            description={`Kod ${code.code} zniknie razem z historią użyć. Złożone zamówienia zachowają swój rabat.`}
            confirmLabel="Usuń kod"
            onConfirm={onDelete}
          />
        </div>
      </td>
    </tr>
  );
}
