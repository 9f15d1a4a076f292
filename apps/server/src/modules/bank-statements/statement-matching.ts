import type { Currency } from '@arreglaya/shared/domain';
import type { CsvMapping, StatementLine } from '@arreglaya/shared/schemas/bank-statements';
import { findReferencesIn, normalizeReference } from '@arreglaya/shared/transfer-reference';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankCsvMappings, statementImports, statementLines } from '../../db/schema/index.ts';
import { creditTransfer, findTransferByReference, findTransfersByReferences, lockTransfer } from '../payments/transfer-credits.ts';
import { announced, withAnnouncements, type PaymentsDeps } from '../payments/payments.service.ts';

// The bank's statement matched to transfers (issue 47, decision 051). Every line is stored once by
// the bank's transaction id (a file imported twice, or the feed sending a line again, counts it
// once). A credit whose reference names a transfer waiting for its money goes towards it: a short
// payment holds nothing and the client is told what is missing; the line that completes it holds
// the agreed amount (the funding, as a card's) and what it brought beyond is to be returned. A
// credit naming nothing known, or a payment no longer waiting, waits in the console's queue.

/** A statement line as the parsers (camt053.ts, csv-statement.ts) and the feed (feed.ts) give it. */
export type IncomingLine = Pick<StatementLine, 'bankTxId' | 'bookedOn' | 'amountMinor' | 'currency' | 'direction' | 'reversal' | 'reference' | 'description' | 'payerName'>;

export interface ImportReport {
  importId: string;
  lines: number;
  matched: number;
  unmatched: number;
  duplicates: number;
}

const CURRENCIES_TAKEN = new Set<string>(['DOP', 'USD', 'COP', 'MXN']);
/** Lines written per statement (a 10,000-line file in a few round trips). */
const INSERT_BATCH = 1000;
/**
 * Lines matched at once (each its own transaction and connection): a line's match is a dozen
 * round trips, so one at a time a 10,000-line statement mostly waited on them (issue 47: imported
 * and matched in under 60 s). Four leave most of the pool to the other requests.
 */
const MATCH_CONCURRENCY = 4;

/**
 * Stores a statement's lines (new ones only) and matches its credits. `meta`: the file's format
 * and name, who imported it, the lines that could not be read.
 */
export async function importStatement(
  deps: PaymentsDeps,
  lines: IncomingLine[],
  meta: { format: 'camt053' | 'csv' | 'feed'; fileName?: string | null; importedBy?: string | null; errors?: string[] },
): Promise<ImportReport> {
  const db = deps.db;
  const [imp] = await db
    .insert(statementImports)
    .values({ format: meta.format, fileName: meta.fileName ?? null, importedBy: meta.importedBy ?? null, errors: meta.errors ?? [] })
    .returning({ id: statementImports.id });
  const importId = imp!.id;
  const fresh: { id: string; candidates: string[] }[] = [];
  for (let i = 0; i < lines.length; i += INSERT_BATCH) {
    const rows = lines.slice(i, i + INSERT_BATCH).map((l) => {
      const reference = l.reference ? normalizeReference(l.reference) : null;
      const credit = l.direction === 'credit' && !l.reversal && CURRENCIES_TAKEN.has(l.currency);
      return {
        bankTxId: l.bankTxId,
        importId,
        bookedOn: l.bookedOn,
        amountMinor: l.amountMinor,
        currency: (CURRENCIES_TAKEN.has(l.currency) ? l.currency : 'DOP') as Currency,
        reference,
        description: l.description.slice(0, 2000),
        payerName: l.payerName?.slice(0, 200) ?? null,
        status: credit ? 'unmatched' : 'debit',
      };
    });
    const written = await db
      .insert(statementLines)
      .values(rows)
      .onConflictDoNothing({ target: statementLines.bankTxId })
      .returning({ id: statementLines.id, bankTxId: statementLines.bankTxId, reference: statementLines.reference, status: statementLines.status });
    const byId = new Map(lines.slice(i, i + INSERT_BATCH).map((l) => [l.bankTxId, l]));
    for (const w of written) {
      if (w.status !== 'unmatched') continue;
      // Every reference-like code of the line, the parser's first: "ArreglaYa" glued to a code can pass for one.
      const l = byId.get(w.bankTxId);
      const candidates = [...new Set([w.reference, ...findReferencesIn(`${l?.reference ?? ''} ${l?.description ?? ''}`)].filter((x): x is string => !!x))];
      if (candidates.length > 0) fresh.push({ id: w.id, candidates });
    }
  }
  const duplicates = lines.length - (await db.$count(statementLines, eq(statementLines.importId, importId)));
  // Every transfer the lines name, in one read; then the lines matched MATCH_CONCURRENCY at once,
  // those naming the same transfer one after another in the file's order (which line completes it,
  // and which brings the excess, is the file's), each in its own transaction as before.
  const targets = await findTransfersByReferences(db, [...new Set(fresh.flatMap((l) => l.candidates))]);
  const groups = new Map<string, typeof fresh>();
  for (const line of fresh) {
    const key = targets.get(line.candidates.find((c) => targets.has(c)) ?? '')?.id;
    if (!key) continue;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const queue = [...groups.values()];
  let matched = 0;
  const events: string[] = [];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const line of group) {
        for (const ref of line.candidates) {
          const target = targets.get(ref);
          if (target && (await matchLineTo(deps, line.id, target, null, events))) {
            matched++;
            break;
          }
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(MATCH_CONCURRENCY, queue.length) }, worker));
  const unmatched = await db.$count(statementLines, and(eq(statementLines.importId, importId), eq(statementLines.status, 'unmatched')));
  const report = { importId, lines: lines.length, matched, unmatched, duplicates };
  await db.update(statementImports).set({ lines: report.lines, matched, unmatched, duplicates }).where(eq(statementImports.id, importId));
  // What the matched transfers announced (the money held, what is missing: decision 074), told now; then the mail.
  await announced(deps, events);
  return report;
}

