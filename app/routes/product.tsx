import { PackageCheck, RotateCcw, ShieldCheck, Truck } from "lucide-react";
import { useState } from "react";
import { data, Link, useLocation } from "react-router";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ActionNotice } from "~/components/flash-notice";
import { NotFoundView } from "~/components/not-found-view";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Badge } from "~/components/ui/badge";
import { now as clockNow } from "~/lib/clock.server";
import { formatRelativeOrDate } from "~/lib/dates";
import { env } from "~/lib/env.server";
import { handleFormAction } from "~/lib/form-action.server";
import { imageUrlFor } from "~/lib/images";
import { formatPrice, toDecimalString } from "~/lib/money";
import { expirePagesAt } from "~/lib/page-expiry.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { sessionUser } from "~/modules/accounts/auth.server";
import { BundleBox } from "~/modules/cart/components/bundle-box";
import { ProductPurchase } from "~/modules/cart/components/product-purchase";
import {
  deliveryOptionList,
  FREE_DELIVERY_THRESHOLD,
  formatDeliveryTime,
  SHIPPING_TIME_TEXT,
} from "~/modules/cart/delivery";
import { productFaq } from "~/modules/cart/product-faq";
import { categoryLabels, firstAvailableVariant, productBadges, shortSku } from "~/modules/catalog/catalog";
import { ProductCard, productGridClassName } from "~/modules/catalog/components/product-card";
import { ProductGallery } from "~/modules/catalog/components/product-gallery";
import { ReleaseBox } from "~/modules/catalog/components/release-box";
import { productJsonLd } from "~/modules/catalog/product-json-ld";
import { isReleased } from "~/modules/catalog/release";
import { breadcrumbJsonLd } from "~/modules/content/structured-data";
import { ReviewsSection } from "~/modules/reviews/components/reviews-section";
import { refuseGuestReview, reviewIntents, reviewsPath } from "~/modules/reviews/review-actions.server";
import { REVIEW_FAILED_MESSAGE } from "~/modules/reviews/review-texts";
import { reviewSummary } from "~/modules/reviews/reviews";
import { NotifyMeForm } from "~/modules/stock-alerts/components/notify-me-form";
import { canWaitFor, sizeLabel } from "~/modules/stock-alerts/stock-alerts";
import { useRootData } from "~/root";
import type { Route } from "./+types/product";
import { productPageContent } from "./product-content.server";

export async function loader({ params }: Route.LoaderArgs) {
  const content = await productPageContent(params.slug);
  if (!content) throw data({ slug: params.slug }, { status: 404 });
  const { product, reviews, related, bundle } = content;
  const now = clockNow();
  // A drop not released yet: 'Wkrótce' instead of the buy form until the instant, when the page goes
  // stale on every instance (decision 022's expiry) and the next render sells.
  const upcomingRelease = isReleased(product.releaseAt, now) ? null : product.releaseAt;
  expirePagesAt(content.changesAt);
  // Structured data is built here, so its code (and the date helpers it uses) stays off the client.
  const { site } = env();
  const path = `/merch/${product.slug}`;
  const jsonLd = [
    productJsonLd({ ...product, upcomingRelease }, reviewSummary(reviews), site),
    breadcrumbJsonLd(
      [
        { label: "Sklep", to: "/merch" },
        { label: categoryLabels[product.category], to: `/merch?category=${product.category}` },
        { label: product.name, to: path },
      ],
      site,
    ),
  ];
  // Dates are worded here ("3 dni temu", "1 lutego 2026"), so the date library stays off the client.
  const datedReviews = reviews.map((review) => ({
    ...review,
    dateLabel: formatRelativeOrDate(review.createdAt, now),
  }));
  return {
    product,
    upcomingRelease,
    reviews: datedReviews,
    related,
    bundle,
    jsonLd,
    now: now.toISOString(),
  };
}

