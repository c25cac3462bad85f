/**
 * Cart limits and messages shared by the browser and the server, without zod, so client bundles
 * that only need a constant do not pull the schema library in.
 */

/** Highest quantity of one line the server accepts (SPEC sets none; this stops absurd requests). */
export const MAX_LINE_QUANTITY = 99;
/** Most lines in one cart. */
export const MAX_CART_LINES = 50;

export const INVALID_CART_MESSAGE = "Nieprawidłowe dane koszyka. Odśwież stronę i spróbuj ponownie.";

export const LOCKER_REQUIRED_TITLE = "Wybierz Paczkomat";
export const LOCKER_REQUIRED_MESSAGE = "Musisz wybrać Paczkomat InPost przed płatnością";

export const CHECKOUT_EMAIL_INVALID_MESSAGE = "Nieprawidłowy adres email";

export const TICKET_QUANTITY_MESSAGE = "Nieprawidłowa liczba biletów. Podaj liczbę od 1 do 20.";
export const QUANTITY_MESSAGE = `Nieprawidłowa ilość. Podaj liczbę od 1 do ${MAX_LINE_QUANTITY}.`;
export const INVALID_FORM_MESSAGE = "Nieprawidłowe dane formularza. Odśwież stronę i spróbuj ponownie.";
export const LOCKER_CODE_MESSAGE = "Nieprawidłowy kod Paczkomatu. Wpisz kod z mapy InPost, np. WRO01M.";
export const DELIVERY_METHOD_MESSAGE = "Wybierz sposób dostawy.";
export const ENTER_CODE_MESSAGE = "Wpisz kod rabatowy.";
export const INVALID_CODE_FORM_MESSAGE = "Nieprawidłowy kod rabatowy";
/** A bundle has the product and two more; a form with more is not ours. */
export const MAX_ADDED_AT_ONCE = 5;
