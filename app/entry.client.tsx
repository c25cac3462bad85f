/**
 * React Router's default client entry, with the start-up cut into tasks (decision 027): every task the
 * main thread runs after the first paint counts against Total Blocking Time once it passes 50 ms on a
 * slow phone, so the work that cannot be sliced runs in tasks of its own instead of one after another.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { cn } from "~/lib/utils";
import { createRouterInSteps, SteppedHydratedRouter } from "./lib/stepped-hydrated-router";

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function hydrate() {
  // Evaluating this chunk (React DOM) was a task; building tailwind-merge's class map is another
  // (the first `cn()` builds it, ~15 ms on a fast machine), instead of the first slice of hydration.
  await nextTask();
  cn("p-0 p-1");
  await nextTask();
  const stepped = await createRouterInSteps(nextTask);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <SteppedHydratedRouter stepped={stepped} />
      </StrictMode>,
    );
  });
}

void hydrate();
