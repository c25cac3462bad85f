import { useEffect } from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/toaster";
import { FLASH_COOKIE, flashToasts, readFlash } from "../flash";

/** Shows the flash message left by the last action (login, logout, new password) once, then forgets it. */
export function useFlashToast() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation may bring a new flash cookie
  useEffect(() => {
    const kind = readFlash(document.cookie);
    if (!kind) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the flash cookie is ours and deleted right after use
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    const message: { title: string; description?: string } = flashToasts[kind];
    toast.success(message.title, message.description ? { description: message.description } : undefined);
  }, [location.key]);
}
