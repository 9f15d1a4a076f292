import net from 'node:net';
import path from 'node:path';
import { OUTSIDE_CHANNELS } from '@arreglaya/shared/notification-channels';
import { z } from 'zod';

const bool01 = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const optionalNonEmpty = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A 32-byte key from 64 hex characters or base64 (standard or url-safe); null otherwise. */
export function decodeKey(value: string): Buffer | null {
  const v = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(v) ? Buffer.from(v, 'base64') : null;
  return bytes && bytes.length === 32 ? bytes : null;
}

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !ip) return false;
  const family = net.isIP(ip);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe. 0 (default): none, the client IP is the socket's.
 * A number: that many proxies stand in front, so the client IP is the entry that many hops
 * from our end (entries a client wrote before them are ignored). A list: the proxies'
 * addresses or ranges. Never "trust everything": then any client picks its own IP and
 * every per-IP limit is void.
 */
const trustProxy = z
  .string()
  .default('0')
  .transform((v, ctx): false | number | string[] => {
    const value = v.trim();
    if (value === '' || value === '0' || value === 'false') return false;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: "must be the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.2,10.1.0.0/16); 'true' is refused because it believes any client's X-Forwarded-For",
    });
    return z.NEVER;
  });

/** A messaging provider's address: `sandbox` (the built-in stand-in) or an http(s) URL. */
const providerUrl = optionalNonEmpty.transform((v, ctx) => {
  if (v === undefined || v === 'sandbox') return v;
  if (!/^https?:\/\/[^/\s]+/.test(v) || !URL.canParse(v)) {
    ctx.addIssue({ code: 'custom', message: "must be an http(s) URL or 'sandbox'" });
    return z.NEVER;
  }
  return v.replace(/\/+$/, '');
});
/** dLocal's address (issue 47): `sandbox` (the built-in stand-in) or an https URL. */
const dlocalUrl = optionalNonEmpty.transform((v, ctx) => {
  if (v === undefined || v === 'sandbox') return v;
  if (!/^https:\/\/[^/\s]+/.test(v) || !URL.canParse(v)) {
    ctx.addIssue({ code: 'custom', message: "must be an https URL (dLocal's: https://api.dlocal.com) or 'sandbox'" });
    return z.NEVER;
  }
  return v.replace(/\/+$/, '');
});
const DLOCAL_VARS = ['DLOCAL_LOGIN', 'DLOCAL_TRANS_KEY', 'DLOCAL_SECRET_KEY'] as const;
const WHATSAPP_VARS = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;
const SMS_VARS = ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;

