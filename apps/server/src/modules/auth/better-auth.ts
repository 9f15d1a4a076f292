import { es } from '@arreglaya/shared/i18n/es';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { bearer, emailOTP } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { authAccounts, sessions, users, verifications } from '../../db/schema/index.ts';
import { renderMail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isActiveUser } from '../users/users.service.ts';
import { CLIENT_IP_HEADER } from './auth-bridge.ts';
import { createAccountRecords } from './new-account.repository.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

export const CODE_TTL_SECONDS = 15 * 60;
export const CODE_ATTEMPTS = 5;
export const COOKIE_PREFIX = 'arreglaya';

/**
 * Where a failed social sign-in lands (better-auth adds `?error=<code>`): our sign-in page,
 * a real page, rather than better-auth's unmounted /api/auth/error.
 */
export const SOCIAL_ERROR_PATH = '/login';

/**
 * Set-Cookie values that remove every session cookie better-auth may have set, under the
 * names it uses: `__Secure-arreglaya.*` in production (useSecureCookies), `arreglaya.*`
 * otherwise. A `__Secure-` cookie is only replaced by one that is itself Secure.
 */
export function expiredSessionCookies(isProduction: boolean): string[] {
  const prefix = isProduction ? '__Secure-' : '';
  const attributes = `Max-Age=0; Path=/; HttpOnly; SameSite=Lax${isProduction ? '; Secure' : ''}`;
  return ['session_token', 'session_data', 'dont_remember'].map((name) => `${prefix}${COOKIE_PREFIX}.${name}=; ${attributes}`);
}

/** The settings auth reads, passed in by app.ts from config/env.ts (a module never imports config/). */
export interface AuthConfig {
  appUrl: string;
  isProduction: boolean;
  SESSION_TTL_SECONDS: number;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  FACEBOOK_CLIENT_ID?: string;
  FACEBOOK_CLIENT_SECRET?: string;
}

/** Seconds after which a used session is extended (sliding expiry): a fifth of its life. */
export function sessionUpdateAge(ttlSeconds: number): number {
  return Math.max(1, Math.floor(ttlSeconds / 5));
}

export interface AuthDeps {
  db: Db;
  config: AuthConfig;
  mailer: Mailer;
  secret: string;
  /** Where better-auth's own messages go (our pino, with its redaction); the console otherwise. */
  log?: FastifyBaseLogger;
}

/**
 * better-auth does sessions, one-time codes and password storage on our own tables.
 * Its HTTP handler is not mounted (only the OAuth callbacks are): our routes in
 * auth.routes.ts call its server API, so every auth endpoint is validated by the shared
 * zod schemas, rate-limited and documented like the rest of the API.
 */
export function createAuth({ db, config, mailer, secret, log }: AuthDeps) {
  const sendCode = async (email: string, otp: string, type: string) => {
    const isReset = type === 'forget-password';
    const content = renderMail({
      title: isReset ? es.auth.mail.resetTitle : es.auth.mail.signUpTitle,
      paragraphs: [isReset ? es.auth.mail.resetBody(otp) : es.auth.mail.signUpBody(otp)],
    });
    await mailer.queue(db, {
      to: email,
      subject: isReset ? es.auth.mail.resetSubject : es.auth.mail.signUpSubject,
      template: isReset ? 'auth-reset-code' : 'auth-signup-code',
      ...content,
    });
    mailer.kick();
  };

  const socialProviders = {
    ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } } : {}),
    ...(config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET ? { facebook: { clientId: config.FACEBOOK_CLIENT_ID, clientSecret: config.FACEBOOK_CLIENT_SECRET } } : {}),
  };

  return betterAuth({
    appName: 'ArreglaYa',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        // Social sign-ups arrive without a role: they become clients.
        role: { type: 'string', required: false, defaultValue: 'client', input: true },
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        status: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: config.SESSION_TTL_SECONDS,
      // Sliding expiry: a session used after a fifth of its life is extended.
      updateAge: sessionUpdateAge(config.SESSION_TTL_SECONDS),
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      // Someone signs up with an address that already has an account: the answer stays
      // the same (no enumeration), and the owner is told by mail.
      onExistingUserSignUp: async ({ user }) => {
        const content = renderMail({ title: es.auth.mail.existingAccountTitle, paragraphs: [es.auth.mail.existingAccountBody] });
        await mailer.queue(db, { to: user.email, subject: es.auth.mail.existingAccountSubject, template: 'auth-existing-account', ...content });
        mailer.kick();
      },
    },
    socialProviders,
    onAPIError: { errorURL: `${config.appUrl}${SOCIAL_ERROR_PATH}` },
    databaseHooks: {
      user: {
        create: {
          // Every account starts with its profile and the default notification preferences.
          after: (user) => createAccountRecords(db, { id: user.id, role: (user as { role?: string }).role, name: user.name }),
        },
      },
      session: {
        create: {
          // A banned or deleted account never gets a session, whatever the way in.
          before: async (session) => {
            if (!(await isActiveUser(db, session.userId))) throw new APIError('FORBIDDEN', { message: es.apiErrors.ACCOUNT_DISABLED, code: 'ACCOUNT_DISABLED' });
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        sendVerificationOTP: ({ email, otp, type }) => sendCode(email, otp, type),
      }),
      bearer(),
    ],
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isProduction },
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Its messages go to our log; only errors among their arguments are kept, through the
    // error serializer that drops query values (a failed sign-up carries the e-mail and name).
    ...(log
      ? {
          logger: {
            level: 'warn' as const,
            log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
              const err = args.find((a) => a instanceof Error) as (Error & { code?: unknown }) | undefined;
              // A social callback whose OAuth state is missing, forged, expired or replayed is the
              // caller's doing, not a fault of ours: a warning with its code, never the state it sent
              // (the error's details carry it; issue 30). The callback is rate limited per address.
              if (typeof err?.code === 'string' && err.code.startsWith('state_') && err.code !== 'state_generation_error') {
                log.warn({ source: 'better-auth', code: err.code }, 'social sign-in callback refused: bad OAuth state');
                return;
              }
              log[level](err ? { err, source: 'better-auth' } : { source: 'better-auth' }, message);
            },
          },
        }
      : {}),
    // Our own PostgreSQL-backed limits apply (plugins/rate-limit.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
