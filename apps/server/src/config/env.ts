import path from 'node:path';
import { z } from 'zod';
import { bool01, decodeKey, optionalNonEmpty, trustProxy } from './env-values.ts';
import { DLOCAL_VARS, MONEY_SETTINGS } from './env-money.ts';
import { CHANNEL_SETTINGS, SMS_VARS, WHATSAPP_VARS } from './env-channels.ts';

// The settings (README, settings table), parsed once at start. Those of money and of the outside
// channels are in env-money.ts and env-channels.ts; every cross-setting rule is here, below.

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
    /**
     * How long an instance keeps the figures summed over every listed contractor (the landing's
     * trade tiles, the service-and-city pages) before reading them again (ms; decision 076).
     * Default 30000 in production, 0 (read each time) otherwise.
     */
    DIRECTORY_FIGURES_TTL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
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
     * GET /metrics answers a client on this machine, or one sending `Authorization: Bearer <METRICS_TOKEN>`
     * (a Prometheus elsewhere); anyone else gets a 404 (decision 029).
     */
    METRICS_TOKEN: optionalNonEmpty.pipe(z.string().min(16, 'must have at least 16 characters').optional()),
    ...MONEY_SETTINGS,
    ...CHANNEL_SETTINGS,
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
  /** DIRECTORY_FIGURES_TTL_MS, or its default. */
  figuresTtlMs: number;
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
    figuresTtlMs: env.DIRECTORY_FIGURES_TTL_MS ?? (env.NODE_ENV === 'production' ? 30_000 : 0),
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