const S3_VARS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Embedded PostgreSQL data, uploads and the instance lock live here. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** Where `npm run db:backup` writes its files (decision 029). */
    BACKUP_DIR: z.string().min(1).default('./backups'),
    DATABASE_URL: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    /**
     * Connections the app's pool opens to PostgreSQL at most, per instance (the directory's read
     * pool and two listeners come on top: README, "Several instances behind one database").
     */
    PG_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(10),
    SMTP_URL: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    /**
     * smtp: deliver through SMTP_URL. outbox: keep every mail in the database outbox only (the
     * log gets its subject and recipient, never its text). Default: smtp when SMTP_URL is set,
     * outbox otherwise; production refuses to start without SMTP_URL unless outbox is chosen,
     * so sign-up and reset codes never end up somewhere nobody meant them to go.
     */
    MAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
    APP_URL: optionalNonEmpty.pipe(z.url().optional()),
    ADMIN_EMAIL: optionalNonEmpty.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalNonEmpty.pipe(z.string().min(8, 'must have at least 8 characters').optional()),
    /**
     * The Dominican demo (about 80 accounts sharing DEMO_PASSWORD, which the README prints), loaded
     * into an empty database. Default on outside production (`npm start` shows a marketplace), off
     * in production (issue 48): there only DEMO_DATA=1 loads it, and every start warns.
     */
    DEMO_DATA: bool01.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAIL_FROM: z.string().min(3).default('ArreglaYa <no-responder@arreglaya.do>'),
    /** Where contact-us messages and store applications are delivered. */
    TEAM_INBOX: z.email().default('contacto@arreglaya.do'),
    TRUST_PROXY: trustProxy,
    /** Signs session cookies; without it one is generated and kept in the database. */
    AUTH_SECRET: optionalNonEmpty.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
    /** How long a session lasts without use (seconds); default 7 days. */
    SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(90 * 24 * 3600)
      .default(7 * 24 * 3600),
    /**
     * On SIGTERM: how long the instance keeps serving while `/api/ready` answers 503, so a load
     * balancer's health check sees it and stops sending before the sockets close and the
     * server stops (ms; decision 034). Default 5000 in production, 0 otherwise.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    /** How long an undelivered chat message waits before its recipient is mailed (ms); default 5 minutes. Shortened by the browser tests only. */
    CHAT_AWAY_AFTER_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(24 * 3600 * 1000)
      .default(5 * 60_000),
    /**
     * Chat sockets one client address may keep open on one instance (the next closes the oldest,
     * 4008) and open per minute (429 past it); issue 30. Default 50 and 60 (SOCKET_LIMITS in
     * modules/chat/chat-socket.routes.ts). Raised only by the chat bench, whose thousands of
     * sockets all come from one address.
     */
    CHAT_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
    CHAT_UPGRADES_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
    /**
     * AES-256 key for data encrypted at rest (store bank account numbers): 32 bytes as 64 hex
     * characters or base64. Without it one is generated and kept in app_settings (warned in production).
     */
    DATA_ENCRYPTION_KEY: optionalNonEmpty.pipe(
      z
        .string()
        .refine((v) => decodeKey(v) !== null, 'must be 32 bytes as 64 hex characters or base64')
        .optional(),
    ),
    GOOGLE_CLIENT_ID: optionalNonEmpty,
    GOOGLE_CLIENT_SECRET: optionalNonEmpty,
    FACEBOOK_CLIENT_ID: optionalNonEmpty,
    FACEBOOK_CLIENT_SECRET: optionalNonEmpty,
    /** Photos in an S3-compatible store when all five are set; otherwise on disk under DATA_DIR/media. */
    S3_ENDPOINT: optionalNonEmpty.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
    S3_BUCKET: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)')
        .optional(),
    ),
    S3_REGION: optionalNonEmpty,
    S3_ACCESS_KEY_ID: optionalNonEmpty,
    S3_SECRET_ACCESS_KEY: optionalNonEmpty,
    /** 1 = https://endpoint/bucket/key (MinIO and most self-hosted stores); 0 = https://bucket.endpoint/key. */
    S3_FORCE_PATH_STYLE: bool01.default(false),
    /** Load shedding: requests get 503 while the event loop's mean delay over a second is above this (ms). */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    /** Load shedding: requests get 503 while the JavaScript heap in use is above this share of its limit. */
    MAX_HEAP_USED_RATIO: z.coerce.number().min(0.5).max(0.99).default(0.9),
    /**
     * The card processor (decision 021): `sandbox`, the built-in card sandbox, or `dlocal`, dLocal's
     * Payins API (issue 47: cards by dLocal's tokens and cash tickets). The default outside production
     * only: production must choose it on purpose (the sandbox takes test cards and moves no real
     * money; its challenge pages would be ours).
     */
    PROCESSOR: z.enum(['sandbox', 'dlocal']).optional(),
    /**
     * dLocal's address (https://api.dlocal.com, or https://sandbox.dlocal.com, dLocal's own test
     * environment) or `sandbox`, the built-in stand-in under /dlocal-sandbox (the default outside
     * production; refused in production). Cash vouchers always go through it (decision 051); cards
     * too with PROCESSOR=dlocal. A real address needs the three credentials of dLocal's Merchant
     * Dashboard; the stand-in has fixed test credentials of its own. Unset in production: no cash.
     */
    DLOCAL_API_URL: dlocalUrl,
    DLOCAL_LOGIN: optionalNonEmpty,
    DLOCAL_TRANS_KEY: optionalNonEmpty,
    DLOCAL_SECRET_KEY: optionalNonEmpty,
    /** The platform's fee on each release to a contractor, in percent (clients pay no fee). */
    PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
    /**
     * GET /metrics answers a client on this machine, or one sending `Authorization: Bearer <METRICS_TOKEN>`
     * (a Prometheus elsewhere); anyone else gets a 404 (decision 029).
     */
    METRICS_TOKEN: optionalNonEmpty.pipe(z.string().min(16, 'must have at least 16 characters').optional()),
    /** Hours a client has to fund a hire before it lapses and the project reopens to offers. */
    HIRE_PAYMENT_HOURS: z.coerce.number().int().min(1).max(720).default(72),
    /** Minutes a card payment may wait in its bank's 3-D Secure challenge before it expires and stops holding the hire (decision 051). */
    PAYMENT_ACTION_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
    /**
     * ArreglaYa's bank account for transfers (decision 051). Without TRANSFER_ACCOUNT_NUMBER in
     * production, paying by transfer is not offered; outside production a demonstration account is.
     */
    TRANSFER_BANK: optionalNonEmpty,
    TRANSFER_ACCOUNT_TYPE: optionalNonEmpty,
    TRANSFER_ACCOUNT_NUMBER: optionalNonEmpty,
    TRANSFER_HOLDER: optionalNonEmpty,
    TRANSFER_TAX_ID: optionalNonEmpty,
    /** The bank statement feed's bearer token (POST /api/bank/statement-lines); without it the feed is closed. */
    STATEMENT_FEED_TOKEN: optionalNonEmpty.pipe(z.string().min(24, 'must have at least 24 characters').optional()),
    /** Outside channels sent nowhere: everyone reachable, every delivery recorded as sent (staging, bench:alerts; decision 038). */
    NOTIFICATION_DRY_RUN_CHANNELS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(OUTSIDE_CHANNELS))),
    /**
     * Web Push's VAPID key pair (decision 039), base64url: a P-256 public key (65 bytes) and its
     * private key (32 bytes), both or neither. Without them a pair is generated at the first start
     * and kept in app_settings. VAPID_SUBJECT is the contact push services see (mailto: or https:).
     */
    VAPID_PUBLIC_KEY: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key (65 bytes) in base64url')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key (32 bytes) in base64url')
        .optional(),
    ),
    VAPID_SUBJECT: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
        .optional(),
    ),
    /**
     * The tests' or a developer's local push service (issue 48): its origin (http(s)://host:port),
     * admitted as a subscription's endpoint beside the browsers' push services and sent to without
     * the public-address check. Refused in production.
     */
    PUSH_TEST_SERVICE: optionalNonEmpty.pipe(
      z
        .string()
        .refine((v) => {
          try {
            const url = new URL(v);
            return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === v;
          } catch {
            return false;
          }
        }, 'must be an origin, like http://127.0.0.1:4000 (no path, no trailing slash)')
        .optional(),
    ),
    /**
     * WhatsApp (decision 040): Meta's Graph API address (https://graph.facebook.com) or `sandbox`, the
     * built-in stand-in (the default outside production; production must choose: unset, WhatsApp is off).
     */
    WHATSAPP_API_URL: providerUrl,
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'must look like v21.0')
      .default('v21.0'),
    WHATSAPP_PHONE_NUMBER_ID: optionalNonEmpty,
    WHATSAPP_ACCESS_TOKEN: optionalNonEmpty,
    WHATSAPP_APP_SECRET: optionalNonEmpty,
    WHATSAPP_VERIFY_TOKEN: optionalNonEmpty,
    /** SMS (decision 040): a Twilio-shaped API's address (https://api.twilio.com) or `sandbox`, as WHATSAPP_API_URL. */
    SMS_API_URL: providerUrl,
    SMS_ACCOUNT_SID: optionalNonEmpty,
    SMS_AUTH_TOKEN: optionalNonEmpty,
    SMS_FROM: optionalNonEmpty,
    /**
     * Phone verification codes (WhatsApp, SMS) one client address may have sent per hour, and all
     * of them together per hour, besides the limits per person and per number (issue 48). Each code
     * costs money and reaches a stranger's phone. Defaults 10 and 500 (PHONE_CODE_LIMITS in
     * modules/messaging/phone.service.ts).
     */
    PHONE_CODES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).optional(),
    PHONE_CODES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).optional(),
  })
  .refine((e) => (e.ADMIN_EMAIL === undefined) === (e.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((e) => (e.GOOGLE_CLIENT_ID === undefined) === (e.GOOGLE_CLIENT_SECRET === undefined), {
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    path: ['GOOGLE_CLIENT_SECRET'],
  })
  .refine((e) => (e.FACEBOOK_CLIENT_ID === undefined) === (e.FACEBOOK_CLIENT_SECRET === undefined), {
    message: 'FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET must be set together',
    path: ['FACEBOOK_CLIENT_SECRET'],
  })
  .refine((e) => e.MAIL_TRANSPORT !== 'smtp' || e.SMTP_URL !== undefined, {
    message: 'MAIL_TRANSPORT=smtp needs SMTP_URL',
    path: ['SMTP_URL'],
  })
  .refine((e) => e.NODE_ENV !== 'production' || e.SMTP_URL !== undefined || e.MAIL_TRANSPORT === 'outbox', {
    message: 'production needs SMTP_URL to deliver mail (or MAIL_TRANSPORT=outbox to keep every mail in the database, undelivered)',
    path: ['SMTP_URL'],
  })
  .refine((e) => e.NODE_ENV !== 'production' || e.PROCESSOR !== undefined, {
    message: "production needs PROCESSOR set on purpose: 'dlocal' (dLocal's Payins API), or 'sandbox', which mounts the test processor (test cards only, no real money moves)",
    path: ['PROCESSOR'],
  })
  .refine((e) => e.NODE_ENV !== 'production' || e.PROCESSOR !== 'dlocal' || e.DLOCAL_API_URL !== undefined, {
    message: "PROCESSOR=dlocal in production needs DLOCAL_API_URL: dLocal's address (https://api.dlocal.com)",
    path: ['DLOCAL_API_URL'],
  })
  .refine((e) => e.NODE_ENV !== 'production' || e.DLOCAL_API_URL !== 'sandbox', {
    message:
      "DLOCAL_API_URL=sandbox is the built-in dLocal stand-in (test cards and tickets, no real money moves) and is refused in production: set dLocal's address (https://api.dlocal.com)",
    path: ['DLOCAL_API_URL'],
  })
  .refine((e) => e.DLOCAL_API_URL === undefined || e.DLOCAL_API_URL === 'sandbox' || DLOCAL_VARS.every((name) => e[name] !== undefined), {
    message: `a real DLOCAL_API_URL needs ${DLOCAL_VARS.join(', ')} (dLocal's Merchant Dashboard, Settings › Integrations)`,
    path: ['DLOCAL_API_URL'],
  })
  .refine((e) => e.NODE_ENV !== 'production' || e.PUSH_TEST_SERVICE === undefined, {
    message: 'PUSH_TEST_SERVICE (a local push service for tests) is refused in production: pushes go to the browsers’ push services only',
    path: ['PUSH_TEST_SERVICE'],
  })
  .refine((e) => (e.VAPID_PUBLIC_KEY === undefined) === (e.VAPID_PRIVATE_KEY === undefined), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine((e) => e.WHATSAPP_API_URL === undefined || e.WHATSAPP_API_URL === 'sandbox' || WHATSAPP_VARS.every((name) => e[name] !== undefined), {
    message: `a real WHATSAPP_API_URL needs ${WHATSAPP_VARS.join(', ')}`,
    path: ['WHATSAPP_API_URL'],
  })
  .refine((e) => e.SMS_API_URL === undefined || e.SMS_API_URL === 'sandbox' || SMS_VARS.every((name) => e[name] !== undefined), {
    message: `a real SMS_API_URL needs ${SMS_VARS.join(', ')}`,
    path: ['SMS_API_URL'],
  })
  .refine((e) => new Set(S3_VARS.map((name) => e[name] === undefined)).size === 1, {
    message: `${S3_VARS.join(', ')} must be set together`,
    path: ['S3_ENDPOINT'],
  });

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'PROCESSOR' | 'DEMO_DATA'> {
  /** DEMO_DATA, or its default: on outside production, off in production. */
  DEMO_DATA: boolean;
  /** PROCESSOR, or the sandbox outside production (production refuses to start without it). */
  PROCESSOR: 'sandbox' | 'dlocal';
  /**
   * dLocal's address, or 'sandbox' (the built-in stand-in; DLOCAL_API_URL's default outside
   * production). Null in production without DLOCAL_API_URL (no cash vouchers, and PROCESSOR=dlocal refused).
   */
  dlocalApiUrl: string | null;
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** Absolute BACKUP_DIR. */
  backupDir: string;
  appUrl: string;
  isProduction: boolean;
  /** Where mail goes (MAIL_TRANSPORT, or its default). */
  mailTransport: 'smtp' | 'outbox';
  /** SHUTDOWN_DRAIN_MS, or its default. */
  drainMs: number;
  /** ArreglaYa's account for transfers (TRANSFER_*), the demonstration one outside production; null: transfers not offered. */
  transferAccount: { bank: string; accountType: string; accountNumber: string; holder: string; taxId: string } | null;
}

/** Shown outside production so the transfer flow can be tried; plainly not a real account. */
const DEMO_TRANSFER_ACCOUNT = {
  bank: 'Banco de demostración',
  accountType: 'Cuenta corriente',
  accountNumber: 'DEMO-000-000000-0',
  holder: 'ArreglaYa (demostración)',
  taxId: '000-00000-0',
};

export class ConfigError extends Error {}

/** Every demo person signs in with this password (README). */
export const DEMO_PASSWORD = 'demo-arreglaya';

/** What the start logs as warnings about the settings chosen (server.ts), at every start. */
export function startWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.isProduction && config.DEMO_DATA)
    warnings.push(
      `DEMO_DATA=1 in production: the demo marketplace is loaded into an empty database, and its accounts (e-mails ending in @demo.arreglaya.do) sign in with the password '${DEMO_PASSWORD}' printed in the README. Unset DEMO_DATA unless this is a demonstration site`,
    );
  return warnings;
}

/**
 * Parses the environment once at start. A bad value stops the process with a message
 * that names the variable. Relative paths are taken from the directory npm was run in
 * (INIT_CWD), so `DATA_DIR=./data npm start` means the repository's ./data.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const baseDir = source.INIT_CWD ?? process.cwd();
  return {
    ...env,
    DEMO_DATA: env.DEMO_DATA ?? env.NODE_ENV !== 'production',
    dataDir: path.resolve(baseDir, env.DATA_DIR),
    backupDir: path.resolve(baseDir, env.BACKUP_DIR),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    isProduction: env.NODE_ENV === 'production',
    mailTransport: env.MAIL_TRANSPORT ?? (env.SMTP_URL ? 'smtp' : 'outbox'),
    drainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 5000 : 0),
    PROCESSOR: env.PROCESSOR ?? 'sandbox',
    transferAccount: env.TRANSFER_ACCOUNT_NUMBER
      ? {
          bank: env.TRANSFER_BANK ?? 'Banco Popular Dominicano',
          accountType: env.TRANSFER_ACCOUNT_TYPE ?? 'Cuenta corriente',
          accountNumber: env.TRANSFER_ACCOUNT_NUMBER,
          holder: env.TRANSFER_HOLDER ?? 'ArreglaYa',
          taxId: env.TRANSFER_TAX_ID ?? '',
        }
      : env.NODE_ENV === 'production'
        ? null
        : DEMO_TRANSFER_ACCOUNT,
    dlocalApiUrl: env.DLOCAL_API_URL ?? (env.NODE_ENV === 'production' ? null : 'sandbox'),
  };
}
