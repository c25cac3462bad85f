import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { FLASH_COOKIE } from "~/lib/flash.server";
import { demoSite } from "~/lib/site";
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE_SECONDS } from "~/modules/accounts/known-device.server";
import { ABANDONED_CART_DAYS } from "~/modules/cart/cart-store.server";
import { CART_COUNT_COOKIE, CART_ID_COOKIE } from "~/modules/cart/cart-view";
import { CONFIRM_VALID_DAYS } from "~/modules/stock-alerts/stock-alert-texts";
import { GUEST_CART_DAYS, siteCookies } from "./privacy-cookies";
import { privacyPolicySections } from "./privacy-policy-sections";

const sections = privacyPolicySections(demoSite);

/** The whole policy as text, every section open. */
const text = renderToStaticMarkup(
  <MemoryRouter>
    {sections.map((section) => (
      <section key={section.id}>{section.content}</section>
    ))}
  </MemoryRouter>,
)
  .replace(/<[^>]+>/g, "")
  .replace(/\s+/g, " ");

const cookie = (name: string) => siteCookies.find((entry) => entry.name === name);

describe("the privacy policy tells what the code does", () => {
  it("has the 13 sections of SPEC §2", () => {
    expect(sections).toHaveLength(13);
  });

  it("keeps the cart on the server, not in the browser's storage (decision 031)", () => {
    expect(text).toContain("Koszyk przechowujemy na naszym serwerze, w bazie danych");
    expect(text).not.toMatch(/Zawartość koszyka zapisujemy w pamięci przeglądarki/);
    expect(text).not.toMatch(/koszyk\S* (zapisujemy|przechowujemy) w pamięci (przeglądarki|sesji)/i);
    expect(text).not.toMatch(/kod rabatowy[^.]*sessionStorage/);
    // Local storage still holds the wishlist, and an old cart only until it is taken over.
    expect(text).toContain("listę ulubionych produktów");
    expect(text).toContain("jednorazowo przenosimy go na serwer i usuwamy z urządzenia");
    expect(GUEST_CART_DAYS).toBe(ABANDONED_CART_DAYS);
    expect(text).toContain(`koszyk gościa usuwamy automatycznie po ${ABANDONED_CART_DAYS} dniach bez zmian`);
  });

  it("names every cookie the site sets, with the lifetimes the code gives them", () => {
    const names = siteCookies.map((entry) => entry.name);
    expect(names).toEqual([
      CART_ID_COOKIE,
      CART_COUNT_COOKIE,
      FLASH_COOKIE.name,
      "better-auth.session_token",
      KNOWN_DEVICE_COOKIE,
    ]);
    for (const name of names) expect(text).toContain(name);
    expect(cookie(CART_ID_COOKIE)?.lifetime).toBe(`${ABANDONED_CART_DAYS} dni`);
    expect(cookie(CART_COUNT_COOKIE)?.lifetime).toBe(`${ABANDONED_CART_DAYS} dni`);
    expect(KNOWN_DEVICE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
    expect(cookie(KNOWN_DEVICE_COOKIE)?.lifetime).toMatch(/^1 rok/);
    expect(FLASH_COOKIE).toMatchObject({ httpOnly: true, maxAgeSeconds: 60 });
    expect(cookie(FLASH_COOKIE.name)?.lifetime).toBe("60 sekund");
    expect(cookie("better-auth.session_token")?.lifetime).toContain("30 dni");
    // Only the badge's count is readable by scripts.
    expect(siteCookies.filter((entry) => /czytelny dla skryptów/.test(entry.purpose))).toEqual([
      cookie(CART_COUNT_COOKIE),
    ]);
  });

  it("describes 'Powiadom mnie': what is stored, the double opt-in, the one message and unsubscribing", () => {
    expect(text).toContain("„Powiadom mnie”: adres e-mail, produkt (i rozmiar)");
    expect(text).toContain(`link potwierdzający, ważny ${CONFIRM_VALID_DAYS} dni`);
    expect(text).toContain("wysyłamy jedną wiadomość z linkiem do wypisania się");
    expect(text).toContain("art. 6 ust. 1 lit. a RODO – Twoja zgoda");
  });
});
