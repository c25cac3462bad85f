import type { CSSProperties } from "react";
import { Toaster as SonnerToaster, type ToasterProps } from "sonner";

export { toast } from "sonner";
export type { ToasterProps };

// Sonner's CSS is unlayered and beats Tailwind classes, so brand it through its own variables.
const brandStyle = {
  "--normal-bg": "var(--color-surface-2)",
  "--normal-bg-hover": "var(--color-surface)",
  "--normal-border": "var(--color-border)",
  "--normal-border-hover": "var(--color-muted)",
  "--normal-text": "var(--color-foreground)",
  "--border-radius": "var(--radius-md)",
  fontFamily: "var(--font-sans)",
} as CSSProperties;

/** Mount once in the root layout. */
export function Toaster({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <SonnerToaster
      theme="dark"
      position="bottom-right"
      richColors
      closeButton
      containerAriaLabel="Powiadomienia"
      style={{ ...brandStyle, ...style }}
      toastOptions={{ closeButtonAriaLabel: "Zamknij powiadomienie", ...toastOptions }}
      {...props}
    />
  );
}
