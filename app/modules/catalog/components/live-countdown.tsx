import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { countdown, formatCountdown } from "../release";

/**
 * The countdown to `releaseAt` (a drop's release, a night's start of ticket sales): rendered once
 * scripts run, on the server's clock, and at zero the page asks its loader again. Its own file: the
 * landing page's bundle takes it without the product page's purchase box.
 */
export function LiveCountdown({
  releaseAt,
  serverNow,
  label = "Do premiery zostało",
}: {
  releaseAt: string;
  serverNow: string;
  /** What the timer counts to, for screen readers. */
  label?: string;
}) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Rendered only in the browser: a number written on the server would be stale on a cached page.
  const [left, setLeft] = useState<string | null>(null);
  useEffect(() => {
    const offset = Date.parse(serverNow) - Date.now();
    let asked = false;
    const tick = () => {
      const remaining = countdown(releaseAt, new Date(Date.now() + offset));
      setLeft(formatCountdown(remaining));
      const done = remaining.days + remaining.hours + remaining.minutes + remaining.seconds === 0;
      if (done && !asked) {
        asked = true;
        void revalidate.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [releaseAt, serverNow]);
  if (left === null) return null;
  return (
    // A timer is not announced every second (its live region is off); it reads when reached.
    <p
      role="timer"
      aria-label={label}
      className="font-display text-3xl tabular-nums"
      data-testid="release-countdown"
    >
      {left}
    </p>
  );
}
