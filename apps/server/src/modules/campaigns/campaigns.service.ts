import { adminCampaigns as t, campaignMail } from '@arreglaya/shared/i18n/campaigns';
import type { ChannelMessage } from '../notifications/channel-sender.ts';
import type { NotificationDispatcher } from '../notifications/notification-dispatch.ts';
import type { Campaign, CampaignAudience, CampaignInput, CampaignRole } from '@arreglaya/shared/schemas/campaigns';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { campaignRecipients, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderMail } from '../mail/layout.ts';
import { listUnsubscribeHeaders } from '../mail/list-unsubscribe.ts';
import { FAN_OUT_BATCH, fanOutMail, FIRST_NAME_TOKEN } from '../mail/mail-fan-out.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  audienceFrom,
  audienceWhere,
  countAudience,
  findCampaign,
  insertCampaign,
  listCampaigns,
  lockRecipientsForWhatsApp,
  markSending,
  markSent,
  markWhatsAppQueued,
  notToldYet,
  sendingCampaignIds,
  updateDraft,
  type CampaignRow,
} from './campaigns.repository.ts';
import { unsubscribeUrlSql } from './unsubscribe-link.ts';

// "Ofertas especiales" (decision 041): a sysadmin writes a campaign (subject, text, roles,
// countries), sees how many people it reaches, and sends it once: one job fans it out by e-mail,
// one mail per opted-in person through the outbox, and hands the same people to the notification
// dispatcher for WhatsApp.

/** One `specialOffer` delivery for the dispatcher to store and send on WhatsApp (its template, by type). */
export type SpecialOfferDelivery = Omit<ChannelMessage, 'deliveryId'> & { type: 'specialOffer' };

/**
 * The notification dispatcher's entry for a campaign's WhatsApp deliveries: it stores a
 * `specialOffer` delivery per person and channel they chose for it (decision 038; a verified
 * number for WhatsApp) and returns the ids handed over, which are then marked.
 */
export type QueueSpecialOfferDeliveries = (tx: DbOrTx, campaignId: string, deliveries: SpecialOfferDelivery[]) => Promise<string[]>;

/**
 * The hook on the dispatcher: one statement per batch (its queueMany), keyed by the campaign so a
 * re-run queues nothing twice. Everyone handed over is marked; whether a person gets it on a
 * channel is the dispatcher's rule (their choices for `specialOffer`, who can be reached). The
 * delivery job is woken by handOffWhatsApp after the batch's commit (`kickDeliveries`), never here:
 * woken inside the transaction it could find nothing yet and sleep until its next poll.
 */
export function handOffToDispatcher(dispatcher: Pick<NotificationDispatcher, 'queueMany'>): QueueSpecialOfferDeliveries {
  return async (tx, campaignId, deliveries) => {
    const first = deliveries[0];
    if (!first) return [];
    const userIds = deliveries.map((d) => d.userId);
    await dispatcher.queueMany(tx, { type: 'specialOffer', body: first.body, url: first.url, templateParams: first.templateParams, sourceKey: `campaign:${campaignId}`, userIds });
    return userIds;
  };
}

export interface CampaignsDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** The auth secret: it signs the unsubscribe links (unsubscribe-link.ts). */
  linkSecret: string;
  /** Sends the campaign-send job after the commit that confirmed the send. */
  sendJob: (campaignId: string) => Promise<void>;
  queueSpecialOfferDeliveries: QueueSpecialOfferDeliveries;
  /** Wakes the notification delivery job (the dispatcher's kick), after a batch handed over has committed. */
  kickDeliveries: () => void;
  log: { warn(obj: object, msg: string): void };
}

