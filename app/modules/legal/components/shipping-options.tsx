/** Delivery options, prices, times and the free-delivery threshold, read from the delivery configuration. */
import { MapPin, PackageCheck, Ticket, Truck } from "lucide-react";
import { formatPrice } from "~/lib/money";
import {
  type DeliveryOption,
  deliveryOptionList,
  FREE_DELIVERY_THRESHOLD,
  formatDeliveryTime,
} from "~/modules/cart/delivery";

const icons = { courier: Truck, inpost: MapPin, none: Ticket } as const;

export function FreeDeliveryBanner() {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-accent/40 bg-accent/10 p-5 sm:flex-row sm:items-center sm:gap-5 md:p-6">
      <PackageCheck aria-hidden="true" className="size-10 shrink-0 text-accent" />
      <div>
        <p className="font-display text-2xl text-foreground md:text-3xl">
          Darmowa dostawa od <span className="normal-case">{formatPrice(FREE_DELIVERY_THRESHOLD)}</span>
        </p>
        <p className="mt-1 text-foreground/80">
          Liczy się wartość produktów po rabacie. Dostawa jest też darmowa z kodem rabatowym na darmową
          wysyłkę.
        </p>
      </div>
    </div>
  );
}

function OptionCard({ option }: { option: DeliveryOption }) {
  const Icon = icons[option.id];
  return (
    <li
      className="flex flex-col rounded-lg border border-border bg-surface p-6"
      data-testid={`delivery-${option.id}`}
    >
      {/* Wraps on a 360 px phone: the price goes under the name rather than past the screen's edge. */}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-md bg-surface-2 text-accent">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h3 className="font-bold text-foreground text-xl">{option.label}</h3>
        </div>
        <p className="whitespace-nowrap font-extrabold text-2xl text-accent tabular-nums">
          {formatPrice(option.price)}
        </p>
      </div>
      <p className="mt-4 text-foreground/80">{option.description}</p>
      <dl className="mt-5 grid gap-2 border-border border-t pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Czas dostawy</dt>
          <dd className="text-right font-semibold text-foreground">
            {formatDeliveryTime(option)} od nadania
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Przy zakupach od {formatPrice(FREE_DELIVERY_THRESHOLD)}</dt>
          <dd className="font-semibold text-accent">{formatPrice(0)}</dd>
        </div>
      </dl>
    </li>
  );
}

export function DeliveryOptionCards() {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {deliveryOptionList.map((option) => (
        <OptionCard key={option.id} option={option} />
      ))}
    </ul>
  );
}

function overallDeliveryTime() {
  return {
    workingDays: {
      min: Math.min(...deliveryOptionList.map((option) => option.workingDays.min)),
      max: Math.max(...deliveryOptionList.map((option) => option.workingDays.max)),
    },
  };
}

export function DispatchTimeline({ shippingTimeText }: { shippingTimeText: string }) {
  const steps = [
    { title: "Zamówienie", text: "Składasz i opłacasz zamówienie – o każdej porze." },
    { title: "Wysyłka", text: shippingTimeText },
    {
      title: "Doręczenie",
      text: `${deliveryOptionList.map((option) => option.label).join(" lub ")}: zwykle ${formatDeliveryTime(overallDeliveryTime())} od nadania.`,
    },
  ];
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-lg border border-border bg-surface p-5">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-accent font-display text-accent-foreground text-sm"
            >
              {index + 1}
            </span>
            <h3 className="font-bold text-foreground">{step.title}</h3>
          </div>
          <p className="mt-3 text-foreground/80 text-sm leading-relaxed">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
