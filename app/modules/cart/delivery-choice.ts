/**
 * The customer's delivery choice in the browser: method (courier by default) and, for InPost, the
 * chosen parcel locker. Kept in session storage so the cart and the navigation preview agree.
 */
import type { DeliveryMethod, ParcelLocker } from "../../../db/schema";
import { readSessionJson, writeSessionJson } from "./session-store";

export const DELIVERY_METHODS = ["courier", "inpost"] as const satisfies readonly DeliveryMethod[];

export const DELIVERY_CHOICE_KEY = "deliveryChoice";

export type DeliveryChoice = { method: DeliveryMethod; locker: ParcelLocker | null };

export const defaultDeliveryChoice: DeliveryChoice = { method: "courier", locker: null };

function isLocker(value: unknown): value is ParcelLocker {
  if (!value || typeof value !== "object") return false;
  const locker = value as Record<string, unknown>;
  const address = locker.address as Record<string, unknown> | undefined;
  return (
    typeof locker.id === "string" &&
    typeof locker.name === "string" &&
    !!address &&
    typeof address.line1 === "string" &&
    (address.line2 === undefined || typeof address.line2 === "string")
  );
}

/** Reads a stored choice defensively; anything malformed is the default (courier). */
export function parseDeliveryChoice(value: unknown): DeliveryChoice {
  if (!value || typeof value !== "object") return defaultDeliveryChoice;
  const choice = value as Record<string, unknown>;
  if (choice.method === "inpost")
    return { method: "inpost", locker: isLocker(choice.locker) ? choice.locker : null };
  return defaultDeliveryChoice;
}

export function loadDeliveryChoice(): DeliveryChoice {
  return parseDeliveryChoice(readSessionJson(DELIVERY_CHOICE_KEY));
}

export function saveDeliveryChoice(choice: DeliveryChoice) {
  // Choosing the courier clears the locker (SPEC §4).
  writeSessionJson(DELIVERY_CHOICE_KEY, choice.method === "courier" ? defaultDeliveryChoice : choice);
}
