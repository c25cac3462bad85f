/**
 * The frame of a panel tab: its heading with a count beside it and its actions (a "new" button, a
 * dialog) on the right, then the tab's content; and the two things every tab with a list does — dim
 * the list while the tab's own URL reloads, and say a load error once as a toast.
 */
import { type ReactNode, useEffect } from "react";
import { useNavigation } from "react-router";
import { toast } from "~/components/ui/toaster";

export function PanelScreen({
  id,
  title,
  count,
  countTestId,
  actions,
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  /** The text beside the heading ("Wszystkich: 12"); null leaves it out. */
  count?: string | null;
  countTestId?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-3">
          <h2 id={id} className="font-display text-2xl">
            {title}
          </h2>
          {count == null ? null : (
            <p className="text-muted text-sm" aria-live="polite" data-testid={countTestId}>
              {count}
            </p>
          )}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Whether the tab at `pathname` is reloading; a load error is also shown once as a toast. */
export function usePanelList(pathname: string, loadError: string | null | undefined) {
  const navigation = useNavigation();
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}
