/** What a checkout button needs besides the items: the stored delivery choice and applied code. */
import { loadAppliedDiscount } from "./applied-discount";
import { loadDeliveryChoice } from "./delivery-choice";

export function storedCheckoutChoices() {
  return { delivery: loadDeliveryChoice(), discountCode: loadAppliedDiscount()?.code ?? null };
}
