/**
 * React Router's default client entry (decision 030), with one task of its own first. A whole page
 * imports it after `load` (decision 044); from here hydration is not delayed again (no
 * `requestIdleCallback`): from the moment `hydrateRoot` runs, React listens on the document and a tap
 * on a part not yet hydrated makes React finish hydrating it and then replays the tap. Before that
 * every control is a form, a link or a popover the browser runs itself (decision 031).
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { cn } from "~/lib/utils";

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// tailwind-merge builds its class map on the first `cn()`: ~20 ms here, ~80 ms on a phone's CPU. In a
// task of its own, between the modules' evaluation and hydration, it does not lengthen either
// (decision 045).
await nextTask();
cn();
await nextTask();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
