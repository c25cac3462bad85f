import { Package, Truck } from "lucide-react";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { type DeliveryMethod, deliveryOptionList, formatDeliveryTime } from "~/modules/cart/delivery";

/** Courier (default) or InPost parcel locker, priced from the one delivery configuration. */
export function DeliveryOptions({
  value,
  onChange,
  free,
  name = "delivery",
}: {
  value: DeliveryMethod;
  onChange(method: DeliveryMethod): void;
  /** Delivery is free for this cart (threshold or code): prices are shown struck through. */
  free: boolean;
  name?: string;
}) {
  return (
    <fieldset className="grid gap-2" data-testid="delivery-options">
      <legend className="mb-2 font-bold text-sm uppercase tracking-wide">Dostawa</legend>
      {deliveryOptionList.map((option) => {
        const Icon = option.id === "courier" ? Truck : Package;
        const checked = value === option.id;
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
              name={name}
              value={option.id}
              checked={checked}
              onChange={() => onChange(option.id)}
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
                  <s className="mr-2 font-normal text-muted">{formatPrice(option.price)}</s>
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
  );
}
