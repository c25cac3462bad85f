import type { LucideIcon } from "lucide-react";
import { Button } from "./button";

/**
 * A form's large submit button: its icon and label, and while the form is being sent the busy label
 * ("Wysyłanie...") with the button disabled, so a second click does not send it twice.
 */
export function SubmitButton({
  busy,
  icon: Icon,
  label,
  busyLabel,
  className,
}: {
  busy: boolean;
  icon: LucideIcon;
  label: string;
  busyLabel: string;
  className: string;
}) {
  return (
    <Button type="submit" size="lg" disabled={busy} className={className}>
      <Icon aria-hidden="true" />
      {busy ? busyLabel : label}
    </Button>
  );
}
