/**
 * React Router's default client entry, unchanged (decision 030). A whole page imports it after `load`
 * (decision 044); from here hydration is not delayed again (no `requestIdleCallback`): from the moment
 * `hydrateRoot` runs, React listens on the document and a tap on a part not yet hydrated makes React
 * finish hydrating it and then replays the tap. Before that every control is a form, a link or a
 * popover the browser runs itself (decision 031).
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
