import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { Badge } from "~/components/ui/badge";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";
import { categoryLabels, productBadges } from "../catalog";
import type { ProductCard as ProductCardData } from "../catalog.server";
import { isReleased, releaseMessages } from "../release";
import { PriceTag } from "./price-tag";

/** Entrance stagger between cards (SPEC §9). */
export const CARD_STAGGER_MS = 100;

let hydrated = false;

/**
 * Whether cards mounting now should play their entrance: yes for lists rendered in the browser (a
 * category switch, a client navigation), no for the server-rendered first paint, whose images are the
 * page's largest paint and must not wait for an animation.
 */
export function useEntranceAnimation() {
  const [animate] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
  }, []);
  return animate;
}

/**
 * A product in a grid: first image, category, name, price and 'Zobacz szczegóły'. The whole card is one
 * link (one tab stop); `index` staggers its entrance by 100 ms, none under reduced motion.
 */
export function ProductCard({
  product,
  index = 0,
  now,
  priority = false,
  headingLevel = 2,
  animate = true,
}: {
  product: ProductCardData;
  index?: number;
  now: string;
  priority?: boolean;
  headingLevel?: 2 | 3;
  animate?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const badges = productBadges(product, product.stock, now);
  const upcoming = isReleased(product.releaseAt, new Date(now)) ? null : product.releaseLabel;
  const soldOut = !upcoming && product.stock <= 0;
  return (
    <Link
      to={`/merch/${product.slug}`}
      data-testid="product-card"
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-surface",
        "transition-[border-color,box-shadow] hover:border-accent/70 hover:shadow-glow focus-visible:border-accent",
        animate && "animate-fade-in motion-reduce:animate-none",
      )}
      style={animate ? { animationDelay: `${index * CARD_STAGGER_MS}ms` } : undefined}
      prefetch="intent"
    >
      <div className="relative aspect-square overflow-hidden bg-surface-2">
        {product.image ? (
          <ResponsiveImage
            image={product.image}
            alt=""
            sizes="(min-width: 1280px) 300px, (min-width: 1024px) 30vw, 48vw"
            priority={priority}
            className={cn(
              "size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none",
              soldOut && "opacity-50 grayscale",
            )}
          />
        ) : null}
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          {badges.map((badge) => (
            <Badge
              key={badge.kind}
              variant={badge.kind === "new" ? "accent" : badge.kind === "bestseller" ? "hot" : "warning"}
              className={badge.kind === "last-pieces" ? "bg-background/85" : undefined}
            >
              {badge.label}
            </Badge>
          ))}
          {upcoming ? <Badge variant="accent">{releaseMessages.soon}</Badge> : null}
          {soldOut ? (
            <Badge variant="outline" className="bg-background/80">
              Wyprzedane
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 pb-4 sm:p-4 sm:pb-5">
        <p className="text-muted text-xs font-bold uppercase tracking-widest">
          {categoryLabels[product.category]}
        </p>
        <Heading className="font-bold text-base leading-snug sm:text-lg">{product.name}</Heading>
        <PriceTag
          price={product.price}
          sale={product.sale}
          priceClassName="font-extrabold text-accent text-lg tracking-tight md:text-xl"
          className="mb-3 md:mb-4"
        />
        {upcoming ? (
          <p className="-mt-2 mb-3 text-muted text-sm" data-testid="card-release">
            Premiera: <time dateTime={product.releaseAt ?? undefined}>{upcoming}</time>
          </p>
        ) : null}
        <span
          className={cn(
            "mt-auto inline-flex min-h-10 items-center justify-center rounded-sm border-2 border-foreground px-2 py-1.5 text-center",
            "font-bold text-[0.6875rem] uppercase leading-tight tracking-normal transition-colors sm:text-xs sm:tracking-wide",
            "group-hover:border-accent group-hover:bg-accent group-hover:text-accent-foreground",
          )}
        >
          Zobacz szczegóły
        </span>
      </div>
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface"
      data-testid="product-card-skeleton"
    >
      <Skeleton className="aspect-square rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-6 w-24" />
        <Skeleton className="mt-4 h-10 w-full" />
      </div>
    </div>
  );
}

export const productGridClassName = "grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4";
