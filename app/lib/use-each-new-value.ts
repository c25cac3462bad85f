/**
 * Calls `handle` once for each new value (an action's answer), checked after every commit.
 *
 * Not `useEffect(…, [value])`: React Router reads a fetcher's data from a mutable map during render,
 * so a render that React then throws away (it bails out: the state it was rendering for came out
 * unchanged) can already see the new answer. React keeps that render's effect dependencies, the
 * commit that really shows the answer then compares equal, and the effect never runs: the drop's
 * and the sales' browser tests lost 'Dodano do koszyka' 1–2 times in 8 this way. An effect without
 * a dependency list runs on every commit; the ref makes it run `handle` once per value.
 */
import { useEffect, useEffectEvent, useRef } from "react";

export function useEachNewValue<Value>(value: Value | undefined, handle: (value: Value) => void) {
  const last = useRef<Value | undefined>(undefined);
  const onValue = useEffectEvent(handle);
  // No dependency list: every commit, on purpose (see above).
  useEffect(() => {
    if (value === undefined || last.current === value) return;
    last.current = value;
    onValue(value);
  });
}
