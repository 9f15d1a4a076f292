// PostgreSQL errors as they reach us: pg's DatabaseError, often wrapped by Drizzle's
// DrizzleQueryError (whose message and `params` hold the query's values).

/** A PostgreSQL error (pg's DatabaseError): a five-character SQLSTATE and a severity. */
export interface DatabaseErrorLike {
  code: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

function isDatabaseError(e: unknown): e is DatabaseErrorLike {
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code) && 'severity' in e;
}

/** The PostgreSQL error behind `err`, wherever it sits (the error itself, or its cause chain: Drizzle wraps it). */
export function databaseErrorOf(err: unknown): DatabaseErrorLike | undefined {
  for (let e = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (isDatabaseError(e)) return e;
  }
  return undefined;
}

/** Which statement failed, without its values: `insert into "store_applications"`, `select from "users"`. */
export function statementName(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  const write = /^\s*(insert\s+into|update|delete\s+from)\s+("?[\w.]+"?)/i.exec(query);
  if (write) return `${write[1]!.toLowerCase().replace(/\s+/, ' ')} ${write[2]}`;
  const read = /^\s*(select|with)\b[\s\S]*?\bfrom\s+("?[\w.]+"?)/i.exec(query);
  if (read) return `select from ${read[2]}`;
  return /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase();
}
