import path from 'node:path';
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

const S3_VARS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Embedded PostgreSQL data, uploads and the instance lock live here. */
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    SMTP_URL: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    APP_URL: optionalNonEmpty.pipe(z.url().optional()),
    ADMIN_EMAIL: optionalNonEmpty.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalNonEmpty.pipe(z.string().min(8, 'must have at least 8 characters').optional()),
    DEMO_DATA: bool01.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAIL_FROM: z.string().min(3).default('ArreglaYa <no-responder@arreglaya.do>'),
    /** Where contact-us messages and store applications are delivered. */
    TEAM_INBOX: z.email().default('contacto@arreglaya.do'),
    TRUST_PROXY: bool01.default(false),
    /** Signs session cookies; without it one is generated and kept in the database. */
    AUTH_SECRET: optionalNonEmpty.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
    /** How long a session lasts without use (seconds); default 7 days. */
    SESSION_TTL_SECONDS: z.coerce.number().int().min(10).max(90 * 24 * 3600).default(7 * 24 * 3600),
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
  .refine((e) => new Set(S3_VARS.map((name) => e[name] === undefined)).size === 1, {
    message: `${S3_VARS.join(', ')} must be set together`,
    path: ['S3_ENDPOINT'],
  });

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  /** Absolute DATA_DIR. */
  dataDir: string;
  appUrl: string;
  isProduction: boolean;
}

export class ConfigError extends Error {}

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
    dataDir: path.resolve(baseDir, env.DATA_DIR),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    isProduction: env.NODE_ENV === 'production',
  };
}
