/**
 * The privacy policy's section on cookies and the browser's storage: every cookie the site sets, read
 * against the code by privacy-policy-sections.test.tsx.
 */
import { CART_COUNT_COOKIE, CART_ID_COOKIE } from "~/modules/cart/cart-view";
import { InfoTable } from "./components/info-page";
import type { DocumentSection } from "./components/section-accordion";

/** Guest carts untouched this long are deleted (ABANDONED_CART_DAYS of cart-store.server.ts). */
export const GUEST_CART_DAYS = 30;

/**
 * Every cookie the site sets: its name, what it is for and how long it lives. The names of the
 * server-only modules' cookies are written out (a page's module cannot import them); the test
 * compares them.
 */
export const siteCookies = [
  {
    name: CART_ID_COOKIE,
    purpose:
      "identyfikator Twojego koszyka, gdy robisz zakupy bez logowania; niedostępny dla skryptów strony (HttpOnly)",
    lifetime: `${GUEST_CART_DAYS} dni`,
  },
  {
    name: CART_COUNT_COOKIE,
    purpose:
      "liczba sztuk w koszyku, którą pokazuje znaczek w menu – nic więcej; jako jedyny czytelny dla skryptów strony",
    lifetime: `${GUEST_CART_DAYS} dni`,
  },
  {
    name: "nokturn_flash",
    purpose:
      "jednorazowy komunikat po wysłaniu formularza (np. „Dodano do koszyka”); podpisany, niedostępny dla skryptów strony, usuwany po wyświetleniu",
    lifetime: "60 sekund",
  },
  {
    name: "better-auth.session_token",
    purpose:
      "sesja logowania: utrzymuje zalogowanie na koncie; niedostępny dla skryptów strony (na stronie szyfrowanej jego nazwa zaczyna się od „__Secure-”)",
    lifetime: "do wylogowania, najpóźniej 30 dni po ostatniej wizycie",
  },
  {
    name: "nokturn_device",
    purpose:
      "znane urządzenie: zapisywany po udanym logowaniu, żeby limit prób logowania na Twój adres e-mail nie blokował przeglądarki, w której już się logowałeś (ktoś zgadujący hasło nie odetnie Cię od konta); podpisany, niedostępny dla skryptów strony",
    lifetime: "1 rok, odnawiany przy każdym logowaniu",
  },
] as const;

export function cookiesSection(): DocumentSection {
  return {
    id: "cookies",
    title: "Pliki cookies i pamięć przeglądarki",
    content: (
      <>
        <p>
          Cookies to małe pliki zapisywane przez przeglądarkę. Zapisujemy tylko pliki niezbędne do działania
          sklepu i jego bezpieczeństwa – bez nich nie zadziała koszyk ani logowanie, o które prosisz, dlatego
          nie pytamy o zgodę na ich zapisanie:
        </p>
        <InfoTable
          caption="Pliki cookies serwisu i czas ich przechowywania"
          head={["Plik", "Do czego służy", "Jak długo"]}
          rows={siteCookies.map((cookie) => [
            <code key={cookie.name}>{cookie.name}</code>,
            cookie.purpose,
            cookie.lifetime,
          ])}
        />
        <p>
          <strong>Koszyk przechowujemy na naszym serwerze, w bazie danych</strong>: produkty, rozmiary i
          ilości, sposób dostawy, Paczkomat, kod rabatowy i – gdy jest potrzebny – adres e-mail gościa. Ceny
          liczymy przy każdym wyświetleniu koszyka, nie zapisujemy ich w nim. Koszyk gościa wskazuje plik{" "}
          <code>{CART_ID_COOKIE}</code>; koszyk zalogowanego klienta należy do konta, a po zalogowaniu
          dołączamy do niego koszyk gościa z tej przeglądarki. Po wylogowaniu usuwamy pliki koszyka z
          przeglądarki, a koszyk zostaje z kontem.
        </p>
        <p>
          W pamięci przeglądarki (localStorage) zapisujemy jedynie listę ulubionych produktów (serce na
          stronie produktu) – zostaje ona na Twoim urządzeniu i nie trafia do nas. Jeśli w tej pamięci został
          koszyk zapisany przez wcześniejszą wersję sklepu, przy najbliższej wizycie jednorazowo przenosimy go
          na serwer i usuwamy z urządzenia. W pamięci sesji (sessionStorage) zapamiętujemy tylko, że
          pokazaliśmy już potwierdzenie złożonego zamówienia.
        </p>
        <p>
          <strong>Nie używamy plików analitycznych ani marketingowych</strong>. Jeśli to się zmieni, przed ich
          zapisaniem poprosimy o zgodę, którą będzie można w każdej chwili wycofać.
        </p>
        <p>
          Osadzony film (aftermovie) ładujemy z YouTube w trybie rozszerzonej ochrony prywatności
          (youtube-nocookie.com) – Google może zapisać własne pliki dopiero po jego odtworzeniu. Mapę
          Paczkomatów w koszyku pobieramy z serwerów InPost dopiero po wybraniu dostawy do Paczkomatu, a
          strona płatności należy do operatora płatności, który stosuje własne pliki cookies.
        </p>
        <p>
          Pliki cookies możesz w każdej chwili usunąć lub zablokować w ustawieniach przeglądarki. Zablokowanie
          plików niezbędnych uniemożliwi logowanie, a koszyk nie zapamięta wybranych produktów.
        </p>
      </>
    ),
  };
}
