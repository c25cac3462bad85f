/**
 * The accessibility statement ('Deklaracja dostępności'), laid out like the statements Polish law asks
 * for (status, dates, how it was prepared, contact, complaint and enforcement procedure), for the
 * European Accessibility Act as implemented by the act of 26 April 2024.
 */
import { Link } from "react-router";
import { type LegalSite, Note, Prose, ShopEmailLink, siteHost } from "./components/info-page";
import { legalDateLabel, legalDates } from "./legal-dates";

/** How long a complaint may take (act of 26 April 2024): 30 days, up to 60 in complicated cases. */
export const ACCESSIBILITY_COMPLAINT_DAYS = { standard: 30, complicated: 60 } as const;

function LongDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{legalDateLabel(iso)} r.</time>;
}

export function AccessibilityStatement({ site }: { site: LegalSite }) {
  const host = siteHost(site);
  const mail = <ShopEmailLink site={site} />;
  return (
    <Prose>
      <p>
        <strong>{site.seller.company}</strong> zobowiązuje się zapewnić dostępność swojej strony internetowej
        i sklepu {site.name} zgodnie z ustawą z dnia 26 kwietnia 2024 r. o zapewnianiu spełniania wymagań
        dostępności niektórych produktów i usług przez podmioty gospodarcze, wdrażającą Europejski akt o
        dostępności (dyrektywa (UE) 2019/882). Deklaracja dotyczy strony <a href={site.url}>{host}</a> wraz ze
        sklepem internetowym.
      </p>
      <ul>
        <li>
          Data publikacji strony internetowej: <LongDate iso={legalDates.sitePublished} />
        </li>
        <li>
          Data ostatniej istotnej aktualizacji: <LongDate iso={legalDates.siteLastMajorUpdate} />
        </li>
      </ul>

      <h2 id="stan-dostepnosci">Stan dostępności</h2>
      <p>
        Strona jest <strong>częściowo zgodna</strong> ze standardem WCAG 2.1 na poziomie AA (norma
        zharmonizowana EN 301 549) z powodu niezgodności wymienionych poniżej.
      </p>
      <h3>Treści niedostępne</h3>
      <ul>
        <li>
          Mapa wyboru Paczkomatu w koszyku jest zewnętrznym widżetem InPost i może nie być w pełni obsługiwana
          klawiaturą ani czytnikiem ekranu. Zamiast niej możesz wpisać kod Paczkomatu w polu pod mapą (np.
          WRO01M) albo wybrać dostawę kurierem.
        </li>
        <li>
          Aftermovie na stronie głównej jest osadzonym filmem z serwisu YouTube bez napisów i audiodeskrypcji;
          film zawiera muzykę i obraz, bez mowy.
        </li>
        <li>
          Zdjęcia w galeriach z wydarzeń mają ogólne teksty alternatywne (nazwa wydarzenia i numer zdjęcia), a
          nie opis każdej sceny.
        </li>
        <li>
          Płatność odbywa się na stronie zewnętrznego operatora płatności, a bilety sprzedaje zewnętrzny
          serwis biletowy – za dostępność tych stron odpowiadają ich operatorzy.
        </li>
      </ul>

      <h3>Ułatwienia na stronie</h3>
      <ul>
        <li>
          link „Przejdź do treści” na początku każdej strony (pojawia się po naciśnięciu klawisza Tab) i
          wyraźnie widoczne obramowanie aktywnego elementu;
        </li>
        <li>
          pełna obsługa klawiaturą: zakładki i rozwijane sekcje obsługujesz strzałkami, klawiszami Home/End,
          Enterem i spacją; okna dialogowe zamyka Escape;
        </li>
        <li>
          formularze mają etykiety, a błędy są opisane tekstem przy polu i powiązane z nim dla czytników
          ekranu;
        </li>
        <li>
          wysoki kontrast tekstu (co najmniej 4,5:1), język strony oznaczony jako polski, układ dopasowany do
          telefonów i powiększenia do 400%;
        </li>
        <li>strona ogranicza animacje, gdy w systemie włączone jest ustawienie „ogranicz ruch”;</li>
        <li>
          sklep działa także bez JavaScriptu: menu, zdjęcia, koszyk i przejście do płatności to zwykłe linki i
          formularze.
        </li>
      </ul>

      <h2 id="przygotowanie-deklaracji">Przygotowanie deklaracji</h2>
      <p>
        Deklarację sporządzono dnia <LongDate iso={legalDates.accessibilityStatementPrepared} /> na podstawie
        samooceny przeprowadzonej przez {site.seller.company}: automatycznych testów każdego rodzaju strony
        narzędziem axe-core w przeglądarce Chromium oraz ręcznego sprawdzenia obsługi klawiaturą i widoku na
        urządzeniach mobilnych. Deklarację przeglądamy przy każdej istotnej zmianie strony, nie rzadziej niż
        raz w roku.
      </p>

      <h2 id="informacje-zwrotne">Informacje zwrotne i dane kontaktowe</h2>
      <p>
        Jeśli zauważysz problem z dostępnością albo potrzebujesz informacji z tej strony w innej formie (np.
        tekstu regulaminu w większej czcionce lub nagrania), napisz do nas: {mail}, zadzwoń:{" "}
        {site.seller.phone} albo użyj <Link to="/contact">formularza kontaktowego</Link>. Osobą kontaktową
        jest zespół obsługi klienta {site.name}. Na prośby odpowiadamy niezwłocznie, najpóźniej w ciągu 7 dni.
      </p>

      <h2 id="skarga">Skarga na brak dostępności</h2>
      <p>
        Jeśli uważasz, że nasza usługa nie spełnia wymagań dostępności, możesz złożyć do nas skargę –
        e-mailem, pisemnie na adres {site.seller.company}, {site.seller.address}, albo ustnie (zapiszemy ją w
        protokole). Skarga powinna zawierać:
      </p>
      <ul>
        <li>Twoje imię i nazwisko,</li>
        <li>adres do korespondencji, adres e-mail lub numer telefonu oraz preferowany sposób kontaktu,</li>
        <li>wskazanie usługi lub strony, której dotyczy,</li>
        <li>
          opis, które wymagania dostępności nie są spełnione (możesz też zaproponować, jak to poprawić).
        </li>
      </ul>
      <p>
        Rozpatrzymy skargę w ciągu {ACCESSIBILITY_COMPLAINT_DAYS.standard} dni od jej otrzymania, a w sprawach
        szczególnie skomplikowanych – w ciągu {ACCESSIBILITY_COMPLAINT_DAYS.complicated} dni (wtedy
        poinformujemy Cię o przyczynie opóźnienia). Brak odpowiedzi w terminie oznacza, że skarga została
        uwzględniona.
      </p>

      <h2 id="procedura">Procedura zawiadomienia – Prezes Zarządu PFRON</h2>
      <p>
        Niezależnie od skargi do nas każda osoba może w dowolnym momencie złożyć zawiadomienie o niespełnianiu
        wymagań dostępności do organu nadzoru rynku –{" "}
        <strong>Prezesa Zarządu Państwowego Funduszu Rehabilitacji Osób Niepełnosprawnych (PFRON)</strong>:
      </p>
      <ul>
        <li>
          e-mailem: <a href="mailto:dostepnosc@pfron.org.pl">dostepnosc@pfron.org.pl</a> lub przez ePUAP:
          /PFRON/SkrytkaESP,
        </li>
        <li>telefonicznie: 22 581 84 10 (wew. 5),</li>
        <li>
          pisemnie: Państwowy Fundusz Rehabilitacji Osób Niepełnosprawnych, al. Jana Pawła II 13, 00-828
          Warszawa.
        </li>
      </ul>
      <p>
        Zawiadomienie powinno wskazywać nas jako usługodawcę ({site.seller.company}, {host}), usługę, której
        dotyczy, oraz opis, dlaczego nie jest dostępna.
      </p>

      <h2 id="dostepnosc-architektoniczna">Dostępność architektoniczna</h2>
      <p>
        Nie prowadzimy sklepu stacjonarnego – zamówienia, zwroty i reklamacje obsługujemy zdalnie, a przesyłki
        przyjmujemy pod adresem {site.seller.address}. Informacje o dostępności klubu, w którym odbywają się
        nasze wydarzenia, przekażemy na prośbę wysłaną na {mail}.
      </p>
      <Note tone="electric">
        <p>
          Pracujemy nad usunięciem opisanych niezgodności. Każde zgłoszenie pomaga nam szybciej je naprawić.
        </p>
      </Note>
    </Prose>
  );
}
