/**
 * The real toaster (sonner), loaded by `~/components/ui/toaster` on the first toast instead of with
 * every page: sonner is ~10 KB of compressed JavaScript that most visits never use.
 */
import { type CSSProperties, useEffect } from "react";
import { Toaster as SonnerToaster, type ToasterProps, toast } from "sonner";

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

export default function ToasterImpl({
  onReady,
  style,
  toastOptions,
  ...props
}: ToasterProps & { onReady: (real: typeof toast) => void }) {
  // Runs after sonner's own effects, so it already listens when the queued toasts are replayed.
  useEffect(() => onReady(toast), [onReady]);
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
