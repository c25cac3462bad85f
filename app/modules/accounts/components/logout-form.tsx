import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { cn } from "~/lib/utils";

/** "Wyloguj się": a POST form (works before hydration); comes back to the current page if it is public. */
export function LogoutForm({ className, children }: { className?: string; children?: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <Form method="post" action="/logout" className="contents">
      <input type="hidden" name="intent" value="logout" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        disabled={busy}
        className={cn(
          "inline-flex cursor-pointer items-center gap-3 text-left disabled:cursor-wait disabled:opacity-60",
          className,
        )}
      >
        {children ?? (
          <>
            <LogOut aria-hidden="true" className="size-4" />
            Wyloguj się
          </>
        )}
      </button>
    </Form>
  );
}
