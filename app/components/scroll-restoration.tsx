import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";

/** React Router's own key: its hook saves the positions there. */
const STORAGE_KEY = "react-router-scroll-positions";

/**
 * The inline part of React Router's `<ScrollRestoration>` (8.4, pinned), which puts a reloaded page
 * back where it was before the first paint. Theirs reads session storage on every document load; on a
 * new history entry (a link followed, an address typed: most visits) there is nothing stored for its
 * fresh key, and the first session-storage read is a synchronous trip to the browser process — 1 to
 * 25 ms measured on this machine, in the middle of parsing the page (decision 027). So a new entry only
 * gets its key. The hook part (saving positions, restoring on client navigations) is theirs, unchanged.
 */
const RESTORE_SCRIPT = `(()=>{const state=history.state;if(!state||!state.key){history.replaceState({key:Math.random().toString(32).slice(2)},"");return}try{const y=JSON.parse(sessionStorage.getItem(${JSON.stringify(STORAGE_KEY)})||"{}")[state.key];if(typeof y==="number")scrollTo(0,y)}catch(error){console.error(error);sessionStorage.removeItem(${JSON.stringify(STORAGE_KEY)})}})()`;

export function ScrollRestoration({ nonce }: { nonce?: string }) {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCRIPT }} />
  );
}
