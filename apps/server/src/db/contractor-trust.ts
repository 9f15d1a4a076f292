import { COUNTRIES, COUNTRY_CODES } from '@arreglaya/shared/countries';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { uuidArray } from './contractor-aggregates.ts';

// A contractor's trust data (docs/decisions/043-offers-and-trust.md), computed set-based from the
// data, never per request: the card reads the columns (contractor_profiles.median_response_minutes,
// hires_count, price_guide, portfolio_thumbs) like the rating. Written only where a value changed,
// so the directory's trigger announces a change (kind d) only for contractors whose card changed,
// and in statements of at most 50 rows, so it names them (more would make it say "everything").

/** Response times are sampled over this many days; below MIN_RESPONSE_SAMPLES the median is null. */
export const RESPONSE_WINDOW_DAYS = 90;
export const MIN_RESPONSE_SAMPLES = 3;
/** The price guide reads accepted offers of this many months, and shows a service only with this many. */
export const PRICE_GUIDE_MONTHS = 12;
export const PRICE_GUIDE_MIN_OFFERS = 5;
export const PORTFOLIO_THUMBS = 3;

/** The project's country's currency, from the one list of countries. */
const COUNTRY_CURRENCY = sql.raw(`(CASE p.country ${COUNTRY_CODES.map((c) => `WHEN '${c}' THEN '${COUNTRIES[c].currency}'`).join(' ')} END)`);

/**
 * Recomputes the trust data of these contractors (every contractor when `contractorIds` is
 * omitted), as of `now`:
 * - median_response_minutes: the median, rounded to whole minutes, of the samples whose stimulus
 *   fell in the last 90 days, null below 3 samples. A sample is (a) in each conversation with a
 *   client, the client's first message (a service request or a chat message) to the contractor's
 *   first message after it; (b) per project the contractor offered on, the project's publication
 *   (its creation) to their first offer on it; (c) per counter-offer, the client's counter to the
 *   contractor's answer. Unanswered stimuli give no sample.
 * - hires_count: projects with the contractor hired (assigned or any later state but cancelled).
 * - price_guide: per service, the lower quartile (percentile_disc 0.25: a price someone accepted)
 *   of the agreed prices of the contractor's accepted offers of the last 12 months on projects in
 *   the contractor's country and its currency, for services with at least 5 of them.
 * - portfolio_thumbs: the first photos of the newest portfolio entries, up to 3.
 * Returns how many profiles changed.
 */
