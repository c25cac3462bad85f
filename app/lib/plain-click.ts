import type { MouseEvent } from "react";

/**
 * A plain left click on a link, which a script may take over (a viewer, a zoom dialog); any other
 * (new tab, new window, download…) stays the browser's.
 */
export function isPlainClick(event: MouseEvent) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
