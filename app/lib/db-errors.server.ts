/** Reading PostgreSQL errors through drizzle's wrapper (node-postgres and PGlite alike). */

type PgLikeError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

function findPgError(error: unknown): PgLikeError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** True for a unique-constraint violation (optionally of the named constraint). */
export function isUniqueViolation(error: unknown, constraint?: string) {
  const pg = findPgError(error);
  if (pg?.code !== "23505") return false;
  if (!constraint) return true;
  // PGlite does not always fill `constraint`; its message names it.
  return `${String(pg.constraint ?? "")} ${String(pg.message ?? "")}`.includes(constraint);
}
