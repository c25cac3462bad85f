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
