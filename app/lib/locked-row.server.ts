import { DomainError } from "./domain-error";

/**
 * The one row a select finds, locked for the transaction's change (`for update`), or a 404 with the
 * caller's Polish message when there is none.
 */
export async function lockedRowOr404<Row>(
  query: { for(strength: "update"): PromiseLike<Row[]> },
  notFound: string,
): Promise<Row> {
  const [row] = await query.for("update");
  if (!row) throw new DomainError(notFound, 404);
  return row;
}
