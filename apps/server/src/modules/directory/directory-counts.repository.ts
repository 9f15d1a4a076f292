import type { CountryCode } from '@arreglaya/shared/countries';
import type { ServiceType } from '@arreglaya/shared/domain';
import { DIRECTORY_COUNT_CAP } from '@arreglaya/shared/schemas/directory';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PLAN_EACH_TIME, type DbOrTx } from '../../db/client.ts';
import { contractorProfiles as cp, listedContractorCounts as counts } from '../../db/schema/index.ts';
import { LISTED_PROFILE } from '../../db/contractor-listing.ts';
import { matchingSql, oneWordOnly, plannedEachTime, rankedServices, type DirectoryFilters, type TradePart } from './directory-rule.ts';

// The directory's counts: counting the listed contractors that match (up to one past the cap),
// and the counts the triggers keep (listed_contractor_counts, listed_word_counts) that spare
// counting them (decision 076).

/**
 * How many listed contractors match the filters (or one part of them), counting at most
 * `atMost` (by default one past DIRECTORY_COUNT_CAP: "more than 1,000"), so a count reads about
 * that many rows however many match (decision 076). Counted in contractor_profiles alone
 * (LISTED_PROFILE: the account's part is on the profile), never joining users.
 */
export async function countContractors(db: DbOrTx, filters: DirectoryFilters, atMost = DIRECTORY_COUNT_CAP + 1, part?: TradePart): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`${sql.raw(plannedEachTime(filters) ? PLAN_EACH_TIME : '')}
    SELECT ${countSql(filters, atMost, part)} AS n`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * How many listed contractors match a search with trade words, up to one past DIRECTORY_COUNT_CAP:
 * those offering the trade, then the text-only ones only while the first are not past the cap
 * (countContractors' two parts), in one statement and one round trip (decision 076, "Amended
 * 2026-12-07 (round eight)"). Not at a place: there the text-only part is written from the first
 * part's count (countOffering, directory.service.ts).
 */
export async function countTradeParts(db: DbOrTx, filters: DirectoryFilters): Promise<number> {
  const atMost = DIRECTORY_COUNT_CAP + 1;
  const result = await db.execute<{ offering: number; text_only: number }>(sql`${sql.raw(plannedEachTime(filters) ? PLAN_EACH_TIME : '')}
    WITH offering AS MATERIALIZED (SELECT ${countSql(filters, atMost, 'offering')} AS n)
    SELECT offering.n AS offering, CASE WHEN offering.n >= ${atMost} THEN 0 ELSE ${countSql(filters, atMost, 'textOnly')} END AS text_only
    FROM offering`);
  const row = result.rows[0];
  return Math.min(atMost, Number(row?.offering ?? 0) + Number(row?.text_only ?? 0));
}

/** countContractors' count, as a scalar subquery. */
function countSql(filters: DirectoryFilters, atMost: number, part?: TradePart): SQL {
  return sql`(SELECT count(*)::int FROM (
      SELECT 1 FROM ${cp}
      WHERE ${LISTED_PROFILE} AND ${matchingSql(filters, part)}
      LIMIT ${atMost}
    ) AS matching)`;
}

/**
 * How many listed contractors offer the ranked services of a search with trade words
 * (countContractors' 'offering' part, counting at most `atMost`), and the listed counts'
 * summary of those services (offeringSummary), in one statement: a place's search needs both
 * before it writes its text-only part (countOffering, directory.service.ts), and each statement
 * is a round trip (decision 076, "Amended 2026-12-07 (round eight)").
 */
export async function countOfferingAndSummary(db: DbOrTx, filters: DirectoryFilters, atMost: number): Promise<{ counted: number; summed: { offering: number; listed: number } }> {
  const summary = offeringSummary(db, rankedServices(filters), filters.country).as('summary');
  const [row] = await db.select({ counted: sql<number>`${countSql(filters, atMost, 'offering')}`, offering: summary.offering, listed: summary.listed }).from(summary);
  return { counted: Number(row?.counted ?? 0), summed: { offering: Number(row?.offering ?? 0), listed: Number(row?.listed ?? 0) } };
}

/**
 * How many listed contractors match filters without words, a place or a rating, from the counts
 * the triggers keep per country, city, zone and service (listed_contractor_counts, migration
 * 0063: exact, in the same transaction as every change): a few rows instead of counting up to
 * 1,001 contractors, which was four fifths of PostgreSQL's work on such a search (decision 076,
 * "Counts from a summary"). Several services: a contractor may offer more than one, so only "more
 * than 1,000" can be told from the counts (one of them past it); otherwise, and for any other
 * filters, undefined: count the contractors (countContractors).
 */
export async function countFromSummary(db: DbOrTx, f: DirectoryFilters): Promise<number | undefined> {
  const services = summaryServices(f);
  if (!services) return undefined;
  const rows = await db
    .select({ n: sql<number>`coalesce(sum(${counts.listed}), 0)::int` })
    .from(counts)
    .where(summaryWhere(f, services))
    .groupBy(counts.service);
  const most = Math.max(0, ...rows.map((r) => r.n));
  if (services.length === 1) return most;
  return most > DIRECTORY_COUNT_CAP ? most : undefined;
}

/**
 * The same count as a scalar subquery, for the page's own statement to carry (a search with
 * one service or none: the exact count), so such a search is one statement and one round trip
 * (decision 076, "Amended 2026-12-07 (round five)"); undefined where countFromSummary cannot
 * give an exact count.
 */
export function summaryCountSql(f: DirectoryFilters): SQL<number> | undefined {
  const services = summaryServices(f);
  if (services?.length !== 1) return undefined;
  return sql<number>`(SELECT coalesce(sum(${counts.listed}), 0)::int FROM ${counts} WHERE ${summaryWhere(f, services)})`.mapWith(Number);
}

/** Whether the summary gives this search's exact count (no words, place or rating; one service or none). */
export function summaryCountsExactly(f: DirectoryFilters): boolean {
  return summaryServices(f)?.length === 1;
}

/** The services the summary is read for (`''`: every service), or undefined when the filters have words, a place or a rating. */
function summaryServices(f: DirectoryFilters): string[] | undefined {
  if (f.q !== undefined || f.near || f.rating.length > 0) return undefined;
  return f.service.length === 0 ? [''] : [...new Set(f.service)];
}

function summaryWhere(f: DirectoryFilters, services: readonly string[]): SQL | undefined {
  const where = [
    sql`${counts.service} IN (${sql.join(
      services.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  ];
  if (f.country) where.push(eq(counts.country, f.country));
  if (f.city) where.push(eq(counts.city, f.city));
  if (f.zone) where.push(eq(counts.zone, f.zone));
  return and(...where);
}

/**
 * How many listed contractors match a search of one word (oneWordOnly), from the stems it starts
 * and how many listed contractors have each (listedLexemes: the triggers' listed_word_counts,
 * migration 0065), when they can tell. More than DIRECTORY_COUNT_CAP when one stem is had by more:
 * everyone whose text has the word matches it, a trade word too (offering the trade only adds
 * more); this spares the GIN bitmap of every match and a heap page per counted row (3–7 ms for a
 * common word at 100,000 contractors). Exactly, for a word other than a trade word that starts one
 * stem or none. Undefined otherwise (several stems under the cap may share contractors or add up
 * past it; a trade's offering part): count the contractors (decision 076, "Amended 2026-12-07
 * (later still)" and "Amended 2026-12-07 (round six)").
 */
export function countFromWords(f: DirectoryFilters): number | undefined {
  const one = oneWordOnly(f);
  const lexemes = one && f.lexemes?.get(one.word);
  if (!one || !lexemes) return undefined;
  if (lexemes.some((l) => l.listed > DIRECTORY_COUNT_CAP)) return DIRECTORY_COUNT_CAP + 1;
  return !one.trade && lexemes.length <= 1 ? (lexemes[0]?.listed ?? 0) : undefined;
}

/**
 * How many listed contractors offer the services (one offering two counted twice) and how many
 * are listed, in the country when given: from the listed counts' summary.
 */
function offeringSummary(db: DbOrTx, services: readonly ServiceType[], country: CountryCode | undefined) {
  return db
    .select({
      offering: sql<number>`coalesce(sum(${counts.listed}) FILTER (WHERE ${counts.service} <> ''), 0)::int`.as('offering'),
      listed: sql<number>`coalesce(sum(${counts.listed}) FILTER (WHERE ${counts.service} = ''), 0)::int`.as('listed'),
    })
    .from(counts)
    .where(summaryWhere({ service: services, rating: [], country }, ['', ...services]));
}

/** How long estimateContractors gives the estimate it read last, in ms. */
const ESTIMATE_KEPT_MS = 60_000;
const estimates = new WeakMap<DbOrTx, { n: number; readAt: number }>();

/**
 * About how many contractors there are: the planner's estimate (pg_class.reltuples, kept by
 * ANALYZE and autovacuum), for weighing one way of reading a page against another without
 * counting them; undefined before the table was ever analysed. Read at most once a minute per
 * Db once known: it only chooses how a page is read, never what it holds, and reading it was a
 * round trip of every place's search in a column's order (decision 076, "Amended 2026-12-07
 * (round eight)").
 */
export async function estimateContractors(db: DbOrTx): Promise<number | undefined> {
  const kept = estimates.get(db);
  if (kept && Date.now() - kept.readAt < ESTIMATE_KEPT_MS) return kept.n;
  const result = await db.execute<{ n: number }>(sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'contractor_profiles'::regclass`);
  const n = Number(result.rows[0]?.n ?? -1);
  if (n < 0) return undefined;
  estimates.set(db, { n, readAt: Date.now() });
  return n;
}
