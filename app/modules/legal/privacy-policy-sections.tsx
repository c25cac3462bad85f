/**
 * The privacy policy: 13 sections (SPEC §2), written for the brand settings of `lib/site.ts`. Where
 * SPEC's wording no longer holds (the cart in local storage, the discount code in session storage),
 * the text says what the code does (decision 031); privacy-policy-sections.test.tsx ties its figures
 * and cookie names (privacy-cookies.tsx) to the code.
 */
import { Link } from "react-router";
import { CONFIRM_VALID_DAYS } from "~/modules/stock-alerts/stock-alert-texts";
import { InfoTable, type LegalSite, ShopEmailLink, siteHost } from "./components/info-page";
import type { DocumentSection } from "./components/section-accordion";
import { cookiesSection, GUEST_CART_DAYS } from "./privacy-cookies";

export function privacyPolicySections(site: LegalSite): DocumentSection[] {
  const host = siteHost(site);
  const mail = <ShopEmailLink site={site} />;
  return [
    {
      id: "administrator",
      title: "Administrator danych",
      content: (
        <>
          <p>
            Administratorem Twoich danych osobowych jest <strong>{site.seller.company}</strong>,{" "}
            {site.seller.address}, NIP {site.seller.nip}, REGON {site.seller.regon} (dalej: „my”), właściciel
            marki {site.name}, serwisu {host} i sklepu internetowego z merchem.
          </p>
          <p>
            Nie wyznaczyliśmy inspektora ochrony danych. We wszystkich sprawach dotyczących Twoich danych pisz
            na {mail}, dzwoń pod numer {site.seller.phone} albo napisz na adres naszej siedziby.
          </p>
        </>
      ),
    },
    {
      id: "dane",
      title: "Jakie dane zbieramy",
      content: (
        <>
          <p>Przetwarzamy tylko dane, które są potrzebne do danego celu:</p>
          <ul>
            <li>
              <strong>zamówienia</strong>: imię i nazwisko, adres e-mail, adres dostawy albo wybrany
              Paczkomat, numer telefonu (jeśli go podasz), zamówione produkty, kwoty, wybrany sposób dostawy i
              status zamówienia;
            </li>
            <li>
              <strong>koszyk</strong>: produkty, rozmiary i ilości, wybrany sposób dostawy i Paczkomat,
              wpisany kod rabatowy, a gdy jest potrzebny przed płatnością (kod na pierwsze zamówienie, produkt
              z limitem sztuk na klienta) – także adres e-mail gościa; koszyk przechowujemy na naszym serwerze
              (sekcja 10);
            </li>
            <li>
              <strong>płatności</strong>: dane karty, BLIK czy rachunku podajesz bezpośrednio operatorowi
              płatności – nie mamy do nich dostępu; otrzymujemy jedynie informację, czy i kiedy płatność się
              powiodła;
            </li>
            <li>
              <strong>konto</strong>: adres e-mail, hasło (przechowujemy wyłącznie jego kryptograficzny skrót,
              nigdy samo hasło), nazwa konta (nadajemy ją z części adresu e-mail przed znakiem „@”), data
              rejestracji, koszyk, historia zamówień – także złożonych wcześniej jako gość na ten sam,
              potwierdzony adres e-mail – i Twoje opinie o produktach;
            </li>
            <li>
              <strong>„Powiadom mnie”</strong>: adres e-mail, produkt (i rozmiar), na który czekasz, treść
              zgody z datą jej wyrażenia, data potwierdzenia adresu oraz data wysłania powiadomienia albo
              wypisania się;
            </li>
            <li>
              <strong>formularz kontaktowy</strong>: imię, adres e-mail, numer zamówienia (jeśli go podasz),
              temat i treść wiadomości;
            </li>
            <li>
              <strong>dane techniczne</strong>: adres IP, rodzaj przeglądarki i urządzenia, data i godzina
              wizyty (adres IP i przeglądarkę zapisujemy też przy sesji logowania), a także informacje
              zapisywane w plikach cookies i pamięci przeglądarki (opisane w sekcji 10).
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "cele",
      title: "Cele i podstawy prawne przetwarzania",
      content: (
        <>
          <p>Każdy cel ma swoją podstawę prawną w art. 6 ust. 1 RODO:</p>
          <InfoTable
            caption="Cele przetwarzania danych i ich podstawy prawne"
            head={["Cel", "Podstawa prawna"]}
            rows={[
              [
                "Zawarcie i wykonanie umowy sprzedaży: przyjęcie zamówienia, płatność, wysyłka, kontakt w sprawie zamówienia",
                "art. 6 ust. 1 lit. b RODO – niezbędność do wykonania umowy",
              ],
              [
                "Prowadzenie konta i udostępnianie historii zamówień",
                "art. 6 ust. 1 lit. b RODO – umowa o świadczenie usługi drogą elektroniczną",
              ],
              [
                "Koszyk: zapamiętanie wybranych produktów, dostawy i kodu rabatowego do chwili zamówienia (po zalogowaniu – na każdym urządzeniu)",
                "art. 6 ust. 1 lit. b RODO – działania podejmowane na Twoje żądanie przed zawarciem umowy",
              ],
              [
                "Powiadomienie „Powiadom mnie”: jedna wiadomość, gdy produkt będzie dostępny, wysyłana po potwierdzeniu adresu",
                "art. 6 ust. 1 lit. a RODO – Twoja zgoda; przechowywanie zapisu zgody po jej wycofaniu – art. 6 ust. 1 lit. f RODO (wykazanie, że zgoda była udzielona)",
              ],
              [
                "Kody na pierwsze zamówienie i limity sztuk jednego produktu na klienta (porównujemy znormalizowany adres e-mail, konto i koszyk przeglądarki)",
                "art. 6 ust. 1 lit. f RODO – prawnie uzasadniony interes, czyli uczciwy dostęp do limitowanych produktów i promocji",
              ],
              [
                "Wystawianie i przechowywanie faktur, prowadzenie księgowości, obsługa odstąpień od umowy i reklamacji",
                "art. 6 ust. 1 lit. c RODO – obowiązki wynikające z przepisów podatkowych, o rachunkowości i prawa konsumenckiego",
              ],
              [
                "Odpowiedzi na wiadomości z formularza kontaktowego i e-maile",
                "art. 6 ust. 1 lit. f RODO – nasz prawnie uzasadniony interes, czyli komunikacja z osobami, które do nas piszą (a gdy wiadomość dotyczy zamówienia – art. 6 ust. 1 lit. b)",
              ],
              [
                "Ustalenie, dochodzenie i obrona roszczeń",
                "art. 6 ust. 1 lit. f RODO – prawnie uzasadniony interes",
              ],
              [
                "Bezpieczeństwo serwisu: ochrona formularzy i logowania przed nadużyciami (limity zapytań z jednego adresu IP), dzienniki serwera",
                "art. 6 ust. 1 lit. f RODO – prawnie uzasadniony interes",
              ],
              [
                "Publikowanie Twoich opinii o produktach: ocena, treść, data, nazwa konta (domyślnie część adresu e-mail przed „@”) i oznaczenie „Zweryfikowany zakup”, gdy kupiłeś produkt",
                "art. 6 ust. 1 lit. f RODO – prawnie uzasadniony interes (prezentowanie opinii innym klientom)",
              ],
              [
                "Analityczne i marketingowe pliki cookies (jeśli kiedyś je wprowadzimy)",
                "art. 6 ust. 1 lit. a RODO – Twoja zgoda, wyrażana przed zapisaniem plików (art. 399 Prawa komunikacji elektronicznej)",
              ],
            ]}
          />
        </>
      ),
    },
    {
      id: "dobrowolnosc",
      title: "Czy musisz podać dane",
      content: (
        <p>
          Podanie danych jest dobrowolne, ale bez danych do wysyłki i adresu e-mail nie zrealizujemy
          zamówienia, a bez imienia i adresu e-mail nie odpowiemy na wiadomość. Przepisy podatkowe wymagają od
          nas przechowywania danych z dokumentów sprzedaży. Konto możesz założyć, ale nie musisz – zamówienia
          można składać jako gość.
        </p>
      ),
    },
    {
      id: "odbiorcy",
      title: "Komu przekazujemy dane",
      content: (
        <>
          <p>
            Dane przekazujemy tylko tym, bez których nie zrealizujemy zamówienia lub nie utrzymamy serwisu:
          </p>
          <ul>
            <li>
              <strong>operatorowi płatności</strong> – Stripe Payments Europe, Ltd. (Dublin, Irlandia), który
              obsługuje płatności kartą, BLIK i szybkie przelewy; w zakresie płatności jest on odrębnym
              administratorem danych;
            </li>
            <li>
              <strong>firmom kurierskim i InPost sp. z o.o.</strong> (Kraków) – imię i nazwisko, adres lub
              Paczkomat, e-mail i telefon potrzebne do doręczenia przesyłki;
            </li>
            <li>
              <strong>dostawcy poczty e-mail</strong> – który dostarcza potwierdzenia zamówień, informacje o
              wysyłce, powiadomienia „Powiadom mnie” i nasze odpowiedzi;
            </li>
            <li>
              <strong>dostawcy hostingu i infrastruktury serwerowej</strong> – na którego serwerach działa
              serwis i baza danych;
            </li>
            <li>
              <strong>biuru rachunkowemu i doradcom prawnym</strong> – w zakresie potrzebnym do rozliczeń i
              obrony roszczeń;
            </li>
            <li>
              <strong>organom publicznym</strong> – wyłącznie wtedy, gdy wymaga tego prawo.
            </li>
          </ul>
          <p>
            Dostawcy, którzy przetwarzają dane w naszym imieniu, robią to na podstawie umów powierzenia (art.
            28 RODO) i tylko zgodnie z naszymi poleceniami. Nie sprzedajemy danych i nie udostępniamy ich w
            celach marketingowych.
          </p>
        </>
      ),
    },
    {
      id: "przekazywanie",
      title: "Przekazywanie danych poza EOG",
      content: (
        <p>
          Co do zasady przetwarzamy dane w Europejskim Obszarze Gospodarczym. Operator płatności może
          przekazywać dane do podmiotów z grupy Stripe w Stanach Zjednoczonych – na podstawie decyzji Komisji
          Europejskiej stwierdzającej odpowiedni stopień ochrony (EU-U.S. Data Privacy Framework) oraz
          standardowych klauzul umownych (art. 46 ust. 2 lit. c RODO). Kopię tych zabezpieczeń udostępnimy na
          Twoją prośbę.
        </p>
      ),
    },
    {
      id: "okres",
      title: "Jak długo przechowujemy dane",
      content: (
        <ul>
          <li>
            <strong>dane zamówień</strong> – przez okres naszej odpowiedzialności za zgodność towaru z umową
            (2 lata od dostarczenia) i kolejne 2 lata na wypadek roszczeń;
          </li>
          <li>
            <strong>faktury i dokumenty księgowe</strong> – 5 lat, licząc od końca roku kalendarzowego, w
            którym upłynął termin płatności podatku;
          </li>
          <li>
            <strong>konto</strong> – do czasu jego usunięcia; zamówienia złożone z konta przechowujemy dalej
            tak jak pozostałe dane zamówień;
          </li>
          <li>
            <strong>koszyk</strong> – koszyk gościa usuwamy automatycznie po {GUEST_CART_DAYS} dniach bez
            zmian (tyle żyje też plik cookie, który go wskazuje); koszyk konta zostaje z kontem; po opłaceniu
            zamówienia opróżniamy koszyk, z którego powstało;
          </li>
          <li>
            <strong>„Powiadom mnie”</strong> – zapis czeka, aż produkt (lub rozmiar) będzie dostępny; wtedy
            wysyłamy jedną wiadomość z linkiem do wypisania się. Dopóki nie potwierdzisz adresu, wysyłamy
            tylko link potwierdzający, ważny {CONFIRM_VALID_DAYS} dni. Po wysłaniu powiadomienia albo
            wypisaniu się zapis – z treścią i datą zgody – zostaje jako dowód jej udzielenia i wycofania; nie
            wysyłamy na jego podstawie kolejnych wiadomości, a na Twoją prośbę go usuniemy;
          </li>
          <li>
            <strong>wiadomości z formularza i e-maile</strong> – do roku od zakończenia korespondencji, a
            jeśli dotyczą zamówienia lub reklamacji – tak długo jak dane tego zamówienia;
          </li>
          <li>
            <strong>zabezpieczenia formularzy</strong> – liczniki prób powiązane z adresem IP usuwamy
            automatycznie po upływie okna limitu (kilkadziesiąt minut); dzienniki serwera – nie dłużej niż 90
            dni;
          </li>
          <li>
            <strong>dane przetwarzane na podstawie zgody</strong> – do jej wycofania (zapis zgody na „Powiadom
            mnie” – jak wyżej).
          </li>
        </ul>
      ),
    },
    {
      id: "prawa",
      title: "Twoje prawa",
      content: (
        <>
          <p>W każdej chwili możesz zażądać:</p>
          <ul>
            <li>dostępu do swoich danych i otrzymania ich kopii (art. 15 RODO),</li>
            <li>sprostowania danych nieprawidłowych lub uzupełnienia niekompletnych (art. 16 RODO),</li>
            <li>usunięcia danych – „prawo do bycia zapomnianym” (art. 17 RODO),</li>
            <li>ograniczenia przetwarzania (art. 18 RODO),</li>
            <li>
              przeniesienia danych, które nam przekazałeś, w formacie nadającym się do odczytu maszynowego
              (art. 20 RODO),
            </li>
            <li>
              a także wnieść <strong>sprzeciw</strong> wobec przetwarzania opartego na naszym prawnie
              uzasadnionym interesie (art. 21 RODO).
            </li>
          </ul>
          <p>
            Zgodę możesz wycofać w dowolnym momencie (zgodę na „Powiadom mnie” – także linkiem z wiadomości) –
            nie wpływa to na zgodność z prawem przetwarzania, którego dokonaliśmy przed jej wycofaniem. Na
            żądania odpowiadamy bez zbędnej zwłoki, najpóźniej w ciągu miesiąca. Wystarczy wiadomość na {mail}
            .
          </p>
          <p>
            Jeśli uważasz, że przetwarzamy Twoje dane niezgodnie z prawem, możesz wnieść skargę do organu
            nadzorczego: <strong>Prezesa Urzędu Ochrony Danych Osobowych (PUODO)</strong>, ul. Stawki 2,
            00-193 Warszawa,{" "}
            <a href="https://uodo.gov.pl" target="_blank" rel="noopener noreferrer">
              uodo.gov.pl
            </a>
            .
          </p>
        </>
      ),
    },
    {
      id: "decyzje",
      title: "Zautomatyzowane decyzje i profilowanie",
      content: (
        <p>
          Nie podejmujemy wobec Ciebie decyzji opartych wyłącznie na zautomatyzowanym przetwarzaniu, które
          wywoływałyby skutki prawne lub w podobny sposób istotnie na Ciebie wpływały (art. 22 RODO). Nie
          profilujemy klientów w celach marketingowych. Automatycznie liczymy jedynie koszyk, ceny promocyjne,
          rabaty i koszt dostawy oraz sprawdzamy limity sztuk na klienta – według zasad podanych w
          regulaminie.
        </p>
      ),
    },
    cookiesSection(),
    {
      id: "bezpieczenstwo",
      title: "Bezpieczeństwo danych",
      content: (
        <ul>
          <li>połączenie z serwisem jest szyfrowane (HTTPS/TLS);</li>
          <li>
            hasła przechowujemy wyłącznie jako kryptograficzne skróty – nikt, także my, nie zna Twojego hasła;
          </li>
          <li>płatności obsługuje licencjonowany operator – dane kart nie trafiają na nasze serwery;</li>
          <li>dostęp do danych mają tylko upoważnione osoby, w zakresie potrzebnym do ich pracy;</li>
          <li>
            pliki cookies koszyka, komunikatów i logowania są niedostępne dla skryptów strony (HttpOnly) –
            poza licznikiem sztuk dla znaczka koszyka;
          </li>
          <li>formularze, logowanie i płatności chronimy przed nadużyciami limitami prób.</li>
        </ul>
      ),
    },
    {
      id: "zmiany",
      title: "Zmiany polityki prywatności",
      content: (
        <p>
          Politykę aktualizujemy, gdy zmieniają się przepisy, nasi dostawcy lub sposób działania serwisu.
          Aktualna wersja z datą ostatniej zmiany jest zawsze na tej stronie. O istotnych zmianach
          poinformujemy osoby posiadające konto e-mailem, zanim zmiany zaczną obowiązywać.
        </p>
      ),
    },
    {
      id: "kontakt",
      title: "Kontakt w sprawie danych osobowych",
      content: (
        <>
          <p>Masz pytanie lub chcesz skorzystać ze swoich praw? Skontaktuj się z nami:</p>
          <ul>
            <li>e-mail: {mail},</li>
            <li>telefon: {site.seller.phone},</li>
            <li>
              list: {site.seller.company}, {site.seller.address},
            </li>
            <li>
              <Link to="/contact">formularz kontaktowy</Link> (temat „Inne”).
            </li>
          </ul>
        </>
      ),
    },
  ];
}
