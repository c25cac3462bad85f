import { Loader2, Tag, X } from "lucide-react";
import { useState } from "react";
import { useTypedBeforeHydration } from "~/components/enhanced-field";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { noticeOf } from "~/lib/form-contract";
import { formatPrice } from "~/lib/money";
import { type DiscountCheck, normalizeDiscountCode } from "~/modules/discounts/discount";
import {
  CartFormFields,
  pendingField,
  settledRefusal,
  useCartFetcher,
  useHydrated,
} from "../cart-forms-client";
import { type CartRefusal, refusalField } from "../cart-page-state";
import { CART_ACTION } from "../cart-view";
import { CodeField, printedCodeInput } from "./code-field";

/**
 * Discount code (SPEC §5, §8): a form posting the code to the cart, which checks it against the cart
 * it holds. With scripts the code is upper-cased as typed and 'Zastosuj' is disabled while empty or
 * checking; without them the server upper-cases it. The applied code can be removed.
 */
export function DiscountCodeForm({
  code: appliedCode,
  discount,
  refusal,
}: {
  /** The code the cart holds (accepted by the server), or null. */
  code: string | null;
  discount: DiscountCheck | null;
  /** The checkout's refusal about the code, shown at the field. */
  refusal: CartRefusal | null;
}) {
  const hydrated = useHydrated();
  const [code, setCode] = useState("");
  const codeField = useTypedBeforeHydration("", (typed) => setCode(typed.toLocaleUpperCase("pl-PL")));
  const applyFetcher = useCartFetcher({
    onResult(result) {
      // The words a plain form's flash shows too (SPEC §8: the server's message; 'Sukces!').
      const notice = noticeOf(result);
      if (!result.ok) {
        // Also shown at the field.
        toast.error(notice.title, { description: notice.description });
        return true;
      }
      setCode("");
      toast.success(notice.title, { description: notice.description });
    },
  });
  const removeFetcher = useCartFetcher({
    onResult(result) {
      if (result.ok) toast(result.message || "Kod usunięty");
    },
  });
  // The message of the last refusal, until the code is edited.
  const [dismissed, setDismissed] = useState<object | null>(null);
  const applyRefusal = settledRefusal(applyFetcher) ?? (refusalField(refusal) === "code" ? refusal : null);
  const message = applyRefusal && applyRefusal !== dismissed ? applyRefusal.message : null;
  const checking = applyFetcher.state !== "idle";
  const removing = pendingField(removeFetcher, "intent") === "remove-code";

  if (appliedCode && !removing) {
    const effect = discount?.valid
      ? [
          discount.discountAmount > 0 ? `−${formatPrice(discount.discountAmount)}` : null,
          discount.freeShipping ? "darmowa dostawa" : null,
        ]
          .filter(Boolean)
          .join(" + ")
      : "";
    return (
      <div className="grid gap-2" data-testid="discount-applied">
        <p className="font-bold text-sm uppercase tracking-wide">Kod rabatowy</p>
        <div className="flex items-center gap-3 rounded-md border border-success/50 bg-success/10 p-3">
          <Tag aria-hidden="true" className="size-4 shrink-0 text-success" />
          <p className="min-w-0 flex-1 text-sm">
            <span className="font-bold font-mono">{appliedCode}</span>
            {effect ? <span className="block text-muted">{effect}</span> : null}
          </p>
          <removeFetcher.Form method="post" action={CART_ACTION}>
            <CartFormFields intent="remove-code" />
            <Button type="submit" variant="ghost" size="sm" data-testid="discount-remove">
              <X aria-hidden="true" />
              Usuń
            </Button>
          </removeFetcher.Form>
        </div>
      </div>
    );
  }

  return (
    <applyFetcher.Form
      method="post"
      action={CART_ACTION}
      className="grid gap-2"
      noValidate
      data-testid="discount-form"
      onSubmit={(event) => {
        if (!normalizeDiscountCode(code)) event.preventDefault();
      }}
    >
      <CartFormFields intent="code" />
      <CodeField
        id="discount-code"
        label="Kod rabatowy"
        labelClassName="font-bold text-sm uppercase tracking-wide"
        name="code"
        ref={codeField}
        value={code}
        onChange={(event) => {
          setCode(event.target.value.toLocaleUpperCase("pl-PL"));
          setDismissed(applyRefusal);
        }}
        placeholder="np. NOKTURN10"
        {...printedCodeInput}
        maxLength={64}
        message={message}
        messageId="discount-code-message"
        messageTestId="discount-message"
        button={
          <Button
            type="submit"
            variant="secondary"
            // Disabled only where a script can enable it again: the server's HTML always sends.
            disabled={hydrated && (!normalizeDiscountCode(code) || checking)}
            data-testid="discount-apply"
          >
            {checking ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {checking ? "Sprawdzanie" : "Zastosuj"}
          </Button>
        }
      />
    </applyFetcher.Form>
  );
}
