import { Clock } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { releaseMessages } from "../release";
import type { SaleBadge } from "../sale-price";
import { LiveCountdown } from "./live-countdown";
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
