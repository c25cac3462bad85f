import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/toaster";

type ActionToast = { kind: "success" | "error"; title: string; description?: string };

/**
 * The toast an account action answered with, shown once per answer (also for an answer rendered before
 * hydration, which the effect sees on its first run).
 */
export function useActionToast(answer: { toast?: ActionToast } | undefined) {
  const announced = useRef<typeof answer>(undefined);
  useEffect(() => {
    if (!answer?.toast || announced.current === answer) return;
    announced.current = answer;
    const { kind, title, description } = answer.toast;
    if (kind === "success") toast.success(title, { description });
    else toast.error(title, { description });
  }, [answer]);
}
