import { MapPin, Package, Truck } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import {
  type DeliveryMethod,
  deliveryOptionList,
  formatDeliveryTime,
  isDeliveryMethod,
} from "~/modules/cart/delivery";
import type { ParcelLocker } from "../../../../db/schema";
import {
  CART_SUBMIT,
  CartFormFields,
  enhancedFields,
  pendingField,
  settledRefusal,
  useCartFetcher,
  useHydrated,
} from "../cart-forms-client";
import { type CartRefusal, refusalField } from "../cart-page-state";
import { CART_ACTION } from "../cart-view";
import { CodeField, printedCodeInput } from "./code-field";

// The locker map (InPost's Geowidget in a Radix dialog, ~20 KB) loads only when the parcel locker is chosen.
const LockerPicker = lazy(() =>
  import("./locker-picker").then((module) => ({ default: module.LockerPicker })),
);

/** The locker a pending locker form is sending (the map's choice, or a code typed by hand). */
function pendingLocker(formData: FormData | undefined): ParcelLocker | null {
  if (!formData) return null;
  if (formData.get("intent") !== "locker") return null;
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const code = text("lockerCode").toUpperCase();
  if (code) return { id: code, name: code, address: { line1: `Paczkomat InPost ${code}` } };
  if (!text("lockerId") || !text("lockerName")) return null;
  return {
    id: text("lockerId"),
    name: text("lockerName"),
    address: { line1: text("lockerLine1"), line2: text("lockerLine2") || undefined },
  };
}

/**
 * Delivery: courier (default) or an InPost parcel locker, priced from the one delivery configuration,
 * and for InPost the locker. A form each: without scripts the method is sent with "Wybierz" and the
 * locker by its code; with scripts a change of the radio sends itself, and the map sends its choice.
 */
export function DeliverySection({
  method,
  locker,
  free,
  inpostToken,
  inpostWidgetUrl,
  refusal,
}: {
  method: DeliveryMethod;
  locker: ParcelLocker | null;
  /** Delivery is free for this cart (threshold or code): prices are shown struck through. */
  free: boolean;
  inpostToken: string;
  inpostWidgetUrl: string;
  /** A refusal of a plain form (no scripts) or of the checkout, shown at its field. */
  refusal: CartRefusal | null;
}) {
  const hydrated = useHydrated();
  const methodFetcher = useCartFetcher();
  // A refused locker code is shown at the field (and as the toast).
  const lockerFetcher = useCartFetcher();
  // The method being sent is shown at once (the radio is controlled: the click's own frame must show it).
  const pendingMethod = pendingField(methodFetcher, "method");
  const shown: DeliveryMethod = isDeliveryMethod(pendingMethod) ? pendingMethod : method;
  const shownLocker =
    (lockerFetcher.state !== "idle" ? pendingLocker(lockerFetcher.formData) : null) ?? locker;

  const lockerRefusal =
    settledRefusal(lockerFetcher) ?? (refusalField(refusal) === "lockerCode" ? refusal : null);
  const methodRefusal =
    settledRefusal(methodFetcher) ?? (refusalField(refusal) === "method" ? refusal : null);

  return (
    <div className="grid gap-3">
      <methodFetcher.Form method="post" action={CART_ACTION} className="grid gap-2">
        <CartFormFields intent="delivery" />
        <fieldset className="grid gap-2" data-testid="delivery-options">
          <legend className="mb-2 font-bold text-sm uppercase tracking-wide">Dostawa</legend>
          {deliveryOptionList.map((option) => {
            const Icon = option.id === "courier" ? Truck : Package;
            const checked = shown === option.id;
            return (
              <label
                key={option.id}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-md border-2 p-3 transition-colors",
                  "has-focus-visible:outline-2 has-focus-visible:outline-accent has-focus-visible:outline-offset-2",
                  checked ? "border-accent bg-accent/5" : "border-border hover:border-muted",
                )}
              >
                <input
                  type="radio"
                  name="method"
                  value={option.id}
                  checked={checked}
                  onChange={() =>
                    methodFetcher.submit(enhancedFields("delivery", { method: option.id }), {
                      ...CART_SUBMIT,
                      flushSync: true,
                    })
                  }
                  className="size-4 accent-(--color-accent)"
                  data-testid={`delivery-${option.id}`}
                />
                <Icon aria-hidden="true" className="size-5 shrink-0 text-muted" />
                <span className="min-w-0 flex-1">
                  <span className="block font-bold">{option.label}</span>
                  <span className="block text-muted text-xs">{formatDeliveryTime(option)}</span>
                </span>
                <span className="text-right font-bold tabular-nums">
                  {free ? (
                    <>
                      <span className="sr-only">Cena: </span>
                      {/* The space lets "0,00 zł" go under the struck price on a narrow phone. */}
                      <s className="mr-2 font-normal text-muted">{formatPrice(option.price)}</s>{" "}
                      <span className="text-success">0,00&nbsp;zł</span>
                    </>
                  ) : (
                    formatPrice(option.price)
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
        {hydrated ? null : (
          // Without scripts (or before they start) the choice is sent with this button.
          <Button type="submit" variant="secondary" size="sm" className="justify-self-start">
            Wybierz
          </Button>
        )}
        {methodRefusal ? (
          <p className="text-danger text-sm" role="alert">
            {methodRefusal.message}
          </p>
        ) : null}
      </methodFetcher.Form>

      {shown === "inpost" ? (
        <div className="grid gap-3" data-testid="locker-picker">
          {shownLocker ? (
            <div
              className="flex items-start gap-3 rounded-md border border-accent/50 bg-accent/5 p-3"
              data-testid="selected-locker"
            >
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
              <div className="min-w-0 text-sm">
                <p className="font-bold">Paczkomat {shownLocker.name}</p>
                <p className="text-muted">{shownLocker.address.line1}</p>
                {shownLocker.address.line2 ? <p className="text-muted">{shownLocker.address.line2}</p> : null}
              </div>
            </div>
          ) : (
            <p className="text-sm text-warning" data-testid="locker-missing">
              Wybierz Paczkomat, do którego mamy wysłać paczkę.
            </p>
          )}
          {hydrated ? (
            <Suspense fallback={<Skeleton className="h-9 w-full" />}>
              <LockerPicker
                token={inpostToken}
                widgetUrl={inpostWidgetUrl}
                chosen={shownLocker !== null}
                onChange={(chosen) =>
                  lockerFetcher.submit(
                    enhancedFields("locker", {
                      lockerId: chosen.id,
                      lockerName: chosen.name,
                      lockerLine1: chosen.address.line1,
                      lockerLine2: chosen.address.line2 ?? "",
                    }),
                    CART_SUBMIT,
                  )
                }
              />
            </Suspense>
          ) : null}
          {/* A locker code by hand: the way without scripts (and a fallback with them). */}
          <lockerFetcher.Form method="post" action={CART_ACTION} className="grid gap-2" noValidate>
            <CartFormFields intent="locker" />
            <CodeField
              id="cart-locker-code"
              label="Kod Paczkomatu (np. WRO01M)"
              name="lockerCode"
              placeholder="WRO01M"
              {...printedCodeInput}
              maxLength={16}
              message={lockerRefusal?.message}
              messageId="cart-locker-code-error"
              messageTestId="locker-code-error"
              button={
                <Button type="submit" variant="secondary" data-testid="locker-code-submit">
                  Zapisz
                </Button>
              }
            />
          </lockerFetcher.Form>
        </div>
      ) : null}
    </div>
  );
}
