/**
 * What the law says of tickets, in the words the cart, the terms, the confirmation and the order page
 * share (issue #40): no 14-day withdrawal for a leisure event on a set date, while merch keeps its 14 days.
 */

export const TICKET_NO_WITHDRAWAL_TEXT =
  "Bilety: prawo odstąpienia od umowy zawartej na odległość nie przysługuje — to usługa związana z " +
  "wydarzeniem rozrywkowym w oznaczonym dniu (art. 38 ust. 1 pkt 12 ustawy o prawach konsumenta). " +
  "Produkty z naszego sklepu możesz zwrócić w ciągu 14 dni.";

export const TICKET_ENTRY_TEXT = "Wstęp od 18 lat, z dokumentem tożsamości.";

export const ADULT_CONFIRMATION_LABEL =
  "Potwierdzam, że każda osoba z biletem ma ukończone 18 lat i przy wejściu okaże dokument tożsamości.";
