import { Column, Name, Param, Placeholder, SQL, StringChunk, Subquery, Table, View, type SQLWrapper } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { isDeepStrictEqual } from 'node:util';

/**
 * The text and parameters of a statement, as drizzle's own `dialect.sqlToQuery` writes them, in
 * a fraction of its time (decision 077). Drizzle walks a statement's pieces asking each, in turn,
 * whether it is a string, a name, a statement, a table, a column… (`is()`, which climbs the
 * class chain for every "no"), copies its settings for every nested statement and merges arrays
 * at every level: 58 µs for one of the directory's search statements, where drizzle as a whole
 * was a third of the server's busy time on a free-text search. Here the common pieces (text,
 * nested statements, tables, columns, names, lists, values, query builders) are written straight
 * into one string; anything else (aliased subqueries and fields, views, placeholders, inlined
 * values, another copy of drizzle's classes) is handed to drizzle for that piece, numbering its
 * parameters on from ours. Under the tests every statement is also written by drizzle and the two
 * must agree (`checked`), so the whole suite proves it the same.
 */
type BuildConfig = Parameters<SQL['toQuery']>[0];
type Built = ReturnType<SQL['toQuery']>;
type Typing = NonNullable<Built['typings']>[number];

interface Out {
  text: string;
  params: unknown[];
  typings: Typing[];
  index: { value: number };
}

const IsAlias = Symbol.for('drizzle:IsAlias');
const TableName = Symbol.for('drizzle:Name');
const TableSchema = Symbol.for('drizzle:Schema');

interface DrizzleSql {
  queryChunks: unknown[];
  shouldInlineParams: boolean;
  buildQueryFromSourceParams(chunks: unknown[], config: BuildConfig): Built;
}

/** The typing drizzle gives a parameter of this encoder (a column or no encoder), asked once per encoder. */
const typingsByEncoder = new WeakMap<object, Typing>();

function typingOf(config: BuildConfig, encoder: Param['encoder']): Typing {
  let typing = typingsByEncoder.get(encoder);
  if (typing === undefined) typingsByEncoder.set(encoder, (typing = config.prepareTyping?.(encoder) ?? 'none'));
  return typing;
}

function tableText(table: Table, config: BuildConfig): string {
  const symbols = table as unknown as Record<symbol, string | boolean | undefined>;
  const schema = symbols[TableSchema] as string | undefined;
  const name = config.escapeName(symbols[TableName] as string);
  return schema === undefined || symbols[IsAlias] ? name : `${config.escapeName(schema)}.${name}`;
}

function columnText(column: Column, config: BuildConfig): string {
  return `${tableText(column.table, config)}.${config.escapeName(config.casing.getColumnCasing(column))}`;
}

/**
 * A query builder inside a statement (a subselect): its statement, in brackets unless it says not
 * to. Not a parameter drizzle writes (inlined, or a placeholder): it too has a statement.
 */
function isQueryBuilder(chunk: object): chunk is SQLWrapper & { shouldOmitSQLParens?: () => boolean } {
  return (
    typeof (chunk as Partial<SQLWrapper>).getSQL === 'function' &&
    !(chunk instanceof Param || chunk instanceof View || chunk instanceof Subquery || chunk instanceof SQL.Aliased || chunk instanceof Placeholder)
  );
}

function addParam(out: Out, config: BuildConfig, value: unknown, typing: Typing): void {
  out.text += config.escapeParam(out.index.value++, value);
  out.params.push(value);
  out.typings.push(typing);
}

/** Drizzle's own writing of one piece, its parameters numbered on from ours. */
function byDrizzle(owner: DrizzleSql, chunk: unknown, inline: boolean, config: BuildConfig, out: Out): void {
  const built = owner.buildQueryFromSourceParams([chunk], { ...config, inlineParams: inline, paramStartIndex: out.index });
  out.text += built.sql;
  out.params.push(...built.params);
  if (built.typings) out.typings.push(...built.typings);
}

function write(owner: DrizzleSql, chunks: readonly unknown[], inline: boolean, config: BuildConfig, out: Out): void {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) out.text += (chunk.value as string[]).join('');
    else if (chunk instanceof SQL) {
      const nested = chunk as unknown as DrizzleSql;
      write(nested, nested.queryChunks, inline || nested.shouldInlineParams, config, out);
    } else if (chunk instanceof Column) out.text += columnText(chunk, config);
    else if (chunk instanceof Table) out.text += tableText(chunk, config);
    else if (chunk instanceof Param && !inline && !(chunk.value instanceof Placeholder)) {
      const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) write(owner, [value], inline, config, out);
      else addParam(out, config, value, typingOf(config, chunk.encoder));
    } else if (chunk instanceof Name) out.text += config.escapeName(chunk.value);
    else if (chunk === undefined) continue;
    else if (Array.isArray(chunk)) {
      out.text += '(';
      chunk.forEach((item, i) => {
        if (i > 0) out.text += ', ';
        write(owner, [item], inline, config, out);
      });
      out.text += ')';
    } else if (typeof chunk === 'object' && chunk !== null && isQueryBuilder(chunk)) {
      const statement = chunk.getSQL();
      // Another copy of drizzle's classes (its CommonJS build) is left to drizzle, which knows them by name.
      if (!(statement instanceof SQL)) byDrizzle(owner, chunk, inline, config, out);
      else if (chunk.shouldOmitSQLParens?.()) write(owner, [statement], inline, config, out);
      else {
        out.text += '(';
        write(owner, [statement], inline, config, out);
        out.text += ')';
      }
    } else if (!inline && (chunk === null || (typeof chunk !== 'object' && typeof chunk !== 'function'))) addParam(out, config, chunk, 'none');
    else byDrizzle(owner, chunk, inline, config, out);
  }
}

/** `dialect.sqlToQuery(statement)` as drizzle writes it (no `invokeSource`: that is for drizzle-kit's index builder). */
export function sqlText(dialect: PgDialect, statement: SQL): Built {
  const config: BuildConfig = {
    casing: (dialect as unknown as { casing: BuildConfig['casing'] }).casing,
    escapeName: dialect.escapeName,
    escapeParam: dialect.escapeParam,
    escapeString: dialect.escapeString,
    prepareTyping: dialect.prepareTyping,
  };
  const top = statement as unknown as DrizzleSql;
  const out: Out = { text: '', params: [], typings: [], index: { value: 0 } };
  write(top, top.queryChunks, top.shouldInlineParams, config, out);
  return out.typings.length > 0 ? { sql: out.text, params: out.params, typings: out.typings } : { sql: out.text, params: out.params };
}

/**
 * Makes a Db's dialect write its statements with `sqlText` (its transactions and query builders
 * share the dialect). `checked`: each statement is written by drizzle too, and a difference
 * throws (the tests run so).
 */
export function useSqlText(dialect: PgDialect, checked: boolean): void {
  const drizzleText = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (statement, invokeSource) => {
    if (invokeSource !== undefined) return drizzleText(statement, invokeSource);
    const built = sqlText(dialect, statement);
    if (checked) {
      const expected = drizzleText(statement);
      if (!isDeepStrictEqual(built, expected)) throw new Error(`sqlText differs from drizzle's:\n${built.sql}\n${expected.sql}`);
    }
    return built;
  };
}