export async function refreshContractorTrust(db: DbOrTx, contractorIds?: readonly string[], now: Date = new Date()): Promise<number> {
  if (contractorIds && contractorIds.length === 0) return 0;
  const ids = contractorIds ? uuidArray(contractorIds) : null;
  const targets = ids ? sql`SELECT user_id, country FROM contractor_profiles WHERE user_id = ANY(${ids})` : sql`SELECT user_id, country FROM contractor_profiles`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    WITH t AS (${targets}),
    samples AS (
      SELECT c.contractor_id AS cid, extract(epoch FROM a.created_at - f.created_at) / 60 AS m
        FROM conversations c
        JOIN LATERAL (SELECT created_at FROM messages WHERE conversation_id = c.id AND sender_id = c.client_id ORDER BY created_at LIMIT 1) f ON true
        JOIN LATERAL (SELECT created_at FROM messages WHERE conversation_id = c.id AND sender_id = c.contractor_id AND created_at >= f.created_at ORDER BY created_at LIMIT 1) a ON true
        WHERE c.contractor_id IN (SELECT user_id FROM t) AND f.created_at > ${at} - make_interval(days => ${RESPONSE_WINDOW_DAYS}) AND f.created_at <= ${at}
      UNION ALL
      SELECT q.contractor_id, extract(epoch FROM min(q.created_at) - p.created_at) / 60
        FROM quotes q JOIN projects p ON p.id = q.project_id
        WHERE q.contractor_id IN (SELECT user_id FROM t) AND p.created_at > ${at} - make_interval(days => ${RESPONSE_WINDOW_DAYS}) AND p.created_at <= ${at}
        GROUP BY q.contractor_id, p.id, p.created_at
      UNION ALL
      SELECT q.contractor_id, extract(epoch FROM q.counter_answered_at - q.countered_at) / 60
        FROM quotes q
        WHERE q.contractor_id IN (SELECT user_id FROM t) AND q.counter_answered_at IS NOT NULL
          AND q.countered_at > ${at} - make_interval(days => ${RESPONSE_WINDOW_DAYS}) AND q.countered_at <= ${at}
    ),
    response AS (
      SELECT cid, CASE WHEN count(*) >= ${MIN_RESPONSE_SAMPLES} THEN round(percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(m, 0)))::int END AS minutes
        FROM samples GROUP BY cid
    ),
    hires AS (
      SELECT contractor_id AS cid, count(*)::int AS n FROM projects
        WHERE contractor_id IN (SELECT user_id FROM t) AND status IN ('assigned', 'in_progress', 'delivered', 'completado', 'disputed')
        GROUP BY contractor_id
    ),
    accepted AS (
      SELECT q.contractor_id AS cid, s.service, q.currency,
             CASE WHEN q.agreed_price_minor > 0 THEN q.agreed_price_minor ELSE q.price_minor END AS price
        FROM quotes q
        JOIN projects p ON p.id = q.project_id
        JOIN t ON t.user_id = q.contractor_id AND t.country = p.country
        CROSS JOIN LATERAL unnest(p.service_types) AS s(service)
        WHERE q.status = 'accepted' AND q.confirmation_date > ${at} - make_interval(months => ${PRICE_GUIDE_MONTHS}) AND q.confirmation_date <= ${at}
          AND q.currency::text = ${COUNTRY_CURRENCY}
    ),
    guide AS (
      SELECT cid, jsonb_agg(jsonb_build_object('service', service, 'minor', minor, 'currency', currency) ORDER BY service) AS g
        FROM (SELECT cid, service, currency, percentile_disc(0.25) WITHIN GROUP (ORDER BY price) AS minor
                FROM accepted GROUP BY cid, service, currency HAVING count(*) >= ${PRICE_GUIDE_MIN_OFFERS}) x
        GROUP BY cid
    ),
    thumbs AS (
      SELECT cid, array_agg(photo_id ORDER BY rn) AS ids FROM (
        SELECT e.contractor_id AS cid, pp.photo_id, row_number() OVER (PARTITION BY e.contractor_id ORDER BY e.completed_on DESC, e.created_at DESC, pp.position, pp.photo_id) AS rn
          FROM portfolio_entries e JOIN portfolio_photos pp ON pp.entry_id = e.id
          WHERE e.contractor_id IN (SELECT user_id FROM t)) x
        WHERE rn <= ${PORTFOLIO_THUMBS} GROUP BY cid
    ),
    fresh AS (
      SELECT t.user_id, r.minutes, coalesce(h.n, 0) AS hires, coalesce(g.g, '[]'::jsonb) AS guide, coalesce(th.ids, '{}'::uuid[]) AS thumbs
        FROM t
        LEFT JOIN response r ON r.cid = t.user_id
        LEFT JOIN hires h ON h.cid = t.user_id
        LEFT JOIN guide g ON g.cid = t.user_id
        LEFT JOIN thumbs th ON th.cid = t.user_id
    )
    SELECT f.user_id, f.minutes, f.hires, f.guide, f.thumbs
      FROM fresh f JOIN contractor_profiles cp ON cp.user_id = f.user_id
      WHERE (cp.median_response_minutes, cp.hires_count, cp.price_guide, cp.portfolio_thumbs) IS DISTINCT FROM (f.minutes, f.hires, f.guide, f.thumbs)`);
  const changed = result.rows as unknown as TrustRow[];
  // Written a batch at a time: the directory's trigger announces up to 50 contractors by name
  // (their cards then leave the caches); a statement changing more says "everything", and every
  // instance would forget its whole directory cache each sweep.
  let written = 0;
  for (let k = 0; k < changed.length; k += TRUST_WRITE_BATCH) {
    const batch = JSON.stringify(changed.slice(k, k + TRUST_WRITE_BATCH));
    const update = await db.execute(sql`
      UPDATE contractor_profiles cp SET median_response_minutes = f.minutes, hires_count = f.hires, price_guide = f.guide, portfolio_thumbs = f.thumbs
        FROM jsonb_to_recordset(${batch}::jsonb) AS f(user_id uuid, minutes int, hires int, guide jsonb, thumbs uuid[])
        WHERE cp.user_id = f.user_id
          AND (cp.median_response_minutes, cp.hires_count, cp.price_guide, cp.portfolio_thumbs) IS DISTINCT FROM (f.minutes, f.hires, f.guide, f.thumbs)`);
    written += update.rowCount ?? 0;
  }
  return written;
}

/** One contractor's trust data as computed, before it is written. */
interface TrustRow {
  user_id: string;
  minutes: number | null;
  hires: number;
  guide: unknown;
  thumbs: string[];
}

/** Profiles written per statement: the directory's trigger names up to 50 (migration 0004). */
const TRUST_WRITE_BATCH = 50;
