/**
 * The door phone's own storage (issue #41): IndexedDB, so a reload, a crash or a dead battery's
 * restart loses nothing. The phone (its id and name), each downloaded night, and every scan and sale
 * it knows of — its own until the server has them (`synced: false` is the outbox), and the other
 * phones' as the server reported them.
 */
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { DoorNight, DoorSale, KnownScan } from "../door-types";

export type StoredNight = Omit<DoorNight, "scans"> & { downloadedAt: number; capacityLeft: number | null };
export type StoredScan = KnownScan & { nightId: string; synced: boolean; refused?: string };
export type StoredSale = DoorSale & { nightId: string; synced: boolean; refused?: string };
export type Phone = { id: string; name: string };

interface DoorDb extends DBSchema {
  phone: { key: "this"; value: Phone };
  nights: { key: string; value: StoredNight };
  scans: { key: string; value: StoredScan; indexes: { night: string } };
  sales: { key: string; value: StoredSale; indexes: { night: string } };
}

let opening: Promise<IDBPDatabase<DoorDb>> | undefined;

export function doorDb() {
  opening ??= openDB<DoorDb>("nokturn-bramka", 1, {
    upgrade(db) {
      db.createObjectStore("phone");
      db.createObjectStore("nights", { keyPath: "night.id" });
      db.createObjectStore("scans", { keyPath: "nonce" }).createIndex("night", "nightId");
      db.createObjectStore("sales", { keyPath: "nonce" }).createIndex("night", "nightId");
    },
  });
  return opening;
}

export async function readPhone() {
  return (await doorDb()).get("phone", "this");
}

export async function savePhone(phone: Phone) {
  await (await doorDb()).put("phone", phone, "this");
}

export async function readNight(nightId: string) {
  return (await doorDb()).get("nights", nightId);
}

export async function saveNight(night: StoredNight) {
  await (await doorDb()).put("nights", night);
}

export async function scansOfNight(nightId: string) {
  return (await doorDb()).getAllFromIndex("scans", "night", nightId);
}

export async function salesOfNight(nightId: string) {
  return (await doorDb()).getAllFromIndex("sales", "night", nightId);
}

/**
 * Scans the server sent (every phone's, ours among them): the server has them, so they are synced, and
 * its copy (the device's and the staff member's names as the server knows them) replaces the phone's.
 */
export async function putKnownScans(nightId: string, scans: readonly KnownScan[]) {
  const db = await doorDb();
  const tx = db.transaction("scans", "readwrite");
  for (const scan of scans) await tx.store.put({ ...scan, nightId, synced: true });
  await tx.done;
}

export async function putScan(scan: StoredScan) {
  await (await doorDb()).put("scans", scan);
}

export async function putSale(sale: StoredSale) {
  await (await doorDb()).put("sales", sale);
}

/** Marks what the server answered: stored nonces synced, refused ones with the server's reason. */
export async function markSynced(
  stored: readonly string[],
  refused: readonly { nonce: string; message: string }[],
) {
  const db = await doorDb();
  const tx = db.transaction(["scans", "sales"], "readwrite");
  const scans = tx.objectStore("scans");
  const sales = tx.objectStore("sales");
  for (const nonce of stored) {
    const scan = await scans.get(nonce);
    if (scan) await scans.put({ ...scan, synced: true });
    const sale = await sales.get(nonce);
    if (sale) await sales.put({ ...sale, synced: true });
  }
  for (const { nonce, message } of refused) {
    const scan = await scans.get(nonce);
    if (scan) await scans.put({ ...scan, synced: true, refused: message });
    const sale = await sales.get(nonce);
    if (sale) await sales.put({ ...sale, synced: true, refused: message });
  }
  await tx.done;
}
