import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { sql } from 'drizzle-orm';
import { openProjectsChanged } from './open-projects-cache.ts';
import { notify, projectUrl } from './project-notify.ts';
import { findProject } from './projects.repository.ts';
import { spendQuoteLinks } from './quote-links.ts';
import { lockExpiredQuotes, markExpired } from './quotes.repository.ts';

import { logQuoteAction, pairOf, type QuotesDeps } from './quotes.service.ts';

/** Advisory-lock key of the expiry sweep ('quote-expiry' as a number), so one instance sweeps at a time. */
const EXPIRY_LOCK = 0x71756f74;

/**
 * Marks open quotes past their date as expired and tells their contractors. Each quote is taken
 * under a row lock (SKIP LOCKED) and only while still open, so a quote is expired and told once,
 * however many instances sweep. Returns how many expired.
 */
export async function expireQuotes(deps: QuotesDeps, now = new Date(), batch = 200): Promise<number> {
  const expired = await deps.db.transaction(async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${EXPIRY_LOCK}) AS ok`);
    if (!locked.rows[0]?.ok) return [];
    const due = await lockExpiredQuotes(tx, now, batch);
    await markExpired(
      tx,
      due.map((q) => q.id),
      now,
    );
    for (const q of due) {
      const project = (await findProject(tx, q.projectId))!;
      const m = tm.quoteExpired;
      await spendQuoteLinks(tx, q.id);
      await notify(tx, deps, {
        kind: 'quoteExpired',
        to: q.contractorId,
        pair: pairOf(project, q.contractorId),
        quoteId: q.id,
        subject: m.subject,
        title: m.title,
        paragraphs: [m.intro(project.title)],
        actions: [{ label: tm.open, url: projectUrl(deps.appUrl, project.id) }],
      });
      await logQuoteAction(tx, null, 'quote-expired', q, { by: 'system' });
    }
    return due.map((q) => q.projectId);
  });
  if (expired.length === 0) return 0;
  openProjectsChanged(deps.db, [...new Set(expired)]);
  deps.mailer.kick();
  return expired.length;
}
