import { CheckCircle2, CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A form-level message: an error (role=alert) or a confirmation (role=status). */
export function FormAlert({
  tone,
  id,
  title,
  children,
  className,
  testId,
}: {
  tone: "error" | "success";
  id?: string;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const Icon = tone === "error" ? CircleAlert : CheckCircle2;
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={cn(
        "flex items-start gap-3 rounded-md border p-4 text-foreground text-sm",
        tone === "error" ? "border-danger/50 bg-danger/10" : "border-success/40 bg-success/10",
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-5 shrink-0", tone === "error" ? "text-danger" : "text-success")}
      />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="text-foreground/80">{children}</div> : null}
      </div>
    </div>
  );
}
