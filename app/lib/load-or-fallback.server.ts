/**
 * A panel screen's loader that must still render when its read fails: the data, or the fallback
 * (an empty list) with the screen's Polish load error — the failure logged, never a 500 page.
 */
import { logger } from "./logger.server";

export async function loadOrFallback<T>(
  load: () => Promise<T>,
  fallback: T,
  { loadError, log }: { loadError: string; log: string },
): Promise<{ data: T; loadError: string | null }> {
  try {
    return { data: await load(), loadError: null };
  } catch (error) {
    logger.error({ err: error }, log);
    return { data: fallback, loadError };
  }
}
