/** The privacy policy: 13 sections (SPEC §2), written for the brand settings of `lib/site.ts`. */
import { Link } from "react-router";
import { InfoTable, type LegalSite, ShopEmailLink, siteHost } from "./components/info-page";
import type { DocumentSection } from "./components/section-accordion";

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
              <strong>płatności</strong>: dane karty, BLIK czy rachunku podajesz bezpośrednio operatorowi
              płatności – nie mamy do nich dostępu; otrzymujemy jedynie informację, czy i kiedy płatność się
              powiodła;
            </li>
            <li>
              <strong>konto</strong>: adres e-mail, hasło (przechowujemy wyłącznie jego kryptograficzny skrót,
              nigdy samo hasło), data rejestracji, historia zamówień i Twoje opinie o produktach;
            </li>
            <li>
              <strong>formularz kontaktowy</strong>: imię, adres e-mail, numer zamówienia (jeśli go podasz),
              temat i treść wiadomości;
            </li>
            <li>
              <strong>dane techniczne</strong>: adres IP, rodzaj przeglądarki i urządzenia, data i godzina
              wizyty, a także informacje zapisywane w plikach cookies i pamięci przeglądarki (opisane w sekcji
              10).
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
                "Publikowanie Twoich opinii o produktach",
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
              wysyłce i nasze odpowiedzi;
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
            <strong>wiadomości z formularza i e-maile</strong> – do roku od zakończenia korespondencji, a
            jeśli dotyczą zamówienia lub reklamacji – tak długo jak dane tego zamówienia;
          </li>
          <li>
            <strong>zabezpieczenia formularzy</strong> – liczniki prób powiązane z adresem IP usuwamy
            automatycznie po upływie okna limitu (kilkadziesiąt minut); dzienniki serwera – nie dłużej niż 90
            dni;
          </li>
          <li>
            <strong>dane przetwarzane na podstawie zgody</strong> – do jej wycofania.
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
            Zgodę możesz wycofać w dowolnym momencie – nie wpływa to na zgodność z prawem przetwarzania,
            którego dokonaliśmy przed jej wycofaniem. Na żądania odpowiadamy bez zbędnej zwłoki, najpóźniej w
            ciągu miesiąca. Wystarczy wiadomość na {mail}.
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
          profilujemy klientów w celach marketingowych. Automatycznie liczymy jedynie koszyk, rabaty i koszt
          dostawy według zasad podanych w regulaminie.
        </p>
      ),
    },
    {
      id: "cookies",
      title: "Pliki cookies i pamięć przeglądarki",
      content: (
        <>
          <p>
            Cookies to małe pliki zapisywane przez przeglądarkę. Używamy ich oraz pamięci przeglądarki
            (localStorage, sessionStorage) w następujących celach:
          </p>
          <InfoTable
            caption="Rodzaje plików cookies i czas ich przechowywania"
            head={["Rodzaj", "Do czego służy", "Jak długo"]}
            rows={[
              [
                "Niezbędne – sesyjne",
                "utrzymanie sesji przeglądania i bezpieczeństwo formularzy",
                "do zamknięcia przeglądarki (sesja)",
              ],
              [
                "Niezbędne – logowanie",
                "utrzymanie zalogowania na koncie",
                "do wylogowania, najdłużej 30 dni",
              ],
              ["Funkcjonalne", "zapamiętanie Twoich ustawień, np. decyzji w sprawie plików cookies", "1 rok"],
              ["Analityczne (tylko za zgodą)", "anonimowe statystyki odwiedzin", "2 lata"],
              [
                "Marketingowe (tylko za zgodą)",
                "mierzenie skuteczności reklam w mediach społecznościowych",
                "90 dni",
              ],
            ]}
          />
          <p>
            Obecnie <strong>nie używamy plików analitycznych ani marketingowych</strong>. Jeśli to się zmieni,
            przed ich zapisaniem poprosimy o zgodę, którą będzie można w każdej chwili wycofać.
          </p>
          <p>
            Zawartość koszyka zapisujemy w pamięci przeglądarki (localStorage), a zastosowany kod rabatowy – w
            pamięci sesji (sessionStorage). Te dane zostają na Twoim urządzeniu, dopóki nie przejdziesz do
            płatności. Osadzony film (aftermovie) ładujemy z YouTube w trybie rozszerzonej ochrony prywatności
            (youtube-nocookie.com) – Google może zapisać własne pliki dopiero po jego odtworzeniu.
          </p>
          <p>
            Pliki cookies możesz w każdej chwili usunąć lub zablokować w ustawieniach przeglądarki.
            Zablokowanie plików niezbędnych uniemożliwi logowanie i może utrudnić zakupy.
          </p>
        </>
      ),
    },
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
          <li>formularze i logowanie chronimy przed nadużyciami limitami prób.</li>
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
