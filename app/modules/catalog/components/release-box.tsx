import { Clock } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { countdown, formatCountdown, releaseMessages } from "../release";
import type { SaleBadge } from "../sale-price";
import { PriceTag } from "./price-tag";

/**
 * A drop before its release: 'Wkrótce', the date and time as text (all a page without scripts, or one
 * replayed from the cache, needs), and a live countdown once scripts run. The countdown counts on the
 * server's clock (the offset is taken from the page's `now`), and at zero the page asks its loader
 * again, so the buy form appears without a reload.
 */
export function ReleaseBox({
  price,
  sale = null,
  releaseAt,
  releaseLabel,
  serverNow,
  children,
}: {
  price: number;
  /** A sale already set for the product (shown as it will be charged). */
  sale?: SaleBadge | null;
  releaseAt: string;
  releaseLabel: string;
  /** The instant the page was rendered at (ISO), on the server's clock. */
  serverNow: string;
  /** What a visitor can do meanwhile ("Powiadom mnie"). */
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-5" data-testid="release-box">
      <div>
        <PriceTag
          price={price}
          sale={sale}
          size="lg"
          priceClassName="font-extrabold text-4xl text-accent tracking-tight"
          testId="product-price"
        />
        <p className="mt-1 text-muted text-xs">Cena zawiera VAT.</p>
      </div>
      <div className="grid gap-3 rounded-md border-2 border-accent/60 bg-surface p-4">
        <p className="flex items-center gap-3">
          <Badge variant="accent">{releaseMessages.soon}</Badge>
          <span className="font-bold text-sm uppercase tracking-wide">Premiera dropu</span>
        </p>
        <p className="flex items-center gap-2 text-lg" data-testid="release-date">
          <Clock aria-hidden="true" className="size-5 shrink-0 text-accent" />
          <span>
            W sprzedaży od <time dateTime={releaseAt}>{releaseLabel}</time>
          </span>
        </p>
        <LiveCountdown releaseAt={releaseAt} serverNow={serverNow} />
      </div>
      {children}
    </div>
  );
}

function LiveCountdown({ releaseAt, serverNow }: { releaseAt: string; serverNow: string }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Rendered only in the browser: a number written on the server would be stale on a cached page.
  const [left, setLeft] = useState<string | null>(null);
  useEffect(() => {
    const offset = Date.parse(serverNow) - Date.now();
    let asked = false;
    const tick = () => {
      const remaining = countdown(releaseAt, new Date(Date.now() + offset));
      setLeft(formatCountdown(remaining));
      const done = remaining.days + remaining.hours + remaining.minutes + remaining.seconds === 0;
      if (done && !asked) {
        asked = true;
        void revalidate.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [releaseAt, serverNow]);
  if (left === null) return null;
  return (
    // A timer is not announced every second (its live region is off); it reads when reached.
    <p
      role="timer"
      aria-label="Do premiery zostało"
      className="font-display text-3xl tabular-nums"
      data-testid="release-countdown"
    >
      {left}
    </p>
  );
}