function toCampaign(r: CampaignRow): Campaign {
  return {
    id: r.id,
    subject: r.subject,
    text: r.body,
    // The schema lets only clients and contractors in.
    roles: r.roles as CampaignRole[],
    countries: r.countries,
    state: r.state,
    mailed: r.mailed,
    whatsappQueued: r.whatsappQueued,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

export async function listAll(deps: Pick<CampaignsDeps, 'db'>): Promise<{ items: Campaign[] }> {
  return { items: (await listCampaigns(deps.db)).map(toCampaign) };
}

/** How many people a campaign for these roles and countries reaches now. */
export async function previewAudience(deps: Pick<CampaignsDeps, 'db'>, audience: CampaignAudience): Promise<{ count: number }> {
  return { count: await countAudience(deps.db, audience) };
}

export async function createDraft(deps: Pick<CampaignsDeps, 'db'>, sysadminId: string, input: CampaignInput): Promise<Campaign> {
  return toCampaign(await insertCampaign(deps.db, input, sysadminId));
}

/** Only a draft changes: 404 for an unknown campaign, 409 for one already sending or sent. */
export async function editDraft(deps: Pick<CampaignsDeps, 'db'>, id: string, input: CampaignInput): Promise<Campaign> {
  const row = await updateDraft(deps.db, id, input);
  if (row) return toCampaign(row);
  if (!(await findCampaign(deps.db, id))) throw new AppError('NOT_FOUND');
  throw new AppError('CONFLICT', t.notDraft);
}

/**
 * "Enviar": the draft becomes `sending` (once: a second click is a 409 and sends nothing) and,
 * after that commit, one campaign-send job does the rest. A job that could not be sent is logged;
 * the job's schedule resumes every campaign left sending.
 */
export async function confirmSend(deps: CampaignsDeps, id: string): Promise<{ message: string }> {
  if (!(await markSending(deps.db, id))) {
    if (!(await findCampaign(deps.db, id))) throw new AppError('NOT_FOUND');
    throw new AppError('CONFLICT', t.alreadySent);
  }
  await deps.sendJob(id).catch((err: unknown) => deps.log.warn({ err, campaignId: id }, 'campaign-send job not sent (its schedule resumes the campaign)'));
  return { message: t.sending };
}

/** The campaign's mail, rendered once: the first name and the unsubscribe link are filled in per recipient by the fan-out. */
const LINK_TOKEN = 'ARREGLAYAUNSUBSCRIBEURL';
function campaignMailOf(c: CampaignRow) {
  const paragraphs = c.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    subject: c.subject,
    template: 'special-offer',
    ...renderMail({ title: c.subject, paragraphs: [campaignMail.greeting(FIRST_NAME_TOKEN), ...paragraphs], footer: campaignMail.footer(LINK_TOKEN) }),
  };
}

/** Mails everyone the campaign is for who has not had it (mail/mail-fan-out.ts); a campaign_recipients row per person goes with their mail. */
function mailCampaign(deps: CampaignsDeps, c: CampaignRow, batch: number): Promise<number> {
  return fanOutMail(
    deps,
    {
      from: audienceFrom,
      where: sql`${audienceWhere({ roles: c.roles as CampaignRole[], countries: c.countries })} AND ${notToldYet(c.id)}`,
      record: { into: sql`${campaignRecipients} (campaign_id, user_id)`, select: sql`${c.id}, id`, returning: sql`user_id` },
      mail: campaignMailOf(c),
      tokens: { [LINK_TOKEN]: unsubscribeUrlSql(deps.appUrl, deps.linkSecret, sql`${users.id}`) },
      // RFC 2369 and RFC 8058: the mail client's own "unsubscribe", one POST to the same link.
      headers: listUnsubscribeHeaders(LINK_TOKEN),
    },
    batch,
  );
}

/**
 * Hands the campaign's recipients to the notification dispatcher for a WhatsApp `specialOffer`
 * delivery each, in batches, marking those it took. Returns how many it took (0 until it lands).
 */
export async function handOffWhatsApp(deps: CampaignsDeps, c: CampaignRow, batch = FAN_OUT_BATCH): Promise<number> {
  let handed = 0;
  for (;;) {
    const [locked, taken] = await deps.db.transaction(async (tx) => {
      const userIds = await lockRecipientsForWhatsApp(tx, c.id, batch);
      if (userIds.length === 0) return [0, 0];
      const deliveries = userIds.map((userId): SpecialOfferDelivery => ({
        userId,
        type: 'specialOffer',
        title: c.subject,
        body: c.body,
        url: `${deps.appUrl}/perfil/notificaciones`,
        templateParams: [c.subject, c.body],
      }));
      const took = await deps.queueSpecialOfferDeliveries(tx, c.id, deliveries);
      await markWhatsAppQueued(tx, c.id, took);
      return [userIds.length, took.length];
    });
    handed += taken;
    // Committed: the delivery job finds the batch's deliveries.
    if (taken > 0) deps.kickDeliveries();
    // A batch the dispatcher took only part of (or none of): the rest wait for a later run.
    if (locked < batch || taken < locked) return handed;
  }
}

/**
 * The campaign-send job: a campaign confirmed for sending is mailed to everyone it is for who has
 * not had it, handed to the dispatcher for WhatsApp, then marked sent with its counts. Re-running
 * it (a retry, another instance, a second job) sends nobody a second mail.
 */
export async function sendCampaign(deps: CampaignsDeps, id: string, batch = FAN_OUT_BATCH): Promise<{ mailed: number; whatsapp: number }> {
  const c = await findCampaign(deps.db, id);
  if (!c || c.state !== 'sending') return { mailed: 0, whatsapp: 0 };
  const mailed = await mailCampaign(deps, c, batch);
  const whatsapp = await handOffWhatsApp(deps, c, batch);
  await markSent(deps.db, id);
  return { mailed, whatsapp };
}

/** The job's run: the campaign it names, or (the schedule) every campaign left sending. */
export async function runCampaignJob(deps: CampaignsDeps, campaignId: string | undefined): Promise<{ mailed: number; whatsapp: number }> {
  const ids = campaignId ? [campaignId] : await sendingCampaignIds(deps.db);
  const total = { mailed: 0, whatsapp: 0 };
  for (const id of ids) {
    const r = await sendCampaign(deps, id);
    total.mailed += r.mailed;
    total.whatsapp += r.whatsapp;
  }
  return total;
}
