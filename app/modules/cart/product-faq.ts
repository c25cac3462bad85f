/** The product page's FAQ, built from the one delivery configuration so prices never drift. */
import { formatPrice } from "~/lib/money";
import {
  deliveryOptionList,
  FREE_DELIVERY_THRESHOLD,
  formatDeliveryTime,
  SHIPPING_TIME_TEXT,
} from "./delivery";

export function productFaq(category: "clothing" | "accessory" | "stickers") {
  const delivery = deliveryOptionList
    .map((option) => `${option.label}: ${formatPrice(option.price)} (${formatDeliveryTime(option)})`)
    .join("; ");
  const items = [
    {
      question: "Ile kosztuje dostawa i kiedy dostanę paczkę?",
      answer: `${delivery}. Od ${formatPrice(FREE_DELIVERY_THRESHOLD)} dostawa jest darmowa. ${SHIPPING_TIME_TEXT}`,
    },
    {
      question: "Czy mogę zwrócić produkt?",
      answer:
        "Tak. Masz 14 dni od otrzymania paczki na odstąpienie od umowy bez podawania przyczyny. Zwrot pieniędzy następuje w ciągu 14 dni od otrzymania zwrotu; koszt odesłania produktu pokrywa kupujący.",
    },
    {
      question: "Jakie formy płatności akceptujecie?",
      answer:
        "Płacisz na bezpiecznej stronie operatora płatności: kartą, BLIKIEM lub szybkim przelewem (Przelewy24). Zamówienie tworzymy po opłaceniu.",
    },
  ];
  if (category === "clothing") {
    items.unshift({
      question: "Jak dobrać rozmiar?",
      answer:
        "Nasze koszulki i bluzy mają krój oversize. Jeśli wolisz dopasowany fason, wybierz rozmiar mniejszy niż zwykle. Szczegóły materiału i kroju znajdziesz w specyfikacji.",
    });
  }
  return items;
}
