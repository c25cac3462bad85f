import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { AuthShell } from "./auth-shell";

const toneClass = {
  success: "bg-accent/15 text-accent",
  problem: "bg-danger/15 text-danger",
} as const;

/**
 * An account page that only tells one thing — a link sent, an address confirmed, a link that does not
 * work: the icon in its circle, the message, then what the visitor can do next (`children`).
 */
export function AuthNotice({
  eyebrow,
  title,
  testId,
  tone,
  icon: Icon,
  message,
  children,
}: {
  eyebrow: string;
  title: string;
  testId: string;
  tone: keyof typeof toneClass;
  icon: LucideIcon;
  message: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthShell eyebrow={eyebrow} title={title}>
      <div className="grid gap-6" data-testid={testId}>
        <div className={`flex size-14 items-center justify-center rounded-full ${toneClass[tone]}`}>
          <Icon aria-hidden="true" className="size-7" />
        </div>
        <p className="text-foreground/90 leading-relaxed">{message}</p>
        {children}
      </div>
    </AuthShell>
  );
}
