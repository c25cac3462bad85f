import { formatPrice } from "~/lib/money";

/**
 * How "Do zapłaty" is shown where it stands: a row of the cart summary's list, the cart's mobile
 * checkout bar, the test payment page's header.
 */
const placements = {
  summary: {
    row: "mt-2 flex items-baseline justify-between gap-4 border-border border-t pt-3",
    label: "font-bold text-base",
    amount: "font-extrabold text-2xl tabular-nums tracking-tight",
  },
  bar: {
    row: "shrink-0",
    label: "block text-muted text-xs uppercase tracking-wide",
    amount: "font-extrabold text-xl tabular-nums tracking-tight",
  },
  payment: {
    row: "text-right",
    label: "block text-xs uppercase tracking-wider text-muted",
    amount: "text-2xl font-bold",
  },
};

/** "Do zapłaty" and the amount to pay; in the summary a `<dt>`/`<dd>` pair of its list. */
export function TotalRow({
  total,
  placement,
  testId,
}: {
  total: number;
  placement: keyof typeof placements;
  testId: string;
}) {
  const { row, label, amount } = placements[placement];
  const [Row, Label, Amount] =
    placement === "summary" ? (["div", "dt", "dd"] as const) : (["p", "span", "span"] as const);
  return (
    <Row className={row}>
      <Label className={label}>Do zapłaty</Label>
      <Amount className={amount} data-testid={testId}>
        {formatPrice(total)}
      </Amount>
    </Row>
  );
}
