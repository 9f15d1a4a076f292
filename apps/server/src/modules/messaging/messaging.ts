import { randomBytes } from 'node:crypto';
import type { PhoneChannel } from '@arreglaya/shared/schemas/phone';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { DeliveryStatusSink } from '../notifications/channel-sender.ts';
import { fetchTransport, type HttpTransport, type Messenger } from './messenger.ts';
import { SandboxSms } from './sandbox-sms.ts';
import { WebhookQueue } from './sandbox-standin.ts';
import { SandboxWhatsApp } from './sandbox-whatsapp.ts';
import { TwilioSmsClient } from './sms-client.ts';
import { WhatsAppCloudClient } from './whatsapp-client.ts';
import { WhatsAppMediaClient } from './whatsapp-media.ts';
import { SandboxMediaStore } from './sandbox-whatsapp-media.ts';

// WhatsApp and SMS as the app uses them (decision 040): each channel's Messenger on the provider
// that WHATSAPP_API_URL / SMS_API_URL name, or on the built-in stand-in, which runs in this server
// as if it were a separate service: the client speaks HTTP to it (in-process, through Fastify's
// inject, so no port or network is needed) and it calls our webhooks the same way.

export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp';
export const SMS_STATUS_PATH = '/api/webhooks/sms/status';
export const SMS_INBOUND_PATH = '/api/webhooks/sms/inbound';

/** The stand-ins in use (tests and /dev/messages read their outbox and write as a person). */
export interface StandIns {
  whatsapp?: SandboxWhatsApp;
  sms?: SandboxSms;
  /** The SMS sender number (what a person's text is addressed to). */
  smsFrom: string;
  /** Resolves once every webhook the stand-ins queued has been answered. */
  settled(): Promise<void>;
}

export interface Messaging {
  messengers: Record<PhoneChannel, Messenger>;
  /** Meta's media download (decision 063); null while WhatsApp is off. */
  whatsappMedia: WhatsAppMediaClient | null;
  standIns: StandIns;
  /** What our webhooks check signatures with. */
  secrets: { whatsappAppSecret: string; whatsappVerifyToken: string; smsAuthToken: string };
  statusSink: DeliveryStatusSink;
}

/** The settings read here (the app passes its Config; README's configuration table has each). */
export interface MessagingConfig {
  appUrl: string;
  isProduction: boolean;
  WHATSAPP_API_URL?: string | undefined;
  WHATSAPP_API_VERSION: string;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_ACCESS_TOKEN?: string | undefined;
  WHATSAPP_APP_SECRET?: string | undefined;
  WHATSAPP_VERIFY_TOKEN?: string | undefined;
  SMS_API_URL?: string | undefined;
  SMS_ACCOUNT_SID?: string | undefined;
  SMS_AUTH_TOKEN?: string | undefined;
  SMS_FROM?: string | undefined;
}

/** A channel production did not choose a provider for: nothing is sent, no number can be verified on it. */
function offMessenger(channel: PhoneChannel): Messenger {
  const off = () =>
    Promise.resolve({ ok: false as const, kind: 'rejected' as const, reason: `${channel === 'whatsapp' ? 'WHATSAPP_API_URL' : 'SMS_API_URL'} not set: channel off` });
  return { channel, sendTemplate: off, sendText: off };
}

const secret = () => randomBytes(24).toString('base64url');

/** Requests to a path of this very server, answered in-process (the stand-ins' side of HTTP). */
function injectTransport(app: FastifyInstance): HttpTransport {
  return async (req) => {
    const url = new URL(req.url);
    const res = await app.inject({
      method: req.method,
      url: url.pathname + url.search,
      headers: req.headers,
      ...(req.body === undefined ? {} : { payload: req.body }),
      remoteAddress: '127.0.0.1',
    });
    const contentType = res.headers['content-type'];
    return { status: res.statusCode, body: res.body, bytes: res.rawPayload, ...(typeof contentType === 'string' ? { contentType } : {}) };
  };
}

