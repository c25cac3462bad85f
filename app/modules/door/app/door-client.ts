/**
 * The door phone's brain (issue #41, decision 041): the night from IndexedDB, decisions online (the
 * server's, under the ticket's lock) or offline (the same rules, on the phone), the outbox flushed
 * whenever the network is there, and the other phones' scans merged in. The screen subscribes to it.
 */
import { canSellOffline } from "../door-block";
import { importDoorKeys, verifyDoorCode } from "../door-code";
import type {
  DoorNight,
  DoorSale,
  DoorSyncAnswer,
  DoorTicket,
  KnownScan,
  ScanAnswer,
  ScanDirection,
} from "../door-types";
import { DOOR_SYNC_MAX_SALES, DOOR_SYNC_MAX_SCANS } from "../door-types";
import { decideByTicketId, decideScan, isPassing } from "../scan-decision";
import {
  markSynced,
  type Phone,
  putKnownScans,
  putSale,
  putScan,
  readNight,
  readPhone,
  type StoredNight,
  type StoredSale,
  type StoredScan,
  salesOfNight,
  saveNight,
  savePhone,
  scansOfNight,
} from "./door-db";

/** How long an online request may take before the phone decides by itself. */
const ONLINE_PATIENCE_MS = 2500;
/** How often the phone syncs while the screen is open (the others' scans arrive within seconds). */
export const SYNC_EVERY_MS = 4000;

export type ScanResult = {
  answer: ScanAnswer;
  ticket?: DoorTicket;
  typeName?: string;
  previous?: KnownScan;
  /** Decided on the phone (no network) rather than by the server. */
  offline: boolean;
};

export type DoorState = {
  phone: Phone | null;
  night: StoredNight | null;
  scans: StoredScan[];
  sales: StoredSale[];
  online: boolean;
  syncing: boolean;
  lastSyncAt: number | null;
  problem: string | null;
};

const messages = {
  downloadFailed: "Nie udało się pobrać nocy — sprawdź zasięg i spróbuj ponownie",
  noBlock: "Sprzedaż offline tylko z puli przydzielonej przez administratora",
  blockEmpty: "Pula offline tego telefonu się skończyła",
  syncFailed: "Nie udało się wysłać skanów — spróbujemy ponownie",
};

/** A refused sync downloads the night again (re-registering the phone) at most this often. */
const REREGISTER_EVERY_MS = 30_000;

export class DoorClient {
  state: DoorState = {
    phone: null,
    night: null,
    scans: [],
    sales: [],
    online: true,
    syncing: false,
    lastSyncAt: null,
    problem: null,
  };
  private listeners = new Set<() => void>();
  private keys: CryptoKey[] = [];
  private tickets = new Map<string, DoorTicket>();
  private timer: number | undefined;
  private syncing: Promise<void> | null = null;
  /** Offline scans written to IndexedDB one after another, in the order they were made. */
  private pending: Promise<void> = Promise.resolve();
  /** Downloads and syncs, one at a time (see inLane). */
  private lane: Promise<unknown> = Promise.resolve();
  /** When a refused sync last made the phone download (register) again. */
  private registeredAt = 0;

