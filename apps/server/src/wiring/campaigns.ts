import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { campaignJobs } from '../modules/campaigns/campaign-jobs.ts';
import { campaignsRoutes, specialOffersUnsubscribeRoutes } from '../modules/campaigns/campaigns.routes.ts';
import { handOffToDispatcher, type CampaignsDeps } from '../modules/campaigns/campaigns.service.ts';
import type { JobQueue } from '../modules/jobs/job-queue.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { NotificationDispatcher } from '../modules/notifications/notification-dispatch.ts';

/**
 * "Ofertas especiales" (decision 041): the console's campaigns, sent by one job; WhatsApp waits
 * for the notification dispatcher. Returns what the campaigns run on (the tests drive it).
 */
export async function registerCampaigns(
  app: FastifyInstance,
  w: { db: Db; mailer: Mailer; appUrl: string; linkSecret: string; jobs: JobQueue; notifications: NotificationDispatcher },
): Promise<CampaignsDeps> {
  const { jobs, notifications } = w;
  const campaignDeps: CampaignsDeps = {
    db: w.db,
    mailer: w.mailer,
    appUrl: w.appUrl,
    linkSecret: w.linkSecret,
    log: app.log,
    sendJob: async (campaignId: string) => void (await jobs.send('campaign-send', { campaignId }, { key: campaignId })),
    queueSpecialOfferDeliveries: handOffToDispatcher(notifications),
    kickDeliveries: () => notifications.kick(),
  };
  await app.register(campaignsRoutes(campaignDeps));
  await app.register(specialOffersUnsubscribeRoutes(campaignDeps));
  jobs.define(...campaignJobs(campaignDeps));
  return campaignDeps;
}