export function createMessaging(app: FastifyInstance, deps: { config: MessagingConfig; db: Db; log: FastifyBaseLogger; statusSink: DeliveryStatusSink }): Messaging {
  const { config, db } = deps;
  const inProcess = injectTransport(app);
  const queue = new WebhookQueue((req) => inProcess({ method: 'POST', ...req }).then((r) => r.status), deps.log.child({ service: 'messaging-stand-ins' }));
  const network = fetchTransport();

  // Unset: the stand-in outside production; in production the channel is off until a provider (or `sandbox`) is chosen.
  const waOff = config.isProduction && config.WHATSAPP_API_URL === undefined;
  const smsOff = config.isProduction && config.SMS_API_URL === undefined;
  const waSandbox = !waOff && (config.WHATSAPP_API_URL ?? 'sandbox') === 'sandbox';
  const whatsapp = {
    apiUrl: waSandbox ? `${config.appUrl}/sandbox-whatsapp` : config.WHATSAPP_API_URL!,
    version: config.WHATSAPP_API_VERSION,
    phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID ?? 'sandbox-phone-number-id',
    accessToken: config.WHATSAPP_ACCESS_TOKEN ?? secret(),
    appSecret: config.WHATSAPP_APP_SECRET ?? secret(),
    verifyToken: config.WHATSAPP_VERIFY_TOKEN ?? secret(),
  };
  const smsSandbox = !smsOff && (config.SMS_API_URL ?? 'sandbox') === 'sandbox';
  const sms = {
    apiUrl: smsSandbox ? `${config.appUrl}/sandbox-sms` : config.SMS_API_URL!,
    accountSid: config.SMS_ACCOUNT_SID ?? `AC${randomBytes(16).toString('hex')}`,
    authToken: config.SMS_AUTH_TOKEN ?? secret(),
    from: config.SMS_FROM ?? '+18095550000',
    statusCallback: `${config.appUrl}${SMS_STATUS_PATH}`,
  };

  const standIns: StandIns = { smsFrom: sms.from, settled: () => queue.settled() };
  if (waSandbox) {
    standIns.whatsapp = new SandboxWhatsApp(
      db,
      { accessToken: whatsapp.accessToken, phoneNumberId: whatsapp.phoneNumberId, appSecret: whatsapp.appSecret, webhookUrl: `${config.appUrl}${WHATSAPP_WEBHOOK_PATH}` },
      queue,
      new SandboxMediaStore({ accessToken: whatsapp.accessToken, appSecret: whatsapp.appSecret, apiUrl: whatsapp.apiUrl }),
    );
  }
  if (smsSandbox) standIns.sms = new SandboxSms(db, { accountSid: sms.accountSid, authToken: sms.authToken, inboundUrl: `${config.appUrl}${SMS_INBOUND_PATH}` }, queue);
  if (config.isProduction && (waSandbox || smsSandbox)) deps.log.warn('WHATSAPP_API_URL or SMS_API_URL is sandbox: those messages reach no phone');
  if (waOff || smsOff) deps.log.warn(`${[waOff && 'WHATSAPP_API_URL', smsOff && 'SMS_API_URL'].filter(Boolean).join(' and ')} not set: that channel is off`);

  return {
    messengers: {
      whatsapp: waOff ? offMessenger('whatsapp') : new WhatsAppCloudClient(whatsapp, waSandbox ? inProcess : network),
      sms: smsOff ? offMessenger('sms') : new TwilioSmsClient(sms, smsSandbox ? inProcess : network),
    },
    whatsappMedia: waOff ? null : new WhatsAppMediaClient(whatsapp, waSandbox ? inProcess : network),
    standIns,
    secrets: { whatsappAppSecret: whatsapp.appSecret, whatsappVerifyToken: whatsapp.verifyToken, smsAuthToken: sms.authToken },
    statusSink: deps.statusSink,
  };
}
