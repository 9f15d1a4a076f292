import { ZONE_LABELS } from '@arreglaya/shared/countries';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import { sql } from 'drizzle-orm';
import { projectAlerts, users } from '../../db/schema/index.ts';
import { ALERT_BATCH, type AlertDeps, type AlertProject } from './project-alert-project.ts';
import { cityName } from './project-notify.ts';
import { alertAudienceFrom, alertAudienceWhere } from './project-audience.ts';
import { projectUrl } from './project-notify.ts';

// A new project's alert on the outside channels (issue 32, decision 038): the same audience as the
// mail (project-audience.ts) under its own project_alerts kind, `channels`, fanned out in batches of
// ALERT_BATCH, each batch one transaction: the batch's project_alerts rows and, set-based, its
// deliveries on the channels each contractor wants and can be reached on. The mail's `immediate`
// flag does not gate it (that flag is the e-mail column); the channel choices do, in the insert.

/** The project_alerts kind of the outside channels. */
export const CHANNELS_KIND = 'channels';

/**
 * One batch: the next `batch` contractors of the audience not yet considered get their `channels`
 * row and their deliveries, in one transaction. A run killed mid-batch leaves nothing of it; a
 * committed batch is skipped by the next run (its rows), and a delivery is never inserted twice
 * (its key: the project, the person, the channel). Returns how many the batch saw and took.
 */
export async function alertChannelsBatch(deps: AlertDeps, p: AlertProject, batch = ALERT_BATCH): Promise<{ seen: number; taken: number }> {
  const n = deps.notifications!;
  const place = [p.zone ? ZONE_LABELS[p.zone] : '', cityName(p)].filter(Boolean).join(', ');
  return deps.db.transaction(async (tx) => {
    const result = await tx.execute<{ id: string | null; seen: number }>(sql`
      WITH recipients AS (
        SELECT ${users.id} AS id FROM ${alertAudienceFrom}
        WHERE ${alertAudienceWhere(p.id, CHANNELS_KIND, sql`true`)}
        ORDER BY ${users.id} LIMIT ${batch}
      ), taken AS (
        INSERT INTO ${projectAlerts} (project_id, recipient_id, kind)
        SELECT ${p.id}, id, ${CHANNELS_KIND} FROM recipients
        ON CONFLICT DO NOTHING
        RETURNING recipient_id
      )
      SELECT taken.recipient_id AS id, (SELECT count(*) FROM recipients)::int AS seen FROM (SELECT 1) one LEFT JOIN taken ON true`);
    const ids = result.rows.flatMap((r) => (r.id ? [r.id] : []));
    await n.queueMany(tx, {
      userIds: ids,
      type: 'newMatchingProject',
      body: tn.newProjectBody(p.title, place),
      about: p.title,
      url: projectUrl(deps.appUrl, p.id),
      // WhatsApp's newMatchingProject template: service, city, project, link.
      templateParams: [p.services.map((s) => SERVICE_LABELS[s]).join(', '), place, p.title, projectUrl(deps.appUrl, p.id)],
      sourceKey: `project:${p.id}`,
    });
    return { seen: result.rows[0]?.seen ?? 0, taken: ids.length };
  });
}

/** Every batch of the project's outside-channel alerts; nothing without a registered sender. Returns the contractors taken. */
export async function alertContractorChannels(deps: AlertDeps, p: AlertProject, batch = ALERT_BATCH): Promise<number> {
  if (!deps.notifications || deps.notifications.senders.length === 0) return 0;
  let taken = 0;
  for (;;) {
    const b = await alertChannelsBatch(deps, p, batch);
    taken += b.taken;
    if (b.taken > 0) deps.notifications.kick();
    if (b.seen < batch || b.taken === 0) break;
  }
  return taken;
}