/** The review form (the page's one form of its own): signed-in users only, checked before the body. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await sessionUser({ request, context });
  if (!user) {
    // A guest's body is never read (issue #14): a plain form is told apart by the browser's own
    // navigation header, which a script's post never carries.
    return refuseGuestReview(request.headers.get("sec-fetch-mode") === "navigate", params.slug);
  }
  return handleFormAction(request, reviewIntents(params.slug, user.id), {
    invalidRequest: REVIEW_FAILED_MESSAGE,
    // A plain form's success goes back to the reviews with the toast's words; a refusal is rendered
    // by this page with what was typed.
    plain: { redirectTo: () => reviewsPath(params.slug) },
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) {
    return [{ title: `Produkt nie znaleziony | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  const { product, jsonLd } = loaderData;
  const path = `/merch/${params.slug}`;
  const image = product.images[0];
  return [
    ...pageMeta({
      site,
      title: product.name,
      description: product.metaDescription ?? product.description.slice(0, 160),
      path,
      type: "product",
      image: image ? imageUrlFor(image, 1200) : undefined,
      imageAlt: image?.alt ?? product.name,
      jsonLd,
    }),
    { property: "product:price:amount", content: toDecimalString(product.price) },
    { property: "product:price:currency", content: "PLN" },
  ];
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, upcomingRelease, reviews, related, bundle, now } = loaderData;
  const { user, site: rootSite } = useRootData();
  const location = useLocation();
  const [variantId, setVariantId] = useState<string | null>(
    firstAvailableVariant(product.variants.filter((variant) => isReleased(variant.releaseAt, new Date(now))))
      ?.id ?? null,
  );
  const badges = productBadges(product, product.stock, now);
  // Whether a visitor may wait for the product or a size: the rule the "Powiadom mnie" action applies.
  const at = new Date(now);
  const waitable = { releaseAt: product.releaseAt, stockQuantity: product.stock };
  const waitingSizes = product.variants
    .filter((option) => canWaitFor(waitable, product.variants, option, at))
    .map((option) => ({ id: option.id, label: sizeLabel(option) ?? option.size }));
  const soldOut = canWaitFor(waitable, product.variants, null, at);
  const faq = productFaq(product.category);
  const loginHref = `/auth?redirect=${encodeURIComponent(`${location.pathname}#reviews`)}`;

  return (
    <div className="container-page pt-24 pb-8 md:pt-28">
      {/* A plain review form's refusal, rendered here with what was typed. */}
      <ActionNotice answer={actionData} />
      <Breadcrumbs
        items={[
          { label: "Sklep", to: "/merch" },
          { label: categoryLabels[product.category], to: `/merch?category=${product.category}` },
          { label: product.name, to: `/merch/${product.slug}` },
        ]}
      />

      <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <ProductGallery images={product.images} name={product.name} />
        </div>

        <div className="grid content-start gap-8">
          <header className="grid gap-3">
            {badges.length > 0 ? (
              <ul
                className="flex flex-wrap gap-2"
                aria-label="Oznaczenia produktu"
                data-testid="product-badges"
              >
                {badges.map((badge) => (
                  <li key={badge.kind}>
                    <Badge
                      variant={
                        badge.kind === "new" ? "accent" : badge.kind === "bestseller" ? "hot" : "warning"
                      }
                    >
                      {badge.label}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="font-bold text-muted text-xs uppercase tracking-widest">
              {categoryLabels[product.category]}
            </p>
            <h1 className="font-display text-4xl leading-[1.05] md:text-5xl">{product.name}</h1>
            <p className="text-muted text-sm">
              SKU:{" "}
              <span className="font-mono text-foreground" data-testid="sku">
                {shortSku(product.id)}
              </span>
            </p>
          </header>

          {upcomingRelease ? (
            <ReleaseBox
              price={product.price}
              sale={product.sale}
              releaseAt={upcomingRelease}
              releaseLabel={product.releaseLabel ?? ""}
              serverNow={now}
            >
              <NotifyMeForm productId={product.id} />
            </ReleaseBox>
          ) : (
            <>
              <ProductPurchase
                product={product}
                now={now}
                variantId={variantId}
                onVariantChange={setVariantId}
              />
              {soldOut ? (
                <section aria-labelledby="notify-heading" className="grid gap-3">
                  <h2 id="notify-heading" className="font-bold text-sm uppercase tracking-wide">
                    Wyprzedane — powiadomimy Cię, gdy wróci
                  </h2>
                  <NotifyMeForm productId={product.id} />
                </section>
              ) : waitingSizes.length > 0 ? (
                <details className="rounded-md border border-border p-4" data-testid="notify-size">
                  <summary className="cursor-pointer font-bold text-sm">
                    Nie ma Twojego rozmiaru? Powiadomimy Cię, gdy będzie
                  </summary>
                  <NotifyMeForm productId={product.id} sizes={waitingSizes} className="mt-4" />
                </details>
              ) : null}
            </>
          )}

          <TrustStrip siteName={rootSite.name} />

          <section aria-labelledby="details-heading" className="grid gap-0">
            <h2 id="details-heading" className="sr-only">
              Szczegóły produktu
            </h2>
            <Accordion type="multiple" defaultValue={["description"]} className="border-border border-t">
              <AccordionItem value="description">
                <AccordionTrigger>Opis</AccordionTrigger>
                <AccordionContent>
                  <p className="whitespace-pre-line">{product.description}</p>
                </AccordionContent>
              </AccordionItem>
              {product.specification.length > 0 ? (
                <AccordionItem value="specification">
                  <AccordionTrigger>Specyfikacja</AccordionTrigger>
                  <AccordionContent>
                    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-6 gap-y-2">
                      {product.specification.map((row) => (
                        <div key={row.label} className="contents">
                          <dt className="font-bold text-foreground">{row.label}</dt>
                          <dd>{row.value}</dd>
                        </div>
                      ))}
                      <dt className="font-bold text-foreground">Marka</dt>
                      <dd>{product.brand}</dd>
                    </dl>
                  </AccordionContent>
                </AccordionItem>
              ) : null}
              <AccordionItem value="shipping">
                <AccordionTrigger>Dostawa i zwroty</AccordionTrigger>
                <AccordionContent>
                  <ShippingAndReturns />
                </AccordionContent>
              </AccordionItem>
            </Accordion>
          </section>

          {upcomingRelease ? null : <BundleBox product={product} variantId={variantId} items={bundle} />}
        </div>
      </div>

      <div className="mt-16 grid gap-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:gap-14">
        <ReviewsSection
          reviews={reviews}
          signedIn={Boolean(user)}
          loginHref={loginHref}
          plainAnswer={actionData}
        />
        <section aria-labelledby="faq-heading" className="lg:pt-1">
          <h2 id="faq-heading" className="font-display text-3xl md:text-4xl">
            FAQ
          </h2>
          <Accordion type="single" collapsible className="mt-2">
            {faq.map((item, index) => (
              <AccordionItem key={item.question} value={`faq-${index}`}>
                <AccordionTrigger className="text-sm normal-case tracking-normal">
                  {item.question}
                </AccordionTrigger>
                <AccordionContent className="text-sm">{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      </div>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-20" data-testid="related-products">
          <h2 id="related-heading" className="font-display text-3xl md:text-4xl">
            Zobacz też
          </h2>
          <ul className={`${productGridClassName} mt-6`}>
            {related.map((item, index) => (
              <li key={item.id}>
                <ProductCard product={item} index={index} now={now} headingLevel={3} animate={false} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function TrustStrip({ siteName }: { siteName: string }) {
  const items = [
    { icon: Truck, title: "Darmowa dostawa", text: `od ${formatPrice(FREE_DELIVERY_THRESHOLD)}` },
    { icon: PackageCheck, title: "Wysyłka w 24\u00a0h", text: "w dni robocze" },
    { icon: RotateCcw, title: "14 dni na zwrot", text: "bez podawania przyczyny" },
    { icon: ShieldCheck, title: "Bezpieczne płatności", text: "karta, BLIK, Przelewy24" },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3" aria-label={`Zakupy w ${siteName}`} data-testid="trust-strip">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex items-start gap-3 rounded-md border border-border bg-surface p-3">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
          <p className="text-sm leading-snug">
            <span className="block font-bold">{title}</span>
            <span className="text-muted">{text}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

function ShippingAndReturns() {
  return (
    <div className="grid gap-3">
      <ul className="grid gap-1">
        {deliveryOptionList.map((option) => (
          <li key={option.id}>
            <span className="font-bold text-foreground">{option.label}</span>: {formatPrice(option.price)},{" "}
            {formatDeliveryTime(option)}
          </li>
        ))}
      </ul>
      <p>
        Darmowa dostawa od {formatPrice(FREE_DELIVERY_THRESHOLD)} (po rabacie) lub z kodem na darmową wysyłkę.
      </p>
      <p>{SHIPPING_TIME_TEXT}</p>
      <p>
        Masz 14 dni od otrzymania paczki na odstąpienie od umowy bez podawania przyczyny. Szczegóły:{" "}
        <Link to="/shipping" className="text-accent underline-offset-4 hover:underline">
          dostawa
        </Link>
        ,{" "}
        <Link to="/returns" className="text-accent underline-offset-4 hover:underline">
          zwroty i reklamacje
        </Link>
        .
      </p>
    </div>
  );
}

/** Unknown or inactive slug (404), or a product that failed to load (logged by the server): SPEC §8. */
export function ErrorBoundary() {
  return (
    <NotFoundView
      look="shop"
      title="PRODUKT NIE ZNALEZIONY"
      text="Tego produktu nie ma w sklepie albo został wycofany ze sprzedaży."
      linkTo="/merch"
      linkLabel="Wróć do sklepu"
    />
  );
}
