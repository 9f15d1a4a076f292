import { getTableColumns, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.ts';

// Raw SQL through the pg driver, for the hottest statements (decision 020, an offer in fewer
// statements): no query building per request. With parameters, a query runs as a named prepared
// statement of its connection (db/client.ts). Values arrive as drizzle's would (timestamps and
// dates as text), so `rowOf` maps them with the schema's own column mappers.

const { builtins } = pg.types;
const AS_TEXT = new Set<number>([builtins.TIMESTAMPTZ, builtins.TIMESTAMP, builtins.DATE, builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;
const TYPES = { getTypeParser: (id: number, format?: string) => (AS_TEXT.has(id) ? asText : pg.types.getTypeParser(id, format as 'text')) };

/** The rows of one statement, run on the transaction's connection (or the pool for the Db). */
export async function queryRows<T = Record<string, unknown>>(db: DbOrTx, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { session: { client: pg.ClientBase | pg.Pool } }).session.client;
  const result = await client.query({ text, values, types: TYPES } as pg.QueryConfig);
  return result.rows as T[];
}

/** A table's row from a raw one (snake_case column names), mapped as drizzle maps it. */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** A drizzle fragment without parameters as SQL text (built once, into a raw statement). */
export function sqlText(fragment: SQL): string {
  const { sql, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('sqlText: the fragment has parameters');
  return sql;
}
