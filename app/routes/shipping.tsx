import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { staticPageMeta } from "~/lib/seo";
import { deliveryOptions, FREE_DELIVERY_THRESHOLD, SHIPPING_TIME_TEXT } from "~/modules/cart/delivery";
import { InfoPageHeader, Prose } from "~/modules/legal/components/info-page";
import {
  DeliveryOptionCards,
  DispatchTimeline,
  FreeDeliveryBanner,
} from "~/modules/legal/components/shipping-options";
import { legalDates } from "~/modules/legal/legal-dates";
import { useRootData } from "~/root";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Dostawa",
  description: `Kurier ${formatPrice(deliveryOptions.courier.price)}, Paczkomat InPost ${formatPrice(deliveryOptions.inpost.price)}, darmowa dostawa od ${formatPrice(FREE_DELIVERY_THRESHOLD)}. Wysyłka w 24 godziny w dni robocze.`,
  path: "/shipping",
});

export default function Shipping() {
  const { site } = useRootData();
  return (
    <>
      <InfoPageHeader
        eyebrow="Informacje"
        title="Dostawa"
        lead="Wysyłamy na terenie całej Polski – kurierem pod drzwi albo do Paczkomatu InPost."
        updated={legalDates.shippingUpdated}
      />
      <div className="container-page space-y-12 py-10 md:space-y-16 md:py-14">
        <section aria-labelledby="opcje-dostawy">
          <h2 id="opcje-dostawy" className="mb-6 font-display text-2xl md:text-3xl">
            Sposoby i koszty dostawy
          </h2>
          <DeliveryOptionCards />
          <div className="mt-4">
            <FreeDeliveryBanner />
          </div>
        </section>

        <section aria-labelledby="czas-wysylki">
          <h2 id="czas-wysylki" className="mb-6 font-display text-2xl md:text-3xl">
            Kiedy wyślemy paczkę
          </h2>
          <DispatchTimeline shippingTimeText={SHIPPING_TIME_TEXT} />
        </section>

        <section aria-labelledby="szczegoly-dostawy">
          <h2 id="szczegoly-dostawy" className="sr-only">
            Szczegóły dostawy
          </h2>
          <Prose>
            <h3>Obszar dostawy</h3>
            <p>
              Dostarczamy na terenie Polski. Chcesz zamówić za granicę? Napisz na{" "}
              <a href={`mailto:${site.email}`}>{site.email}</a> – sprawdzimy, co da się zrobić.
            </p>
            <h3>Śledzenie przesyłki</h3>
            <p>
              Gdy nadamy paczkę, wyślemy Ci e-mail z numerem przesyłki i linkiem do śledzenia. Status
              zamówienia sprawdzisz też na jego stronie – link jest w e-mailu z potwierdzeniem zamówienia, a
              zalogowani klienci znajdą go w zakładce „Zamówienia” na koncie.
            </p>
            <h3>Paczkomat InPost</h3>
            <p>
              Paczkomat wybierasz na mapie w koszyku albo wpisujesz jego kod (np. WRO01M). Kod odbioru przyśle
              Ci InPost SMS-em i e-mailem, gdy paczka będzie czekać w maszynie.
            </p>
            <h3>Odbiór od kuriera</h3>
            <p>
              Jeśli paczka jest uszkodzona, poproś kuriera o spisanie protokołu szkody – przyspieszy to
              wyjaśnienie sprawy. Nie jest to jednak warunek reklamacji: Twoje prawa opisujemy na stronie{" "}
              <Link to="/returns#reklamacje">Zwroty i reklamacje</Link>.
            </p>
            <h3>Paczka wróciła nieodebrana</h3>
            <p>
              Skontaktujemy się z Tobą e-mailem, żeby ustalić ponowną wysyłkę albo zwrot pieniędzy za
              zamówienie.
            </p>
          </Prose>
        </section>
      </div>
    </>
  );
}
