/**
 * The shop's terms ('Regulamin'): four tabs (general, orders, returns, other), numbered §1–§10. The
 * payment methods are those the payment page offers (the Stripe session's card, BLIK and Przelewy24);
 * SPEC §9 also names cash on delivery, which the shop has never offered, so § 3 says so.
 */
import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import {
  cheapestDeliveryPrice,
  deliveryOptionList,
  FREE_DELIVERY_THRESHOLD,
  formatDeliveryTime,
  SHIPPING_TIME_TEXT,
} from "~/modules/cart/delivery";
import { LOWEST_PRICE_WINDOW_DAYS } from "~/modules/catalog/sale-price";
import { type LegalSite, Prose, ShopEmailLink, siteHost } from "./components/info-page";
import type { PageTab } from "./components/page-tabs";
import { WITHDRAWAL_FORM_PATH } from "./components/withdrawal-form-document";
import { legalDateLabel, legalDates, TERMS_CHANGE_NOTICE_DAYS } from "./legal-dates";

/** The payment methods the payment page offers. */
export const termsPaymentMethods = [
  "karty płatnicze",
  "BLIK",
  "szybkie przelewy internetowe (pay-by-link) przez Przelewy24",
] as const;

export function termsTabs(site: LegalSite): PageTab[] {
  const host = siteHost(site);
  const mail = <ShopEmailLink site={site} />;

  return [
    {
      value: "ogolne",
      label: "Ogólne",
      content: (
        <Prose>
          <h2 id="par-1">§ 1. Postanowienia ogólne</h2>
          <ol>
            <li>
              Regulamin określa zasady korzystania ze sklepu internetowego {site.name} dostępnego pod adresem{" "}
              {host} (dalej: „Sklep”), w szczególności zawierania umów sprzedaży, płatności, dostawy,
              odstąpienia od umowy i składania reklamacji.
            </li>
            <li>
              Sklep prowadzi <strong>{site.seller.company}</strong>, {site.seller.address}, NIP{" "}
              {site.seller.nip}, REGON {site.seller.regon}, wpisana do rejestru przedsiębiorców KRS pod
              numerem {site.seller.krs} przez {site.seller.registryCourt}, kapitał zakładowy{" "}
              {site.seller.shareCapital} (dalej: „Sprzedawca”). Kontakt: e-mail {mail}, telefon{" "}
              {site.seller.phone}, <Link to="/contact">formularz kontaktowy</Link> lub list na adres
              Sprzedawcy.
            </li>
            <li>
              Pojęcia użyte w Regulaminie:
              <ul>
                <li>
                  <strong>Klient</strong> – osoba fizyczna z pełną zdolnością do czynności prawnych, osoba
                  prawna lub jednostka organizacyjna, która korzysta ze Sklepu;
                </li>
                <li>
                  <strong>Konsument</strong> – Klient będący osobą fizyczną, który zawiera umowę niezwiązaną
                  bezpośrednio z jego działalnością gospodarczą lub zawodową (art. 22¹ Kodeksu cywilnego);
                </li>
                <li>
                  <strong>Przedsiębiorca na prawach konsumenta</strong> – osoba fizyczna zawierająca umowę
                  bezpośrednio związaną z jej działalnością gospodarczą, gdy z treści umowy wynika, że nie ma
                  ona dla niej charakteru zawodowego; przysługują jej prawa Konsumenta opisane w § 5 i § 6;
                </li>
                <li>
                  <strong>Produkt</strong> – rzecz ruchoma (odzież, akcesoria, naklejki) prezentowana w
                  Sklepie;
                </li>
                <li>
                  <strong>Dzień roboczy</strong> – dzień od poniedziałku do piątku z wyjątkiem dni ustawowo
                  wolnych od pracy.
                </li>
              </ul>
            </li>
            <li>
              Do korzystania ze Sklepu potrzebne są: urządzenie z dostępem do Internetu, aktualna przeglądarka
              internetowa z włączoną obsługą plików cookies (bez nich koszyk nie zapamięta Produktów) oraz
              aktywny adres e-mail. Zakupy w Sklepie działają także bez JavaScriptu; bez niego nie wyświetli
              się mapa Paczkomatów (Paczkomat można wtedy wskazać jego kodem), a stronę płatności obsługuje
              operator płatności na własnych warunkach.
            </li>
            <li>
              Sklep świadczy nieodpłatnie usługi elektroniczne: konto Klienta (na czas nieoznaczony – Klient
              może je w każdej chwili usunąć, pisząc na {mail}), koszyk, formularz kontaktowy, powiadomienie
              „Powiadom mnie” o dostępności Produktu (jedna wiadomość e-mail, z której można się wypisać) oraz
              możliwość dodawania opinii o produktach przez zalogowanych Klientów. Zakupy można robić bez
              zakładania konta.
            </li>
            <li>Zakazane jest dostarczanie przez Klienta treści o charakterze bezprawnym.</li>
            <li>
              Ceny Produktów podane są w złotych polskich i zawierają podatek VAT. Nie obejmują kosztów
              dostawy, które są widoczne w koszyku i podane łącznie z ceną przed złożeniem zamówienia.
            </li>
            <li>
              Przy obniżonej cenie podajemy także cenę regularną, wysokość obniżki i najniższą cenę Produktu z{" "}
              {LOWEST_PRICE_WINDOW_DAYS} dni przed obniżką (Produkt sprzedawany krócej – od początku
              sprzedaży; obniżki następujące po sobie bez przerwy traktujemy jako jedną). Promocja obowiązuje
              w czasie podanym przy Produkcie; w zamówieniu obowiązuje cena z chwili przejścia do płatności.
            </li>
          </ol>
        </Prose>
      ),
    },
    {
      value: "zamowienia",
      label: "Zamówienia",
      content: (
        <Prose>
          <h2 id="par-2">§ 2. Składanie zamówień i zawarcie umowy</h2>
          <ol>
            <li>Zamówienia można składać przez całą dobę, 7 dni w tygodniu.</li>
            <li>
              Aby złożyć zamówienie, Klient dodaje Produkty (wraz z rozmiarem, jeśli dotyczy) do koszyka,
              wybiera sposób dostawy, może wpisać kod rabatowy, a następnie przechodzi do płatności, gdzie
              podaje adres e-mail, imię i nazwisko oraz dane do dostawy.
            </li>
            <li>
              Przed złożeniem zamówienia Klient widzi łączną cenę Produktów wraz z kosztem dostawy i rabatem.
              Zamówienie składa przyciskiem <strong>„Zamawiam z obowiązkiem zapłaty”</strong> (lub przyciskiem
              o równoznacznej treści na stronie operatora płatności).
            </li>
            <li>
              Umowa sprzedaży zostaje zawarta z chwilą potwierdzenia opłacenia zamówienia. Potwierdzenie
              zamówienia wraz z jego treścią wysyłamy na adres e-mail Klienta; Regulamin jest dostępny na tej
              stronie w formie, którą można pobrać i wydrukować.
            </li>
            <li>
              Kody rabatowe obowiązują na warunkach podanych przy danej akcji (np. minimalna wartość
              zamówienia, termin ważności, limit użyć). W zamówieniu można użyć jednego kodu.
            </li>
            <li>
              Niektóre Produkty (np. edycje limitowane) mają limit sztuk na jednego Klienta albo datę i
              godzinę premiery, przed którą nie można ich kupić. Do limitu liczą się zamówienia opłacone i
              płatności w toku złożone na ten sam adres e-mail, z tego samego konta lub z tej samej
              przeglądarki, dlatego Klient bez konta podaje wtedy adres e-mail już w koszyku. Ile sztuk można
              jeszcze kupić, podajemy w koszyku.
            </li>
          </ol>

          <h2 id="par-3">§ 3. Płatności</h2>
          <ol>
            <li>
              Sklep udostępnia następujące metody płatności:
              <ul>
                {termsPaymentMethods.map((method) => (
                  <li key={method}>{method};</li>
                ))}
              </ul>
            </li>
            <li>
              Płatności obsługuje zewnętrzny, licencjonowany operator płatności: po kliknięciu „Zamawiam z
              obowiązkiem zapłaty” w koszyku (albo „Przejdź do płatności” w podglądzie koszyka) Klient jest
              przekierowywany na jego stronę płatności, gdzie przed zapłatą widzi metody dostępne dla danego
              zamówienia. Sklep nie przyjmuje płatności przy odbiorze (za pobraniem).
            </li>
            <li>
              Sesja płatności jest ważna 30 minut. Zamówienie nieopłacone w tym czasie nie zostaje złożone, a
              zarezerwowane Produkty wracają do sprzedaży. Jeśli płatność dotrze później, a Produktów już nie
              ma, zamówienie nie powstaje: zwracamy całą wpłatę tą samą metodą i informujemy o tym e-mailem.
            </li>
            <li>Na żądanie Klienta, zgłoszone e-mailem, wystawiamy fakturę VAT.</li>
          </ol>

          <h2 id="par-4">§ 4. Dostawa</h2>
          <ol>
            <li>
              Dostarczamy przesyłki na terenie Polski. Dostępne sposoby dostawy:
              <ul>
                {deliveryOptionList.map((option) => (
                  <li key={option.id}>
                    <strong>{option.label}</strong> – {formatPrice(option.price)}, doręczenie w{" "}
                    {formatDeliveryTime(option)} od nadania;
                  </li>
                ))}
              </ul>
            </li>
            <li>
              Dostawa jest bezpłatna, gdy wartość Produktów po rabacie wynosi co najmniej{" "}
              {formatPrice(FREE_DELIVERY_THRESHOLD)}, albo gdy Klient użyje kodu obejmującego darmową dostawę.
            </li>
            <li>{SHIPPING_TIME_TEXT}</li>
            <li>
              Po nadaniu przesyłki wysyłamy e-mail z numerem i linkiem do śledzenia. Szczegóły:{" "}
              <Link to="/shipping">Dostawa</Link>.
            </li>
          </ol>
        </Prose>
      ),
    },
    {
      value: "zwroty",
      label: "Zwroty",
      content: (
        <Prose>
          <h2 id="par-5">§ 5. Odstąpienie od umowy</h2>
          <ol>
            <li>
              Konsument (i Przedsiębiorca na prawach konsumenta) może odstąpić od umowy zawartej na odległość
              bez podania przyczyny w terminie <strong>14 dni</strong> od dnia, w którym wszedł w posiadanie
              Produktu (a przy kilku Produktach dostarczanych osobno – ostatniego z nich).
            </li>
            <li>
              Wystarczy wysłać nam oświadczenie o odstąpieniu przed upływem terminu – przez formularz „Odstąp
              od umowy” na stronie zamówienia (link „Sprawdź status zamówienia” z e-maila potwierdzającego
              zamówienie; zalogowany Klient znajdzie zamówienie także na koncie), e-mailem na {mail} lub
              pocztą. Można skorzystać z{" "}
              <a href={WITHDRAWAL_FORM_PATH} download>
                wzoru formularza odstąpienia
              </a>{" "}
              (załącznik nr 2 do ustawy o prawach konsumenta), ale nie jest to obowiązkowe. Otrzymanie
              oświadczenia potwierdzimy e-mailem.
            </li>
            <li>
              Produkt należy odesłać na adres {site.seller.address} nie później niż 14 dni od dnia
              odstąpienia. Bezpośredni koszt odesłania ponosi Konsument.
            </li>
            <li>
              Zwracamy wszystkie płatności, w tym koszt dostawy do Konsumenta (do wysokości najtańszego
              oferowanego sposobu dostawy – obecnie {formatPrice(cheapestDeliveryPrice())}), niezwłocznie, nie
              później niż w 14 dni od otrzymania oświadczenia. Możemy wstrzymać się ze zwrotem do chwili
              otrzymania Produktu albo dowodu jego odesłania – w praktyce zwrot następuje w ciągu 14 dni od
              otrzymania zwracanego Produktu. Zwrot następuje tą samą metodą płatności, chyba że Konsument
              zgodzi się na inną, bezpłatną dla niego.
            </li>
            <li>
              Konsument odpowiada za zmniejszenie wartości Produktu wynikające z korzystania z niego w sposób
              wykraczający poza konieczny do stwierdzenia jego charakteru, cech i funkcjonowania.
            </li>
            <li>
              Prawo odstąpienia nie przysługuje w przypadkach z art. 38 ustawy o prawach konsumenta, w
              szczególności dla Produktów wykonanych według specyfikacji Konsumenta lub służących zaspokojeniu
              jego zindywidualizowanych potrzeb.
            </li>
            <li>
              Prawo odstąpienia nie przysługuje także przy zakupie biletów na wydarzenia: to usługi związane z
              wydarzeniami rozrywkowymi, w których umowie oznaczono dzień ich świadczenia (art. 38 ust. 1 pkt
              12 ustawy o prawach konsumenta). Bilet imienny można do wyznaczonej godziny przed otwarciem
              przekazać innej osobie, a gdy wydarzenie jest wyprzedane – oddać po cenie nominalnej osobie z
              listy oczekujących; odwołanie wydarzenia oznacza zwrot pełnej ceny biletu.
            </li>
          </ol>

          <h2 id="par-6">§ 6. Reklamacje</h2>
          <ol>
            <li>
              Odpowiadamy za zgodność Produktu z umową przez <strong>2 lata</strong> od jego dostarczenia
              (ustawowa rękojmia; dla Konsumentów – odpowiedzialność za brak zgodności towaru z umową z
              rozdziału 5a ustawy o prawach konsumenta).
            </li>
            <li>
              Reklamację można złożyć e-mailem na {mail}, przez{" "}
              <Link to="/contact">formularz kontaktowy</Link> (temat „Reklamacja”) lub pocztą. Prosimy o numer
              zamówienia, opis niezgodności, datę jej zauważenia i oczekiwany sposób załatwienia sprawy.
            </li>
            <li>
              Odpowiadamy na reklamację w ciągu <strong>14 dni</strong> od jej otrzymania. Brak odpowiedzi w
              tym terminie oznacza, że reklamację uznaliśmy.
            </li>
            <li>
              Konsument może żądać naprawy lub wymiany Produktu, a gdy jest to niemożliwe lub nie nastąpiło –
              obniżenia ceny albo (przy istotnej niezgodności) odstąpienia od umowy. Koszty naprawy, wymiany i
              przesyłki reklamowanego Produktu ponosi Sprzedawca.
            </li>
            <li>
              Szczegóły i wzór formularza: <Link to="/returns">Zwroty i reklamacje</Link>.
            </li>
          </ol>
        </Prose>
      ),
    },
    {
      value: "pozostale",
      label: "Pozostałe",
      content: (
        <Prose>
          <h2 id="par-7">§ 7. Pozasądowe sposoby rozpatrywania sporów</h2>
          <ol>
            <li>
              Konsument może skorzystać z pozasądowych sposobów rozpatrywania reklamacji i dochodzenia
              roszczeń, m.in. z bezpłatnej pomocy miejskiego lub powiatowego rzecznika konsumentów, mediacji
              lub stałego polubownego sądu konsumenckiego przy Wojewódzkim Inspektoracie Inspekcji Handlowej
              we Wrocławiu.
            </li>
            <li>
              Informacje o tych procedurach są dostępne na stronie Urzędu Ochrony Konkurencji i Konsumentów:{" "}
              <a href="https://uokik.gov.pl" target="_blank" rel="noopener noreferrer">
                uokik.gov.pl
              </a>
              . Skorzystanie z nich jest dobrowolne i wymaga zgody obu stron.
            </li>
          </ol>

          <h2 id="par-8">§ 8. Dane osobowe</h2>
          <p>
            Administratorem danych osobowych Klientów jest Sprzedawca. Zasady przetwarzania danych i używania
            plików cookies opisuje <Link to="/privacy-policy">Polityka prywatności</Link>.
          </p>

          <h2 id="par-9">§ 9. Zmiany Regulaminu</h2>
          <ol>
            <li>
              Sprzedawca może zmienić Regulamin z ważnych przyczyn, takich jak zmiana przepisów, zmiana metod
              płatności lub dostawy albo wprowadzenie nowych funkcji Sklepu.
            </li>
            <li>
              Zmiany wchodzą w życie <strong>nie wcześniej niż {TERMS_CHANGE_NOTICE_DAYS} dni</strong> od dnia
              ich ogłoszenia na tej stronie; osoby posiadające konto powiadamiamy dodatkowo e-mailem. Klient,
              który nie akceptuje zmian, może w tym czasie usunąć konto.
            </li>
            <li>
              Zamówienia złożone przed wejściem zmian w życie realizujemy według dotychczasowego Regulaminu.
            </li>
          </ol>

          <h2 id="par-10">§ 10. Postanowienia końcowe</h2>
          <ol>
            <li>
              Umowy zawierane są w języku polskim i podlegają prawu polskiemu. Wybór prawa nie pozbawia
              Konsumenta ochrony przysługującej mu na podstawie bezwzględnie obowiązujących przepisów państwa
              jego zwykłego pobytu.
            </li>
            <li>
              Spory z Konsumentami rozstrzygają sądy właściwe według przepisów ogólnych; spory z pozostałymi
              Klientami – sąd właściwy dla siedziby Sprzedawcy.
            </li>
            <li>Regulamin obowiązuje od {legalDateLabel(legalDates.termsEffectiveFrom)} r.</li>
          </ol>
        </Prose>
      ),
    },
  ];
}
