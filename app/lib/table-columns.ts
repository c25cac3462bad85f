import { getTableColumns, type Table } from "drizzle-orm";

/**
 * A few of a table's columns by name, for a `select` that wants only those:
 * `select(pickColumns(orders, "id", "status"))` instead of restating `id: orders.id, status: orders.status`.
 */
export function pickColumns<T extends Table, const K extends keyof T["_"]["columns"] & string>(
  table: T,
  ...names: K[]
): Pick<T["_"]["columns"], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T["_"]["columns"], K>;
}
