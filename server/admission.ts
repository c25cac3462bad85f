/**
 * Admission for the pages made per request (decision 039). Only so many of them are made at once in
 * one process; the rest wait their turn in order of arrival. A kept page and a static file never wait:
 * they are answered before this (server/index.ts), and between the few pages in the making the event
 * loop stays free for them, so an on-sale crowd of signed-in fans cannot starve the cached pages
 * (every page being made at once, a kept page waited behind all their render steps). The database
 * pool also stops being the queue: without a gate, a crowd's requests took every connection and those
 * after them failed after the pool's 5 s (500s in `bench:tickets`). A request that waited too long, or
 * found the queue full, is answered 503 with Retry-After: the crowd is told to come back, nothing is
 * half done.
 */
import type { NextFunction, Request, Response } from "express";

export type AdmissionSettings = {
  /** Pages made at once. */
  concurrency: number;
  /** Requests waiting at most; one more is refused at once. */
  maxQueue: number;
  /** How long a request may wait for its turn before it is refused. */
  maxWaitMs: number;
  /**
   * While this says so (the page cache is answering visitors), pages are made one at a time: the
   * cores a crowd's pages would take beside them are the kept pages' (decision 040).
   */
  oneAtATime?: () => boolean;
};

type Waiter = {
  admit: (release: () => void) => void;
  refuse: () => void;
  timer: NodeJS.Timeout;
  first: boolean;
};

/**
 * A first-come, first-served gate with a bounded queue that starts at most one page per turn of the
 * event loop. Every request waits for that turn, even with slots free: a page whose data is all kept
 * in memory is made in one stretch of CPU with no wait for I/O, so a crowd's requests read in one poll
 * of the sockets would otherwise be made one after another, each to its end, before the next socket
 * (a kept page's request) is read. Started from `setImmediate`, one page is made per turn and
 * everything that arrived meanwhile is read (and a kept page answered) in between.
 */
export class Admission {
  private active = 0;
  private readonly queue: Waiter[] = [];
  private scheduled = false;

  constructor(readonly settings: AdmissionSettings) {}

  get inFlight() {
    return this.active;
  }

  get waiting() {
    return this.queue.length;
  }

  /**
   * Resolves with the slot's release (call it once, when the answer is done) or with null when the
   * request is refused (queue full, waited too long, or `abandoned` fired while it waited). `first`:
   * the request goes ahead of every other kind still waiting (in order among its own kind).
   */
  enter(abandoned?: (drop: () => void) => void, first = false): Promise<(() => void) | null> {
    if (this.queue.length >= this.settings.maxQueue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: (release) => resolve(release),
        refuse: () => resolve(null),
        timer: setTimeout(() => this.drop(waiter), this.settings.maxWaitMs),
        first,
      };
      const behind = first ? this.queue.findIndex((other) => !other.first) : -1;
      if (behind === -1) this.queue.push(waiter);
      else this.queue.splice(behind, 0, waiter);
      abandoned?.(() => this.drop(waiter));
      this.schedule();
    });
  }

  private drop(waiter: Waiter) {
    const at = this.queue.indexOf(waiter);
    if (at === -1) return;
    this.queue.splice(at, 1);
    clearTimeout(waiter.timer);
    waiter.refuse();
  }

  /** Pages that may be in the making now. */
  private limit() {
    return this.settings.oneAtATime?.() ? 1 : this.settings.concurrency;
  }

  private schedule() {
    if (this.scheduled || this.queue.length === 0 || this.active >= this.limit()) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.admitOne();
    });
  }

  private admitOne() {
    if (this.active >= this.limit()) return;
    const next = this.queue.shift();
    if (!next) return;
    clearTimeout(next.timer);
    this.active += 1;
    next.admit(this.releaser());
    // Scheduled from inside the check phase, the next start waits for the next turn.
    this.schedule();
  }

  private releaser() {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.schedule();
    };
  }
}

/**
 * The gate as Express middleware, before React Router's handler. A streamed upload (the panel's
 * photos) is let through: it would hold a slot for as long as its bytes take to arrive. `first` says
 * which requests go ahead of the others waiting (a page the page cache will keep: decision 042).
 * `refuse` answers a request that was not admitted (it is still connected).
 */
export function admission(
  gate: Admission,
  options: {
    exempt: (req: Request) => boolean;
    first?: (req: Request, res: Response) => boolean;
    refuse: (req: Request, res: Response) => void;
  },
) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (options.exempt(req)) return next();
    void gate
      .enter((drop) => res.once("close", drop), options.first?.(req, res) ?? false)
      .then((release) => {
        if (!release) {
          if (!res.destroyed && !res.headersSent) options.refuse(req, res);
          return;
        }
        if (res.destroyed) {
          release();
          return;
        }
        res.once("finish", release);
        res.once("close", release);
        next();
      });
  };
}
