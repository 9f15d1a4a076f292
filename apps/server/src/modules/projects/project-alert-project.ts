import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { FAN_OUT_BATCH } from '../mail/mail-fan-out.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NotificationDispatcher } from '../notifications/notification-dispatch.ts';

// What the project's alerts (project-alerts.ts) and their outside channels
// (project-alert-channels.ts) both use: apart, so that neither imports the other (decision 068).

export interface AlertDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** The outside channels (decision 038): the alert's push, WhatsApp and SMS. */
  notifications?: NotificationDispatcher;
}

/** Recipients per transaction of the fan-out. */
export const ALERT_BATCH = FAN_OUT_BATCH;
export async function loadAlertProject(db: Db, projectId: string) {
  const [p] = await db
    .select({
      id: projects.id,
      clientId: projects.clientId,
      title: projects.title,
      services: projects.serviceTypes,
      country: projects.country,
      city: projects.city,
      zone: projects.zone,
      startDate: projects.startDate,
      status: projects.status,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  return p;
}
export type AlertProject = NonNullable<Awaited<ReturnType<typeof loadAlertProject>>>;
