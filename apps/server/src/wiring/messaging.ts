import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { ChatDeps } from '../modules/chat/chat.service.ts';
import type { JobQueue } from '../modules/jobs/job-queue.ts';
import type { Messaging } from '../modules/messaging/messaging.ts';
import { messagingRoutes } from '../modules/messaging/messaging.routes.ts';
import type { PhoneCodeLimits } from '../modules/messaging/phone.service.ts';
import { mediaRetries, whatsappMediaJobs } from '../modules/messaging/whatsapp-media-retries.ts';
import type { QuotesDeps } from '../modules/projects/quotes.service.ts';
import type { ShowUpDeps } from '../modules/projects/show-up.service.ts';

/**
 * WhatsApp and SMS routes (decision 040): verified numbers, the providers' webhooks, the stand-ins,
 * and the job that tries again the photos and voice notes whose download from Meta may pass
 * (decision 063). Returns the phone-code limits (signing in with a code uses them too).
 */
export async function registerMessagingRoutes(
  app: FastifyInstance,
  w: { config: Config; db: Db; jobs: JobQueue; messaging: Messaging; chat: ChatDeps; projects: QuotesDeps & ShowUpDeps },
): Promise<Partial<PhoneCodeLimits>> {
  const { config, db, jobs, messaging } = w;
  const phoneCodeLimits = {
    ...(config.PHONE_CODES_PER_ADDRESS === undefined ? {} : { perAddress: config.PHONE_CODES_PER_ADDRESS }),
    ...(config.PHONE_CODES_PER_HOUR === undefined ? {} : { perHour: config.PHONE_CODES_PER_HOUR }),
  };
  const retryDeps = messaging.whatsappMedia && {
    db,
    chat: w.chat,
    media: messaging.whatsappMedia,
    whatsapp: messaging.messengers.whatsapp,
    log: app.log,
    wake: (at: Date) => void jobs.send('whatsapp-media', {}, { startAfter: at, key: 'retry' }).catch((err: unknown) => app.log.warn({ err }, 'WhatsApp media job not sent')),
  };
  if (retryDeps) jobs.define(...whatsappMediaJobs(retryDeps));
  await app.register(
    messagingRoutes({
      db,
      log: app.log,
      appUrl: config.appUrl,
      isProduction: config.isProduction,
      messaging,
      phoneCodeLimits,
      chat: w.chat,
      projects: w.projects,
      ...(retryDeps ? { mediaRetries: mediaRetries(retryDeps) } : {}),
    }),
  );
  return phoneCodeLimits;
}
