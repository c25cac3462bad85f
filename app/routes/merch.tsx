import { Suspense } from "react";
import { Await, Link, useSearchParams } from "react-router";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { now as clockNow } from "~/lib/clock.server";
import { logger } from "~/lib/logger.server";
import { expirePagesAt } from "~/lib/page-expiry.server";
import { skipRevalidationOnQuery } from "~/lib/query-revalidation";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { CATEGORIES, categoryLabels, parseCategory, productCountLabel } from "~/modules/catalog/catalog";
import type { ProductCard as ProductCardData } from "~/modules/catalog/catalog.server";
import {
  ProductCard,
  ProductCardSkeleton,
  productGridClassName,
  useEntranceAnimation,
} from "~/modules/catalog/components/product-card";
import { merchPageContent } from "~/modules/catalog/shop-pages.server";
import { breadcrumbJsonLd } from "~/modules/content/structured-data";
import { useRootData } from "~/root";
import type { Route } from "./+types/merch";

/** The line under the heading, also the start of the page's description. */
function tagline(brand: string) {
  return `Oficjalny merch ${brand}. Noś noc także za dnia: koszulki, bluzy, akcesoria i naklejki.`;
}

export async function loader() {
  // Awaited on the server, so the first page is complete HTML (no streaming needed, works without JS).
  const content = await merchPageContent().catch((error: unknown) => {
    logger.error({ err: error }, "product list failed to load");
    return { products: [] as ProductCardData[], changesAt: null };
  });
  // A drop's card says 'Wkrótce' until its release, and prices flip when a sale starts or ends: the
  // page goes stale at that instant.
  expirePagesAt(content.changesAt);
  return { products: content.products, now: clockNow().toISOString() };
}

/**
 * On client navigation the page renders at once with its 3 skeleton cards while the list comes from
 * the server (SPEC §2 "loading skeleton of 3 cards"); the first load is server-rendered.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = serverLoader();
  return {
    // A failed load shows the empty list, as on the server (SPEC §8).
    products: server.then((data) => data.products).catch(() => [] as ProductCardData[]),
    now: new Date().toISOString(),
  };
}

// The category lives in the URL but filters the list already loaded: no new request.
export const shouldRevalidate = skipRevalidationOnQuery();

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const category = parseCategory(new URLSearchParams(location.search).get("category"));
  return pageMeta({
    site,
    title: category ? `${categoryLabels[category]} — Merch` : "Merch",
    description: `${tagline(site.name)} Darmowa dostawa od 200 zł, wysyłka w 24 godziny.`,
    path: category ? `/merch?category=${category}` : "/merch",
    jsonLd: [
      breadcrumbJsonLd(
        [
          { label: "Strona główna", to: "/" },
          { label: "Merch", to: "/merch" },
        ],
        site,
      ),
    ],
  });
};

const filters = [
  { value: null, label: "Wszystko" },
  ...CATEGORIES.map((value) => ({ value, label: categoryLabels[value] })),
];

export default function Merch({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { site } = useRootData();
  const category = parseCategory(searchParams.get("category"));

  return (
    <div className="container-page pt-24 pb-8 md:pt-28">
      <Breadcrumbs
        items={[
          { label: "Strona główna", to: "/" },
          { label: "Sklep", to: "/merch" },
          ...(category ? [{ label: categoryLabels[category], to: `/merch?category=${category}` }] : []),
        ]}
      />
      <header className="mt-6 flex flex-col gap-3 md:mt-10">
        <h1 className="font-display text-6xl leading-none md:text-8xl">MERCH</h1>
        <p className="max-w-2xl text-lg text-muted">{tagline(site.name)}</p>
      </header>

      <nav aria-label="Kategorie produktów" className="mt-8 md:mt-10">
        <ul className="flex flex-wrap gap-2">
          {filters.map((filter) => {
            const active = filter.value === category;
            return (
              <li key={filter.label}>
                <Link
                  to={filter.value ? `/merch?category=${filter.value}` : "/merch"}
                  preventScrollReset
                  aria-current={active ? "true" : undefined}
                  data-testid={`category-${filter.value ?? "all"}`}
                  className={cn(
                    "inline-flex h-11 items-center rounded-sm border-2 px-5 font-bold text-sm uppercase tracking-wide transition-colors",
                    active
                      ? "border-accent bg-accent text-accent-foreground"
                      : "border-border text-foreground hover:border-accent hover:text-accent",
                  )}
                >
                  {filter.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-label="Produkty" className="mt-8">
        {Array.isArray(loaderData.products) ? (
          // The server's list (first load): rendered in place. Through <Await> it was streamed in a
          // hidden block and shown by React's inline script ~0.3 s later, or never without JavaScript.
          <ProductGrid
            key={category ?? "all"}
            products={loaderData.products}
            category={category}
            now={loaderData.now}
          />
        ) : (
          <Suspense fallback={<GridSkeleton />}>
            <Await resolve={loaderData.products}>
              {(products) => (
                <ProductGrid
                  key={category ?? "all"}
                  products={products}
                  category={category}
                  now={loaderData.now}
                />
              )}
            </Await>
          </Suspense>
        )}
      </section>
    </div>
  );
}

function GridSkeleton() {
  return (
    <div className={productGridClassName} aria-busy="true" data-testid="products-loading">
      <span className="sr-only">Ładowanie produktów…</span>
      {Array.from({ length: 3 }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}

function ProductGrid({
  products,
  category,
  now,
}: {
  products: ProductCardData[];
  category: ReturnType<typeof parseCategory>;
  now: string;
}) {
  const animate = useEntranceAnimation();
  const visible = category ? products.filter((product) => product.category === category) : products;
  if (visible.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-lg border border-border border-dashed p-10">
        <p className="font-bold text-xl">Brak produktów w tej kategorii</p>
        <Link to="/merch" className="font-bold text-accent underline-offset-4 hover:underline">
          Zobacz wszystkie produkty
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className="mb-4 text-muted text-sm" aria-live="polite">
        {productCountLabel(visible.length)}
      </p>
      <ul className={productGridClassName} data-testid="product-grid">
        {visible.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} index={index} now={now} priority={index < 4} animate={animate} />
          </li>
        ))}
      </ul>
    </>
  );
}
