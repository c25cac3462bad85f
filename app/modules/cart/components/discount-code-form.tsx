import { Loader2, Tag, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { formatPrice } from "~/lib/money";
import { normalizeDiscountCode } from "~/modules/discounts/discount";
import type { AppliedDiscount } from "../applied-discount";
import type { CartItem } from "../cart";

export const DISCOUNT_ENDPOINT = "/api/discount-codes/validate";

type ValidationResponse = {
  valid: boolean;
  code: string;
  type: AppliedDiscount["type"] | null;
  discountAmount: number;
  freeShipping: boolean;
  discountCodeId: string | null;
  message: string;
};

/**
 * Discount code (SPEC §5, §8): upper-cased as typed, 'Zastosuj' disabled while empty or checking,
 * validated by the server against the cart it prices itself.
 */
export function DiscountCodeForm({
  items,
  subtotal,
  applied,
  onApply,
  onRemove,
}: {
  items: readonly CartItem[];
  subtotal: number;
  applied: AppliedDiscount | null;
  onApply(discount: AppliedDiscount): void;
  onRemove(): void;
}) {
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeDiscountCode(code);
    if (!normalized || checking) return;
    setChecking(true);
    setMessage(null);
    try {
      const response = await fetch(DISCOUNT_ENDPOINT, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          code: normalized,
          cartTotal: subtotal,
          userId: null,
          lines: items.map((item) => ({
            productId: item.productId,
            variantId: item.variantId,
            quantity: item.quantity,
          })),
        }),
      });
      const body = (await response.json().catch(() => null)) as
        | ValidationResponse
        | { message?: string }
        | null;
      if (!response.ok || !body || !("valid" in body)) {
        if ((response.status === 400 || response.status === 429) && body?.message) {
          setMessage(body.message);
          toast.error(body.message);
        } else {
          toast.error("Błąd sprawdzania kodu");
        }
        return;
      }
      if (!body.valid || !body.type || !body.discountCodeId) {
        const text = body.message || "Kod nieprawidłowy";
        setMessage(text);
        toast.error(text);
        return;
      }
      onApply({
        code: body.code,
        type: body.type,
        discountAmount: body.discountAmount,
        freeShipping: body.freeShipping,
        discountCodeId: body.discountCodeId,
      });
      setCode("");
      toast.success("Sukces!", { description: `Kod ${body.code} został zastosowany` });
    } catch {
      toast.error("Błąd sprawdzania kodu");
    } finally {
      setChecking(false);
    }
  }

  if (applied) {
    return (
      <div className="grid gap-2" data-testid="discount-applied">
        <p className="font-bold text-sm uppercase tracking-wide">Kod rabatowy</p>
        <div className="flex items-center gap-3 rounded-md border border-success/50 bg-success/10 p-3">
          <Tag aria-hidden="true" className="size-4 shrink-0 text-success" />
          <p className="min-w-0 flex-1 text-sm">
            <span className="font-bold font-mono">{applied.code}</span>
            <span className="block text-muted">
              {[
                applied.discountAmount > 0 ? `−${formatPrice(applied.discountAmount)}` : null,
                applied.freeShipping ? "darmowa dostawa" : null,
              ]
                .filter(Boolean)
                .join(" + ")}
            </span>
          </p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              onRemove();
              toast("Kod usunięty");
            }}
            data-testid="discount-remove"
          >
            <X aria-hidden="true" />
            Usuń
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-2" noValidate data-testid="discount-form">
      <label htmlFor="discount-code" className="font-bold text-sm uppercase tracking-wide">
        Kod rabatowy
      </label>
      <div className="flex gap-2">
        <Input
          id="discount-code"
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value.toLocaleUpperCase("pl-PL"));
            setMessage(null);
          }}
          placeholder="np. NOKTURN10"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          className="font-mono uppercase"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "discount-code-message" : undefined}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!normalizeDiscountCode(code) || checking}
          data-testid="discount-apply"
        >
          {checking ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {checking ? "Sprawdzanie" : "Zastosuj"}
        </Button>
      </div>
      {message ? (
        <p id="discount-code-message" className="text-danger text-sm" data-testid="discount-message">
          {message}
        </p>
      ) : null}
    </form>
  );
}
