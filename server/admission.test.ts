import { afterEach, describe, expect, it, vi } from "vitest";
import { Admission } from "./admission";

const settings = { concurrency: 2, maxQueue: 3, maxWaitMs: 1000 };

afterEach(() => {
  vi.useRealTimers();
});

describe("Admission", () => {
  it("admits up to its concurrency at once, then the waiting ones in order of arrival", async () => {
    const gate = new Admission(settings);
    const first = await gate.enter();
    const second = await gate.enter();
    expect(gate.inFlight).toBe(2);
    const order: string[] = [];
    const third = gate.enter().then((release) => {
      order.push("third");
      return release;
    });
    const fourth = gate.enter().then((release) => {
      order.push("fourth");
      return release;
    });
    expect(gate.waiting).toBe(2);
    await Promise.resolve();
    expect(order).toEqual([]);

    second?.();
    const thirdRelease = await third;
    expect(order).toEqual(["third"]);
    expect(gate.inFlight).toBe(2);
    first?.();
    await fourth;
    expect(order).toEqual(["third", "fourth"]);
    expect(gate.waiting).toBe(0);
    thirdRelease?.();
    expect(gate.inFlight).toBe(1);
  });

  it("makes pages one at a time while kept pages are being served, and as many as its concurrency again after", async () => {
    let keptPagesServed = true;
    const gate = new Admission({ ...settings, concurrency: 3, oneAtATime: () => keptPagesServed });
    const first = await gate.enter();
    let secondIn = false;
    const second = gate.enter().then((release) => {
      secondIn = true;
      return release;
    });
    const third = gate.enter();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect([gate.inFlight, gate.waiting, secondIn]).toEqual([1, 2, false]);
    // The first page done: the next starts, still alone.
    first?.();
    const secondRelease = await second;
    expect([gate.inFlight, gate.waiting]).toEqual([1, 1]);
    // The visitors gone: the gate's own concurrency again, from the next page that ends or arrives.
    keptPagesServed = false;
    const fourth = gate.enter();
    const [thirdRelease, fourthRelease] = await Promise.all([third, fourth]);
    expect([gate.inFlight, gate.waiting]).toEqual([3, 0]);
    for (const release of [secondRelease, thirdRelease, fourthRelease]) release?.();
    expect(gate.inFlight).toBe(0);
  });

  it("lets a page the cache will keep go ahead of the crowd's waiting pages, in order among its kind", async () => {
    const gate = new Admission({ ...settings, concurrency: 1, maxQueue: 10 });
    const busy = await gate.enter();
    const order: string[] = [];
    const waiting = (name: string, first = false) =>
      gate.enter(undefined, first).then((release) => {
        order.push(name);
        return release;
      });
    const entered = [
      waiting("crowd 1"),
      waiting("crowd 2"),
      waiting("kept 1", true),
      waiting("kept 2", true),
    ];
    expect(gate.waiting).toBe(4);
    let release = busy;
    for (const next of [entered[2], entered[3], entered[0], entered[1]]) {
      release?.();
      release = await next;
    }
    release?.();
    expect(order).toEqual(["kept 1", "kept 2", "crowd 1", "crowd 2"]);
    expect(gate.inFlight).toBe(0);
  });

  it("refuses at once when the queue is full", async () => {
    const gate = new Admission(settings);
    await gate.enter();
    await gate.enter();
    const waiting = [gate.enter(), gate.enter(), gate.enter()];
    expect(gate.waiting).toBe(3);
    expect(await gate.enter()).toBeNull();
    expect(gate.waiting).toBe(3);
    void waiting;
  });

  it("refuses a request that waited longer than maxWaitMs, and its place is not kept", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const gate = new Admission(settings);
    const first = await gate.enter();
    await gate.enter();
    const late = gate.enter();
    vi.advanceTimersByTime(1001);
    expect(await late).toBeNull();
    expect(gate.waiting).toBe(0);
    first?.();
    expect(gate.inFlight).toBe(1);
  });

  it("drops a request whose client went away while it waited", async () => {
    const gate = new Admission(settings);
    const first = await gate.enter();
    await gate.enter();
    let leave = () => {};
    const leaving = gate.enter((drop) => {
      leave = drop;
    });
    const staying = gate.enter();
    leave();
    expect(await leaving).toBeNull();
    first?.();
    expect(await staying).toBeTypeOf("function");
    expect(gate.inFlight).toBe(2);
  });

  it("counts a slot released twice once (finish and close both fire)", async () => {
    const gate = new Admission(settings);
    const release = await gate.enter();
    await gate.enter();
    release?.();
    release?.();
    expect(gate.inFlight).toBe(1);
    const again = await gate.enter();
    expect(again).toBeTypeOf("function");
    expect(gate.inFlight).toBe(2);
  });

  it("starts at most one page per turn of the event loop, even with slots free", async () => {
    const gate = new Admission({ concurrency: 10, maxQueue: 10, maxWaitMs: 1000 });
    let admitted = 0;
    for (let i = 0; i < 3; i++) void gate.enter().then(() => admitted++);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    await turn();
    expect(admitted).toBe(1);
    await turn();
    expect(admitted).toBe(2);
    await turn();
    expect(admitted).toBe(3);
  });

  it("a thousand requests through a gate of two: every one admitted once, never more than two at once", async () => {
    const gate = new Admission({ concurrency: 2, maxQueue: 1000, maxWaitMs: 60_000 });
    let atOnce = 0;
    let most = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: 1000 }, async () => {
        const release = await gate.enter();
        if (!release) throw new Error("refused");
        atOnce += 1;
        most = Math.max(most, atOnce);
        await new Promise((resolve) => setImmediate(resolve));
        atOnce -= 1;
        done += 1;
        release();
      }),
    );
    expect(done).toBe(1000);
    expect(most).toBe(2);
    expect(gate.inFlight).toBe(0);
  });
});
