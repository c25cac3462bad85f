import { Link } from "react-router";
import { LabelledSection } from "~/components/ui/labelled-section";
import { formatPrice } from "~/lib/money";
import type { SiteConfig } from "~/lib/site";

const link = "text-foreground underline underline-offset-4 hover:text-accent";

/**
 * Pre-contract information a Polish online shop shows before the order (consumer rights act, art. 12
 * and 17): seller and contact, total price with delivery, payment, the right of withdrawal, the terms.
 */
export function ConsumerInfo({ site, total }: { site: SiteConfig; total: number | null }) {
  return (
    <LabelledSection
      id="consumer-info-heading"
      title="Informacje przed złożeniem zamówienia"
      className="grid gap-2 text-muted text-xs leading-relaxed"
      titleClassName="font-bold text-foreground text-sm"
      testId="consumer-info"
    >
      <p>
        Sprzedawca: {site.seller.company}, {site.seller.address}, NIP {site.seller.nip}, REGON{" "}
        {site.seller.regon}. Kontakt:{" "}
        <a href={`mailto:${site.email}`} className={link}>
          {site.email}
        </a>
        , tel. {site.seller.phone}.
      </p>
      <p>
        {total !== null ? (
          <>
            Łączna cena do zapłaty (z VAT i kosztem dostawy):{" "}
            <strong className="text-foreground">{formatPrice(total)}</strong>.{" "}
          </>
        ) : null}
        Płatność online z góry (karta, BLIK, Przelewy24) na stronie operatora płatności; zamówienie
        przyjmujemy po zaksięgowaniu płatności.
      </p>
      <p>
        Masz prawo odstąpić od umowy w terminie 14 dni od otrzymania towaru bez podawania przyczyny (
        <Link to="/returns" className={link}>
          zwroty
        </Link>
        ,{" "}
        <a href="/formularz-odstapienia" className={link} download>
          wzór formularza odstąpienia
        </a>
        ). Reklamacje: 2 lata rękojmi.
      </p>
      <p>
        Klikając „Zamawiam z obowiązkiem zapłaty”, akceptujesz{" "}
        <Link to="/terms" className={link}>
          Regulamin
        </Link>{" "}
        i{" "}
        <Link to="/privacy-policy" className={link}>
          Politykę prywatności
        </Link>
        .
      </p>
    </LabelledSection>
  );
}
