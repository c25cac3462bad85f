/**
 * Keeps a half-filled form from being lost: the browser asks before closing or reloading the tab, and
 * a link inside the app is held until the person confirms leaving (`blocker`).
 */
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

export function useUnsavedChanges(dirty: boolean) {
  // Set while the form itself is being submitted: its redirect must not be blocked.
  const submitting = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return {
    blocker,
    /** Call when the form is submitted (successfully validated in the browser). */
    markSubmitting(value = true) {
      submitting.current = value;
    },
  };
}
