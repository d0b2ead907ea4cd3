// What an export job reads (ADR 065): a table's rows a page at a time, each page starting after
// the sort key of the last row written — keyset pagination, so the 100th page costs what the first
// does, where OFFSET would read and throw away the 99 before it. The key is the table's own order
// (the console's sort) ending with a unique column, so no two rows share one and none is skipped.
import type { CsvCell } from '@kifu/domain';
import { and, or, sql, type SQL } from 'drizzle-orm';

/** One column of a sort key: its expression, its direction, and how a stored value is read back. */
export interface KeyColumn {
  expr: SQL;
  dir: 'asc' | 'desc';
  /** The SQL type a cursor value is cast to (timestamps travel as text, so no microsecond is lost). */
  type?: 'timestamptz' | 'int' | 'text';
}

/** `ORDER BY` of a key. */
export function orderOf(key: readonly KeyColumn[]): SQL {
  return sql.join(
    key.map((column) => sql`${column.expr} ${sql.raw(column.dir)}`),
    sql`, `,
  );
}

const valueOf = (column: KeyColumn, value: unknown): SQL => (column.type ? sql`${value}::${sql.raw(column.type)}` : sql`${value}`);

/**
 * The rows after `cursor` in the order of `key`: (k1 after v1) or (k1 = v1 and k2 after v2) or …,
 * with the first column's bound also on its own so an index on it can start there.
 */
export function after(key: readonly KeyColumn[], cursor: readonly unknown[] | null): SQL | undefined {
  if (!cursor) return undefined;
  const beyond = (column: KeyColumn, value: unknown, orEqual = false) =>
    sql`${column.expr} ${sql.raw(column.dir === 'asc' ? (orEqual ? '>=' : '>') : orEqual ? '<=' : '<')} ${valueOf(column, value)}`;
  const alternatives = key.map((column, index) =>
    and(...key.slice(0, index).map((earlier, at) => sql`${earlier.expr} = ${valueOf(earlier, cursor[at])}`), beyond(column, cursor[index])),
  );
  return and(beyond(key[0]!, cursor[0], true), or(...alternatives));
}

/** A table an export reads: how many rows it will have, and its pages. */
export interface ExportSource {
  header: readonly string[];
  count(): Promise<number>;
  /** Up to `limit` rows after `cursor` (null: from the start), and the cursor of the last one. */
  page(cursor: readonly unknown[] | null, limit: number): Promise<{ rows: CsvCell[][]; cursor: unknown[] | null }>;
}

/** An instant as the file shows it: Japan time, to the second (gifts are dated in Japan, ADR 061). */
export const japanDateTime = (at: Date | string | null): string | null =>
  at === null ? null : new Date(new Date(at).getTime() + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
