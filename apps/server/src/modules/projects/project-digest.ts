import { findCity } from '@arreglaya/shared/countries';
import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import { and, count, desc, eq, gte, lt, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contractorProfiles, digestDeliveries, notificationPreferences, projectAlerts, projects, users } from '../../db/schema/index.ts';
import { projectFits } from './project-audience.ts';
import { formatStartDate } from '../contractor-contact/service-request-mail.ts';
import { LISTED } from '../../db/contractor-listing.ts';
import { renderMail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';

// The contractors' daily digest (spec §1: "they receive daily notifications of new projects"):
// at 7:00 in the Dominican Republic, each listed contractor with `matches` on gets the projects
// published in the 24 hours before that fit their services and city (project-audience.ts), less
// those they had an immediate alert of (decision 036). One row per contractor and
// day in digest_deliveries, written in the transaction that queues the mail, makes it once a day
// whatever restarts or how many instances run.

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

export const DIGEST_HOUR = 7;
/** The Dominican Republic keeps UTC−4 all year (no daylight saving time). */
const DR_UTC_OFFSET = '-04:00';
const DAY_MS = 86_400_000;
/** Projects named in one mail; the rest are counted. */
const LISTED_IN_MAIL = 10;

/** Today's digest window once 7:00 has passed in the Dominican Republic, else null. */
export function digestWindow(now: Date): { day: string; start: Date; end: Date } | null {
  const day = todayIn('DO', now);
  const end = new Date(`${day}T${String(DIGEST_HOUR).padStart(2, '0')}:00:00${DR_UTC_OFFSET}`);
  if (now < end) return null;
  return { day, start: new Date(end.getTime() - DAY_MS), end };
}

type Due = { id: string; email: string; firstName: string; services: string[]; city: string | null; country: 'DO' | 'CO' | 'MX' };

async function matchesFor(tx: Tx, c: Due, w: { start: Date; end: Date }) {
  if (c.services.length === 0) return { total: 0, items: [] };
  const where = and(
    projectFits({ country: c.country, city: c.city, services: sql`${sql.param(c.services)}::service_type[]` }),
    gte(projects.createdAt, w.start),
    lt(projects.createdAt, w.end),
    // A project the contractor was alerted of at once is not repeated (decision 036).
    notExists(
      tx
        .select({ one: sql`1` })
        .from(projectAlerts)
        .where(and(eq(projectAlerts.projectId, projects.id), eq(projectAlerts.recipientId, c.id), eq(projectAlerts.kind, 'immediate'))),
    ),
  );
  const [items, [total]] = await Promise.all([
    tx
      .select({ id: projects.id, title: projects.title, city: projects.city, startDate: projects.startDate })
      .from(projects)
      .where(where)
      .orderBy(desc(projects.createdAt))
      .limit(LISTED_IN_MAIL),
    tx.select({ n: count() }).from(projects).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

/**
 * Sends today's digest to every contractor who has not had it yet (batches of `batch`, each
 * contractor row locked FOR NO KEY UPDATE SKIP LOCKED so instances share the work). Returns the mails queued.
 */
export async function sendDailyDigest(deps: DigestDeps, now = new Date(), batch = 100): Promise<number> {
  const w = digestWindow(now);
  if (!w) return 0;
  let mailed = 0;
  for (;;) {
    const handled = await deps.db.transaction(async (tx) => {
      const due: Due[] = await tx
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          services: contractorProfiles.serviceTypes,
          city: contractorProfiles.city,
          country: contractorProfiles.country,
        })
        .from(users)
        .innerJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
        .innerJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
        .where(
          and(
            LISTED,
            eq(notificationPreferences.matches, true),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(digestDeliveries)
                .where(and(eq(digestDeliveries.day, w.day), eq(digestDeliveries.contractorId, users.id))),
            ),
          ),
        )
        .orderBy(users.id)
        .limit(batch)
        // NO KEY UPDATE, not UPDATE: a row another transaction holds with FOR KEY SHARE (any insert
        // referencing the contractor, such as an alert's delivery) is not skipped. A row skipped
        // for a real update is taken by the next run (every five minutes).
        .for('no key update', { of: users, skipLocked: true });
      for (const c of due) {
        const { total, items } = await matchesFor(tx, c, w);
        const [row] = await tx
          .insert(digestDeliveries)
          .values({ day: w.day, contractorId: c.id, projectCount: total })
          .onConflictDoNothing()
          .returning({ day: digestDeliveries.day });
        if (!row || total === 0) continue;
        const m = tm.digest;
        const lines = items.map((p) => tm.digest.item(p.title, (p.city && findCity(c.country, p.city)?.name) || '', formatStartDate(p.startDate)));
        if (total > items.length) lines.push(m.more(total - items.length));
        const mail = renderMail({
          title: m.title,
          paragraphs: [tm.greeting(c.firstName), m.intro(total), lines.join('\n')],
          actions: [{ label: m.seeAll, url: `${deps.appUrl}/projectlist` }],
          footer: m.footer,
        });
        await deps.mailer.queue(tx, { to: c.email, template: 'project-digest', subject: m.subject, ...mail });
        mailed++;
      }
      return due.length;
    });
    if (handled < batch) break;
  }
  if (mailed > 0) deps.mailer.kick();
  return mailed;
}
