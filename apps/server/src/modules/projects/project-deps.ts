import type { OpenProject } from '@arreglaya/shared/schemas/projects';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PhotoStorage } from '../media/photo-storage.ts';
import { DEFAULT_PLATFORM_FEE_PERCENT, type AnnounceDeps } from '../payments/payments.service.ts';
import type { Actor } from './project-lifecycle.ts';

// What the projects' services share: their dependencies, the fee, a tile's dates and the log line.

export interface ProjectsDeps {
  db: Db;
  /** Seals and opens the job's address (decision 010's key; decision 049). */
  cipher: DataCipher;
  mailer: Mailer;
  appUrl: string;
  storage: PhotoStorage;
  log: { warn(obj: object, msg: string): void };
  /** Payment protection (decision 021): the platform fee, and a nudge to send decided refunds to the processor. */
  money?: MoneyHooks;
  /** After a project is published: sends its project-alerts job (decision 036); the request does not wait for the fan-out. */
  alertNewProject?(projectId: string): Promise<void>;
  /** The server's clock for the guarantee's windows (decision 054) and the show-up rules (decision 057); tests move it. */
  clock?: () => Date;
}

export interface MoneyHooks {
  feePercent: number;
  kickRefunds(): void;
  /** Delivers what a project's money move announced, by the ids it recorded, once it committed (decision 074); without it the money-events job does. */
  announce?: (events: readonly string[]) => Promise<unknown>;
  /** HIRE_PAYMENT_HOURS: how long a hire waits for its first funding before it lapses. */
  hireHours?: number;
}

export const feeOf = (money: MoneyHooks | undefined) => money?.feePercent ?? DEFAULT_PLATFORM_FEE_PERCENT;

/** What `announced` needs from the projects' deps: the delivery, the mailer to wake after it. */
export const announceDeps = (deps: { mailer: Mailer; money?: Pick<MoneyHooks, 'announce'> | undefined; log?: ProjectsDeps['log'] | undefined }): AnnounceDeps => ({
  ...(deps.money?.announce ? { announce: deps.money.announce } : {}),
  mail: { mailer: deps.mailer },
  ...(deps.log ? { log: deps.log } : {}),
});

export const iso = (d: Date) => d.toISOString();

export function tile(row: Omit<OpenProject, 'createdAt' | 'updatedAt' | 'clientFirstName'> & { createdAt: Date; updatedAt: Date }) {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

/** The log trail's line for a person's move on a project. */
export async function logProjectAction(db: DbOrTx, actor: Actor, action: string, projectId: string, details: Record<string, unknown> = {}) {
  await recordLogEntry(db, { userId: actor.id, sessionId: actor.sessionId ?? null, action, location: `/proyectos/${projectId}`, details: { projectId, ...details } });
}