/**
 * Matches one unmatched credit to the transfer its reference names (the console's "assign" too).
 * Under the project's lock, then the payment's: the same line is applied once whatever runs at once.
 * False when nothing waits for that reference in that currency (the line stays in the queue).
 */
export async function matchLine(deps: PaymentsDeps, lineId: string, reference: string, by: string | null = null): Promise<boolean> {
  const ref = normalizeReference(reference);
  const target = ref ? await findTransferByReference(deps.db, ref) : undefined;
  if (!target) return false;
  const events: string[] = [];
  const matched = await matchLineTo(deps, lineId, target, by, events);
  await announced(deps, events);
  return matched;
}

/** matchLine once the transfer the reference names is known; what its transaction announced is added to `events`, to deliver after. */
async function matchLineTo(deps: PaymentsDeps, lineId: string, target: { id: string; projectId: string }, by: string | null, events: string[]): Promise<boolean> {
  const step = await withAnnouncements(deps.db, async (tx) => {
    const p = await lockTransfer(tx, target);
    const [line] = await tx.select().from(statementLines).where(eq(statementLines.id, lineId)).for('update');
    if (!p || !line || line.status !== 'unmatched' || line.currency !== p.currency) return false;
    // A reference no longer waiting (expired, cancelled or already paid) takes nothing: all of it goes back.
    const applied = await creditTransfer(tx, deps, p, line.amountMinor, line.bankTxId);
    await tx
      .update(statementLines)
      .set({ status: 'matched', paymentId: p.id, appliedMinor: applied, returnMinor: line.amountMinor - applied, resolvedBy: by })
      .where(eq(statementLines.id, line.id));
    return true;
  });
  events.push(...step.events);
  return step.value;
}

/** The console's queue: credits that found no transfer, to assign or give back (money owed back is money-queues.ts's list). */
export function listOpenLines(db: Db, limit = 100) {
  return db.select().from(statementLines).where(eq(statementLines.status, 'unmatched')).orderBy(statementLines.createdAt).limit(limit);
}

/** A transfer that expired with part of it received: what arrived is to be given back (the console's return queue). */
export async function returnPartialTransfer(tx: Tx, paymentId: string): Promise<void> {
  await tx
    .update(statementLines)
    .set({ returnMinor: sql`${statementLines.returnMinor} + ${statementLines.appliedMinor}`, appliedMinor: 0 })
    .where(and(eq(statementLines.paymentId, paymentId), inArray(statementLines.status, ['matched'])));
}

/** A bank's saved CSV layout (the console's import reads that bank's CSV with it). */
export async function findBankMapping(db: Db, bank: string): Promise<CsvMapping | undefined> {
  const [row] = await db.select({ mapping: bankCsvMappings.mapping }).from(bankCsvMappings).where(eq(bankCsvMappings.bank, bank.toLowerCase()));
  return row?.mapping as CsvMapping | undefined;
}

export async function saveBankMapping(db: Db, bank: string, mapping: CsvMapping, by: string): Promise<void> {
  const key = bank.toLowerCase();
  await db
    .insert(bankCsvMappings)
    .values({ bank: key, mapping, updatedBy: by })
    .onConflictDoUpdate({ target: bankCsvMappings.bank, set: { mapping, updatedBy: by, updatedAt: new Date() } });
}
