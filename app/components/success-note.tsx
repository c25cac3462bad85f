import { CheckCircle2 } from "lucide-react";
import { cn } from "~/lib/utils";

/** A form's confirmation in the page (a status box with a tick): a sent message, a filed withdrawal. */
export function SuccessNote({
  title,
  testId,
  className,
  children,
}: {
  title: string;
  testId: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div
      role="status"
      className={cn(
        "flex items-start gap-3 rounded-md border border-success/40 bg-success/10 p-4",
        className,
      )}
      data-testid={testId}
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      <div>
        <p className="font-bold">{title}</p>
        {children}
      </div>
    </div>
  );
}
