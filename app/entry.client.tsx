/**
 * React Router's default client entry, unchanged (decision 030). Hydration is not delayed (no
 * `requestIdleCallback`): from the moment `hydrateRoot` runs, React listens on the document and a tap
 * on a part not yet hydrated makes React finish hydrating it and then replays the tap; before that
 * moment a tap on a script-only control does nothing. Starting at once keeps that window short.
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
