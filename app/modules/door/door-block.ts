/**
 * The offline door-sale block's arithmetic (issue #41, decision 041): a phone sells offline only what
 * the admin gave it beforehand, so the night's capacity is never passed however long it is offline.
 */
import { DOOR_SALE_MAX_QUANTITY, type DoorSale } from "./door-types";
import { byTimeThenNonce } from "./scan-decision";

/** Sizes and counts are whole tickets; anything else (NaN, 1.5, -1) is a bug upstream and sells nothing. */
function isCount(value: number) {
  return Number.isInteger(value) && value >= 0;
}

function isSaleQuantity(quantity: number) {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= DOOR_SALE_MAX_QUANTITY;
}

/** What is left of a block after `used` units were sold from it (never below 0). */
export function blockLeft(block: { size: number }, used: number): number {
  if (!isCount(block.size) || !isCount(used)) return 0;
  return Math.max(0, block.size - used);
}

/** Whether the phone may sell `quantity` more from its block: the server's count and its own unsent sales. */
export function canSellOffline(
  block: { size: number },
  usedOnServer: number,
  unsyncedLocal: number,
  quantity: number,
): boolean {
  if (!isSaleQuantity(quantity)) return false;
  if (!isCount(usedOnServer) || !isCount(unsyncedLocal)) return false;
  return quantity <= blockLeft(block, usedOnServer + unsyncedLocal);
}

/**
 * The server's side: a block's new sales (already each nonce once) in time, then nonce, order; each is
 * accepted when the block's total stays within its size, else refused — so a later, smaller sale may
 * still fit after a refused one (every refusal is a sale the admin must settle by hand).
 */
export function acceptBlockSales(
  size: number,
  alreadyStored: number,
  incoming: readonly DoorSale[],
): { accepted: DoorSale[]; refused: DoorSale[] } {
  const accepted: DoorSale[] = [];
  const refused: DoorSale[] = [];
  // A broken size or count accepts nothing: refusing is what keeps the night within its capacity.
  let left = isCount(size) && isCount(alreadyStored) ? Math.max(0, size - alreadyStored) : 0;
  for (const sale of [...incoming].sort(byTimeThenNonce)) {
    if (isSaleQuantity(sale.quantity) && sale.quantity <= left) {
      left -= sale.quantity;
      accepted.push(sale);
    } else refused.push(sale);
  }
  return { accepted, refused };
}

/** What returns to the night's capacity when the admin closes a block: the unsold rest, never negative. */
export function unusedOnClose(size: number, used: number): number {
  return blockLeft({ size }, used);
}
