import { parseHTML } from "linkedom";
import { act, useState } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useEachNewValue } from "./use-each-new-value";

/**
 * The way React Router hands a fetcher's answer to a component: read from a mutable map during
 * render (`fetcherData`), while the state that says "the answer is in" arrives in a later render.
 */
const store: { answer: object | undefined } = { answer: undefined };

let bump: (value: number) => void = () => {};
const handled: object[] = [];

function Reader() {
  const [tick, setTick] = useState(0);
  bump = setTick;
  useEachNewValue(store.answer, (answer) => handled.push(answer));
  return <p>{tick}</p>;
}

describe("useEachNewValue", () => {
  beforeEach(() => {
    const { window } = parseHTML("<!DOCTYPE html><html><body><div id=root></div></body></html>");
    Object.assign(globalThis, { window, document: window.document, IS_REACT_ACT_ENVIRONMENT: true });
    store.answer = undefined;
    handled.length = 0;
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "window");
    Reflect.deleteProperty(globalThis, "document");
  });

  it("hands each answer over once, also when a render React threw away saw it first", async () => {
    const root = createRoot(document.getElementById("root")!);
    await act(async () => root.render(<Reader />));
    expect(handled).toEqual([]);

    // The answer lands in the map; a render for an update that comes out unchanged sees it and is
    // thrown away (React bails out after rendering), keeping that render's effect dependencies.
    const answer = { ok: true };
    store.answer = answer;
    await act(async () => {
      bump(1);
      bump(0);
    });
    // The commit that shows the answer.
    await act(async () => bump(2));
    expect(handled).toEqual([answer]);

    // Further commits with the same answer: not again; a new answer: once.
    await act(async () => bump(3));
    const next = { ok: false };
    store.answer = next;
    await act(async () => bump(4));
    expect(handled).toEqual([answer, next]);
    await act(async () => root.unmount());
  });
});
