import { ZONE_LABELS } from '@arreglaya/shared/countries';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { LISTED } from '../../db/contractor-listing.ts';
import { contractorProfiles, notificationPreferences, projectAlerts, users } from '../../db/schema/index.ts';
import { formatStartDate } from '../contractor-contact/service-request-mail.ts';
import { renderMail } from '../mail/layout.ts';
import { fanOutMail, FIRST_NAME_TOKEN } from '../mail/mail-fan-out.ts';
import { wantsMailWhere } from '../notifications/notifications.service.ts';
import { alertContractorChannels } from './project-alert-channels.ts';
import { ALERT_BATCH, loadAlertProject, type AlertDeps, type AlertProject } from './project-alert-project.ts';
import { alertAudienceFrom, alertAudienceWhere } from './project-audience.ts';
import { cityName, projectUrl } from './project-notify.ts';

// A new project's alerts (decision 036), run by the `project-alerts` job the publishing request
// sends after its commit: the fitting contractors' immediate alert, fanned out in batches of
// set-based INSERT … SELECT into the outbox, and the client's "Coincidencias". Each recipient and
// kind has a row in project_alerts written with its mail, so a retried or re-run job sends nothing
// twice.

/** Contractors named in the client's "Coincidencias". */
const MATCHES_LISTED = 3;

type Project = AlertProject;

/** The contractor's alert, rendered once for the project with the name left as a token. */
function alertMail(deps: AlertDeps, p: Project) {
  const m = tm.newProjectAlert;
  const place = [p.zone ? ZONE_LABELS[p.zone] : '', cityName(p)].filter(Boolean).join(', ');
  const services = p.services.map((s) => SERVICE_LABELS[s]).join(', ');
  const mail = renderMail({
    title: m.title,
    paragraphs: [tm.greeting(FIRST_NAME_TOKEN), m.intro, m.details(p.title, services, place, formatStartDate(p.startDate))],
    actions: [{ label: m.see, url: projectUrl(deps.appUrl, p.id) }],
    footer: m.footer,
  });
  return { subject: m.subject(p.title), ...mail };
}

/**
 * Alerts every contractor the project is for (project-audience.ts) who has not had it, in batches
 * (mail/mail-fan-out.ts): each batch one statement that writes the project_alerts rows and, for the
 * rows written, the outbox's mails, and commits. Returns the mails queued.
 */
export function alertContractors(deps: AlertDeps, p: Project, batch = ALERT_BATCH): Promise<number> {
  return fanOutMail(
    deps,
    {
      from: alertAudienceFrom,
      where: alertAudienceWhere(p.id, 'immediate'),
      record: { into: sql`${projectAlerts} (project_id, recipient_id, kind)`, select: sql`${p.id}, id, 'immediate'`, returning: sql`recipient_id` },
      mail: { ...alertMail(deps, p), template: 'project-alert' },
    },
    batch,
  );
}

/**
 * The client's "Coincidencias": with matches on, one mail naming up to three listed contractors
 * who offer the project's service, in its city first, then its country, best rated and most
 * completed first. Once per project (its project_alerts row). Returns the mails queued (0 or 1).
 */
export async function tellClientMatches(deps: AlertDeps, p: Project): Promise<number> {
  const [client] = await deps.db
    .select({ email: users.email, firstName: users.firstName, wants: wantsMailWhere('matches') })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, p.clientId));
  if (!client?.wants) return 0;
  const found = await deps.db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${contractorProfiles.displayName}, ''), ${users.name})`,
      country: contractorProfiles.country,
      city: contractorProfiles.city,
      ratingAvg: contractorProfiles.ratingAvg,
      ratingCount: contractorProfiles.ratingCount,
      completed: contractorProfiles.completedProjects,
    })
    .from(users)
    .innerJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
    .where(and(LISTED, ne(users.id, p.clientId), eq(contractorProfiles.country, p.country), sql`${contractorProfiles.serviceTypes} && ${sql.param(p.services)}::service_type[]`))
    .orderBy(desc(sql`${contractorProfiles.city} IS NOT DISTINCT FROM ${p.city}`), desc(contractorProfiles.ratingAvg), desc(contractorProfiles.completedProjects), users.id)
    .limit(MATCHES_LISTED);
  const m = tm.projectMatches;
  const ratingFormat = new Intl.NumberFormat('es-DO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const queued = await deps.db.transaction(async (tx) => {
    const [first] = await tx
      .insert(projectAlerts)
      .values({ projectId: p.id, recipientId: p.clientId, kind: 'matches' })
      .onConflictDoNothing()
      .returning({ id: projectAlerts.recipientId });
    if (!first || found.length === 0) return 0;
    const lines = found.map((c) => m.item(c.name, cityName(c), c.ratingCount > 0 ? m.rating(ratingFormat.format(c.ratingAvg), c.ratingCount) : m.noRating, c.completed));
    const mail = renderMail({
      title: m.title,
      paragraphs: [tm.greeting(client.firstName), m.intro(p.title), lines.join('\n')],
      actions: found.map((c) => ({ label: m.profile(c.name), url: `${deps.appUrl}/contractors/${c.id}` })),
      footer: m.footer,
    });
    await deps.mailer.queue(tx, { to: client.email, template: 'project-matches', subject: m.subject, ...mail });
    return 1;
  });
  if (queued > 0) deps.mailer.kick();
  return queued;
}

/** The job's run: the alerts of a project (mail, the outside channels, the client's) still open (a project cancelled or taken meanwhile is told to nobody). */
export async function sendProjectAlerts(deps: AlertDeps, projectId: string | undefined): Promise<{ contractors: number; channels: number; client: number }> {
  const p = projectId ? await loadAlertProject(deps.db, projectId) : undefined;
  if (!p || p.status !== 'created') return { contractors: 0, channels: 0, client: 0 };
  return { contractors: await alertContractors(deps, p), channels: await alertContractorChannels(deps, p), client: await tellClientMatches(deps, p) };
}
