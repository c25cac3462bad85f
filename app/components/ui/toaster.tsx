/**
 * Toasts: `toast` has sonner's API, but sonner itself (toaster-impl.tsx) is fetched on the first toast,
 * not with every page. Toasts asked for before it has loaded are queued and shown once it is mounted;
 * each gets its id up front, so `toast.dismiss(id)` or updating by id works either way.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import type { ExternalToast, toast as SonnerToast, ToasterProps } from "sonner";

export type { ToasterProps };

type Toast = typeof SonnerToast;
type Id = string | number;

let real: Toast | undefined;
let requested = false;
let nextId = 0;
const queue: { id?: Id; run: (toast: Toast) => unknown }[] = [];
const listeners = new Set<() => void>();

const ToasterImpl = lazy(() => import("./toaster-impl"));

function request() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function onReady(toast: Toast) {
  real = toast;
  for (const item of queue.splice(0)) item.run(toast);
}

/** Calls sonner now if it has loaded, else queues the call with an id of our own. */
function enqueue(data: ExternalToast | undefined, run: (toast: Toast, data: ExternalToast) => Id) {
  if (real) return run(real, data ?? {});
  const id = data?.id ?? `toast-${++nextId}`;
  const withId = { ...data, id };
  queue.push({ id, run: (toast) => run(toast, withId) });
  request();
  return id;
}

type Message = Parameters<Toast>[0];
const variant =
  (name: "success" | "error" | "info" | "warning" | "loading" | "message") =>
  (message: Message, data?: ExternalToast) =>
    enqueue(data, (toast, withId) => toast[name](message, withId));

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => enqueue(data, (toast, withId) => toast(message, withId)),
  {
    success: variant("success"),
    error: variant("error"),
    info: variant("info"),
    warning: variant("warning"),
    loading: variant("loading"),
    message: variant("message"),
    custom: ((jsx, data) => enqueue(data, (toast, withId) => toast.custom(jsx, withId))) as Toast["custom"],
    promise: ((promise, data) => {
      if (real) return real.promise(promise, data);
      queue.push({ run: (toast) => toast.promise(promise, data) });
      request();
      return undefined;
    }) as Toast["promise"],
    dismiss: (id?: Id) => {
      if (real) return real.dismiss(id);
      if (id === undefined) queue.splice(0);
      else {
        const index = queue.findIndex((item) => item.id === id);
        if (index >= 0) queue.splice(index, 1);
      }
      return id;
    },
    getHistory: () => real?.getHistory() ?? [],
    getToasts: () => real?.getToasts() ?? [],
  },
) as unknown as Toast;

/** Mount once in the root layout; renders nothing until the first toast. */
export function Toaster(props: ToasterProps) {
  const [show, setShow] = useState(requested);
  useEffect(() => {
    const listener = () => setShow(true);
    listeners.add(listener);
    if (requested) setShow(true);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ToasterImpl {...props} onReady={onReady} />
    </Suspense>
  );
}
