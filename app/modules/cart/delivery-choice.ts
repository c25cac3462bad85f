/**
 * The customer's delivery choice: method (courier by default) and, for InPost, the chosen parcel
 * locker. The cart on the server holds it (decision 031); forms and the checkout schema name the
 * methods from here.
 */
import type { DeliveryMethod, ParcelLocker } from "../../../db/schema";

export const DELIVERY_METHODS = ["courier", "inpost"] as const satisfies readonly DeliveryMethod[];

export type DeliveryChoice = { method: DeliveryMethod; locker: ParcelLocker | null };
