import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { ChatDeps } from '../chat/chat.service.ts';
import { devMessagesMediaRoutes } from './dev-messages-media.routes.ts';
import { devMessagesRoutes } from './dev-messages.routes.ts';
import type { Messaging } from './messaging.ts';
import { phoneRoutes } from './phone.routes.ts';
import type { PhoneCodeLimits } from './phone.service.ts';
import { sandboxSmsRoutes, sandboxWhatsAppMediaRoutes, sandboxWhatsAppRoutes } from './sandbox-messaging.routes.ts';
import { messagingWebhookRoutes } from './webhooks.routes.ts';
import { oneTimeLinkRoutes } from './one-time-links.routes.ts';
import type { MediaRetries } from './whatsapp-media.ts';
import type { QuotesDeps } from '../projects/quotes.service.ts';
import type { ShowUpDeps } from '../projects/show-up.service.ts';

/** Everything WhatsApp and SMS mount, in one registration (app.ts stays one line). */
export function messagingRoutes(deps: {
  db: Db;
  log: FastifyBaseLogger;
  appUrl: string;
  isProduction: boolean;
  messaging: Messaging;
  /** PHONE_CODES_PER_ADDRESS and PHONE_CODES_PER_HOUR. */
  phoneCodeLimits?: Partial<PhoneCodeLimits>;
  /** The chat a person's WhatsApp reply is stored in (decision 061). */
  chat?: ChatDeps;
  /** The projects' services a WhatsApp button runs (offers, "Llegué"; decision 062). */
  projects?: QuotesDeps & ShowUpDeps;
  /** Where a WhatsApp download that may pass is put for another try (decision 063). */
  mediaRetries?: MediaRetries;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, messaging } = deps;
    const { standIns, secrets, messengers } = messaging;
    await app.register(phoneRoutes({ db, messengers, ...(deps.phoneCodeLimits ? { limits: deps.phoneCodeLimits } : {}) }));
    await app.register(
      messagingWebhookRoutes({
        db,
        log: deps.log,
        messengers,
        statusSink: messaging.statusSink,
        appUrl: deps.appUrl,
        whatsapp: { appSecret: secrets.whatsappAppSecret, verifyToken: secrets.whatsappVerifyToken },
        sms: { authToken: secrets.smsAuthToken },
        ...(deps.chat
          ? {
              replies: {
                chat: deps.chat,
                appUrl: deps.appUrl,
                ...(messaging.whatsappMedia ? { media: messaging.whatsappMedia } : {}),
                ...(deps.mediaRetries ? { retries: deps.mediaRetries } : {}),
              },
            }
          : {}),
        ...(deps.chat && deps.projects ? { buttons: { projects: deps.projects, chat: deps.chat, appUrl: deps.appUrl } } : {}),
      }),
    );
    await app.register(oneTimeLinkRoutes(db, deps.projects?.clock));
    if (standIns.whatsapp) await app.register(sandboxWhatsAppRoutes(standIns.whatsapp));
    if (standIns.whatsapp?.media) await app.register(sandboxWhatsAppMediaRoutes(standIns.whatsapp.media));
    if (standIns.sms) await app.register(sandboxSmsRoutes(standIns.sms));
    if (!deps.isProduction) await app.register(devMessagesRoutes(db, standIns));
    if (!deps.isProduction) await app.register(devMessagesMediaRoutes(standIns));
  };
}