  constructor(
    private readonly nightId: string,
    /** Who is signed in on this phone: named on its own offline scans until the server's copy arrives. */
    private readonly staffName = "",
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<DoorState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Reads what the phone holds, then (online) downloads the night afresh and starts syncing. */
  async start() {
    const online = navigator.onLine;
    const [phone, night, scans, sales] = await Promise.all([
      readPhone(),
      readNight(this.nightId),
      scansOfNight(this.nightId),
      salesOfNight(this.nightId),
    ]);
    if (night) await this.loadNight(night);
    this.set({ phone: phone ?? null, scans, sales, online });
    window.addEventListener("online", this.wentOnline);
    window.addEventListener("offline", this.wentOffline);
    this.timer = window.setInterval(() => void this.sync(), SYNC_EVERY_MS);
    if (phone && online) await this.download();
  }

  stop() {
    window.removeEventListener("online", this.wentOnline);
    window.removeEventListener("offline", this.wentOffline);
    window.clearInterval(this.timer);
  }

  private wentOnline = () => {
    this.set({ online: true });
    void this.sync();
  };

  // An answer that lands after the network went (a request in flight) reads navigator.onLine rather
  // than saying "Online" again: the badge must not lie while the phone decides by itself.
  private wentOffline = () => this.set({ online: false });

  async namePhone(name: string) {
    const phone = { id: this.state.phone?.id ?? crypto.randomUUID(), name };
    await savePhone(phone);
    this.set({ phone });
    await this.download();
  }

  private async loadNight(night: StoredNight) {
    this.keys = await importDoorKeys(night.publicKeys);
    this.tickets = new Map(night.tickets.map((ticket) => [ticket.id, ticket]));
    this.set({ night });
  }

  /**
   * Downloads and syncs one after another, never side by side: a sync that left before a download and
   * landed after it wrote the older night back (its blocks gone).
   */
  private inLane<T>(work: () => Promise<T>): Promise<T> {
    const run = this.lane.then(work, work);
    this.lane = run.catch(() => {});
    return run;
  }

  /** The phone's scans and sales as IndexedDB has them, with any made since the read began. */
  private async storedNow() {
    const [scans, sales] = await Promise.all([scansOfNight(this.nightId), salesOfNight(this.nightId)]);
    const scanNonces = new Set(scans.map((scan) => scan.nonce));
    const saleNonces = new Set(sales.map((sale) => sale.nonce));
    return {
      scans: [...scans, ...this.state.scans.filter((scan) => !scanNonces.has(scan.nonce))],
      sales: [...sales, ...this.state.sales.filter((sale) => !saleNonces.has(sale.nonce))],
    };
  }

  /** The whole night from the server: tickets, keys, every scan so far, this phone's blocks. */
  async download() {
    await this.inLane(() => this.downloadOnce());
    await this.sync();
  }

  private async downloadOnce() {
    const phone = this.state.phone;
    if (!phone) return;
    try {
      const query = new URLSearchParams({ urzadzenie: phone.id, nazwa: phone.name });
      const response = await fetch(`/api/bramka/${this.nightId}/noc?${query}`, {
        credentials: "same-origin",
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        this.set({ problem: body?.message ?? messages.downloadFailed });
        return;
      }
      const downloaded = (await response.json()) as DoorNight;
      const { scans, ...rest } = downloaded;
      const night: StoredNight = { ...rest, downloadedAt: Date.now(), capacityLeft: null };
      await saveNight(night);
      await putKnownScans(this.nightId, scans);
      await this.loadNight(night);
      this.set({ ...(await this.storedNow()), problem: null, online: navigator.onLine });
    } catch {
      this.set({ online: false, problem: this.state.night ? null : messages.downloadFailed });
    }
  }

  private historyOf(ticketId: string) {
    return this.state.scans.filter((scan) => scan.ticketId === ticketId && !scan.refused);
  }

  private typeName(ticket: DoorTicket | undefined) {
    return ticket ? this.state.night?.types[ticket.type] : undefined;
  }

  /** A QR read by the camera (or typed): the server's answer online, the phone's own offline. */
  async scanCode(code: string, direction: ScanDirection): Promise<ScanResult> {
    return this.scan({ code }, direction);
  }

  /** A ticket found by search. */
  async scanTicket(ticketId: string, direction: ScanDirection): Promise<ScanResult> {
    return this.scan({ ticketId }, direction);
  }

  private async scan(
    what: { code?: string; ticketId?: string },
    direction: ScanDirection,
  ): Promise<ScanResult> {
    const night = this.state.night;
    const phone = this.state.phone;
    if (!night || !phone) return { answer: "forged", offline: true };
    const nonce = crypto.randomUUID();
    const at = Date.now();
    if (navigator.onLine) {
      const online = await this.askServer({ ...what, nonce, at, direction, deviceId: phone.id });
      if (online) return online;
    }
    return this.decideHere(what, direction, nonce, at);
  }

  private async askServer(body: Record<string, unknown>): Promise<ScanResult | null> {
    try {
      const response = await fetch(`/api/bramka/${this.nightId}/skan`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(ONLINE_PATIENCE_MS),
      });
      // A refusal of the request itself (a flood, a lost session) is decided here instead.
      if (!response.ok) return null;
      const answer = (await response.json()) as {
        answer: ScanAnswer;
        ticket?: DoorTicket;
        previous?: KnownScan;
        scan?: KnownScan;
      };
      if (answer.scan) {
        const stored: StoredScan = { ...answer.scan, nightId: this.nightId, synced: true };
        await putScan(stored);
        this.set({
          scans: [...this.state.scans.filter((scan) => scan.nonce !== stored.nonce), stored],
          online: navigator.onLine,
        });
      }
      return { ...answer, typeName: this.typeName(answer.ticket), offline: false };
    } catch {
      this.set({ online: false });
      return null;
    }
  }

  private async decideHere(
    what: { code?: string; ticketId?: string },
    direction: ScanDirection,
    nonce: string,
    at: number,
  ): Promise<ScanResult> {
    const night = this.state.night as StoredNight;
    const phone = this.state.phone as Phone;
    let decision: { answer: ScanAnswer; ticket?: DoorTicket; previous?: KnownScan };
    if (what.code !== undefined) {
      const nightIds = [night.night.id, ...night.otherNights.map((other) => other.id)];
      const verified = await verifyDoorCode(what.code, nightIds, this.keys);
      const ticket = verified ? this.tickets.get(verified.ticketId) : undefined;
      decision = decideScan({
        nightId: night.night.id,
        verified,
        ticket,
        history: ticket ? this.historyOf(ticket.id) : [],
        reentry: night.night.reentry,
        direction,
      });
    } else {
      const ticket = this.tickets.get(what.ticketId ?? "");
      decision = decideByTicketId({
        ticket,
        history: ticket ? this.historyOf(ticket.id) : [],
        reentry: night.night.reentry,
        direction,
      });
    }
    if (decision.ticket && isPassing(decision.answer)) {
      const scan: StoredScan = {
        nonce,
        ticketId: decision.ticket.id,
        version: decision.ticket.version,
        direction: decision.answer === "admitted" ? "in" : "out",
        at,
        deviceId: phone.id,
        deviceName: phone.name,
        staffName: this.staffName,
        nightId: this.nightId,
        synced: false,
      };
      // The answer does not wait for the disk: the write starts now and lands within milliseconds,
      // the screen answers at once (the queue moves; decision 041's 100 ms on a slow phone).
      this.state.scans.push(scan);
      this.pending = this.pending
        .then(() => putScan(scan))
        .then(() => {
          this.set({ scans: [...this.state.scans] });
          // Sent at once when the network is only slow or back (a failed request decided it here).
          void this.sync();
        });
    }
    return { ...decision, typeName: this.typeName(decision.ticket), offline: true };
  }

  /** Tickets of the phone's block not yet sold by it. */
  blockState() {
    const block = this.state.night?.blocks[0];
    if (!block) return null;
    const local = this.state.sales
      .filter((sale) => sale.blockId === block.id && !sale.refused)
      .reduce((sum, sale) => sum + sale.quantity, 0);
    const used = Math.max(block.used, local);
    return { block, used, left: Math.max(0, block.size - used) };
  }

  /** A door sale: the server takes the capacity online; offline only from this phone's block. */
  async sell(quantity: number, method: "cash" | "card"): Promise<{ ok: boolean; message: string }> {
    const phone = this.state.phone;
    if (!phone || !this.state.night) return { ok: false, message: messages.downloadFailed };
    const sale: DoorSale = {
      nonce: crypto.randomUUID(),
      deviceId: phone.id,
      quantity,
      method,
      at: Date.now(),
      blockId: null,
    };
    if (navigator.onLine) {
      try {
        const response = await fetch(`/api/bramka/${this.nightId}/sprzedaz`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(sale),
          signal: AbortSignal.timeout(ONLINE_PATIENCE_MS),
        });
        const body = (await response.json()) as { capacityLeft?: number; message?: string };
        if (response.ok) {
          await this.recordSale({ ...sale, nightId: this.nightId, synced: true });
          await this.updateCapacity(body.capacityLeft ?? null);
          return { ok: true, message: "Sprzedano" };
        }
        if (response.status < 500 && response.status !== 429)
          return { ok: false, message: body.message ?? "" };
      } catch {
        this.set({ online: false });
      }
    }
    const block = this.blockState();
    if (!block) return { ok: false, message: messages.noBlock };
    if (!canSellOffline(block.block, block.used, 0, quantity))
      return { ok: false, message: messages.blockEmpty };
    await this.recordSale({ ...sale, blockId: block.block.id, nightId: this.nightId, synced: false });
    return { ok: true, message: "Sprzedano z puli offline" };
  }

