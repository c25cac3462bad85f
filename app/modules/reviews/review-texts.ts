/** What the review form tells a person (SPEC §5, §8): the toast's, the flash's and the status box's words. */
export const LOGIN_REQUIRED_TITLE = "Musisz być zalogowany";
export const LOGIN_REQUIRED_MESSAGE = "Zaloguj się, aby dodać opinię";
export const REVIEW_FAILED_TITLE = "Błąd";
export const REVIEW_FAILED_MESSAGE = "Nie udało się dodać opinii";
export const REVIEW_ADDED_TITLE = "Dziękujemy za opinię!";
export const REVIEW_ADDED_MESSAGE = "Twoja opinia jest już widoczna.";
export const REVIEW_EDITED_TITLE = "Opinia zaktualizowana";
export const REVIEW_EDITED_MESSAGE = "Każde konto ma jedną opinię o produkcie: zastąpiliśmy nią poprzednią.";
export const REVIEW_PRODUCT_GONE_MESSAGE = "Ten produkt nie jest już dostępny.";

/** The intent of the review form (its hidden field), the one entry of the product page's intent table. */
export const REVIEW_INTENT = "review";