  private async recordSale(sale: StoredSale) {
    await putSale(sale);
    this.set({ sales: [...this.state.sales, sale] });
  }

  private async updateCapacity(capacityLeft: number | null) {
    const night = this.state.night;
    if (!night || capacityLeft === null) return;
    const next = { ...night, capacityLeft };
    await saveNight(next);
    this.set({ night: next });
  }

  unsent() {
    return (
      this.state.scans.filter((scan) => !scan.synced).length +
      this.state.sales.filter((sale) => !sale.synced).length
    );
  }

  /** Sends the outbox and reads what every phone did since; one at a time. */
  sync(): Promise<void> {
    if (!this.state.phone || !this.state.night || !navigator.onLine) return Promise.resolve();
    this.syncing ??= this.inLane(() => this.syncOnce()).finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async syncOnce() {
    await this.pending;
    const phone = this.state.phone as Phone;
    const night = this.state.night as StoredNight;
    const scans = this.state.scans.filter((scan) => !scan.synced).slice(0, DOOR_SYNC_MAX_SCANS);
    const sales = this.state.sales.filter((sale) => !sale.synced).slice(0, DOOR_SYNC_MAX_SALES);
    this.set({ syncing: true });
    try {
      const response = await fetch(`/api/bramka/${this.nightId}/sync`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          deviceId: phone.id,
          scans: scans.map(({ nonce, ticketId, version, direction, at, deviceId }) => ({
            nonce,
            ticketId,
            version,
            direction,
            at,
            deviceId,
          })),
          sales: sales.map(({ nonce, deviceId, quantity, method, at, blockId }) => ({
            nonce,
            deviceId,
            quantity,
            method,
            at,
            blockId,
          })),
          cursor: night.cursor,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        // Said in Polish by the server (the night's window closed, the session ended…): the outbox
        // stays on the phone, and the staff see why it does not empty.
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        this.set({ syncing: false, online: navigator.onLine, problem: body?.message ?? messages.syncFailed });
        // A phone registered to another account (handed over) downloads again, which registers it.
        if (response.status === 409 && Date.now() - this.registeredAt > REREGISTER_EVERY_MS) {
          this.registeredAt = Date.now();
          window.setTimeout(() => void this.download(), 0);
        }
        return;
      }
      const answer = (await response.json()) as DoorSyncAnswer;
      await markSynced(answer.stored, answer.refused);
      await putKnownScans(this.nightId, answer.scans);
      // The night as it is now, not as it was when the request left: a download that landed meanwhile
      // (new blocks, new tickets) is kept, this answer's changes go on top of it.
      const current = this.state.night ?? night;
      const tickets = new Map(current.tickets.map((ticket) => [ticket.id, ticket]));
      for (const ticket of answer.tickets) tickets.set(ticket.id, ticket);
      const next: StoredNight = {
        ...current,
        tickets: [...tickets.values()],
        cursor: answer.cursor,
        capacityLeft: answer.capacityLeft,
      };
      await saveNight(next);
      this.tickets = tickets;
      this.set({
        problem: null,
        night: next,
        ...(await this.storedNow()),
        online: navigator.onLine,
        syncing: false,
        lastSyncAt: Date.now(),
      });
    } catch {
      this.set({ online: false, syncing: false });
    }
  }
}
