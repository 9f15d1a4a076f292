import { es } from '@arreglaya/shared/i18n/es';
import type { Session } from '@arreglaya/shared/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { databaseErrorOf } from '../../lib/database-error.ts';
import { renderMail } from '../mail/layout.ts';
import { CODE_GUARD, MAIL_GUARD, SIGN_IN_GUARD, claimAttempt, type GuardPolicy } from '../rate-limits/account-guard.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findUserByEmail, findUserEmail, mayAct } from '../users/users.service.ts';
import { deleteUnconfirmedAccount, findNewestSessionExpiry, findSessionByToken } from './auth.repository.ts';
import { appendCookie, callAuth, forwardAuthHeaders, toHeaders } from './auth-bridge.ts';
import { clearPendingSignUp, pendingSignUpOf, setPendingSignUp } from './pending-sign-up.ts';
import { SOCIAL_ERROR_PATH, sessionUpdateAge, type Auth } from './better-auth.ts';
import { findSessionUser } from './session-user.repository.ts';
import { insertPhoneOnlyUser } from './auth.repository.ts';
import { createAccountRecords } from './new-account.repository.ts';
import type { SessionCache } from './session-cache.ts';
import { sessionCookie, sessionTokenOf } from './session-token.ts';
import { endDevicesAfterPasswordChange } from './end-access.ts';

export interface AuthServiceDeps {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  /** better-auth's signing key and session lifetime, for reading sessions without its round trip. */
  sessions?: { secret: string; ttlSeconds: number };
  /** Sessions kept in memory between requests (decision 028); without it every request reads its session. */
  sessionCache?: SessionCache;
}

interface HttpContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

const CODE_FAILURES = new Set(['INVALID_CODE', 'CODE_EXPIRED', 'CODE_LOCKED']);

/**
 * Runs an attempt on the account `email` under the account guard (modules/rate-limits/account-guard.ts):
 * counted per account and address, the account slowed down by seconds after its failures, never
 * locked for its owner. `counts` says which outcomes count (a wrong password or code); 'every'
 * counts every call (a mailed code). A refused attempt is a 429 with Retry-After and is not run.
 */
async function guarded<T>(
  deps: AuthServiceDeps,
  policy: GuardPolicy,
  email: string,
  { req, reply }: HttpContext,
  counts: 'every' | ((err: unknown) => boolean),
  run: () => Promise<T>,
): Promise<T> {
  const answer = await claimAttempt(deps.db, policy, email, req.ip);
  if (!answer.ok) {
    void reply.header('Retry-After', answer.retryAfterSeconds);
    throw new AppError('RATE_LIMITED', answer.held ? es.auth.tooManyAttempts(answer.retryAfterSeconds) : undefined);
  }
  try {
    const result = await run();
    await (counts === 'every' ? answer.attempt.failed() : answer.attempt.succeeded());
    return result;
  } catch (err) {
    await (counts === 'every' || counts(err) ? answer.attempt.failed() : answer.attempt.succeeded());
    throw err;
  }
}
const codePolicy = (name: string): GuardPolicy => ({ name, ...CODE_GUARD });
const mailPolicy = (name: string): GuardPolicy => ({ name, ...MAIL_GUARD });
const isCodeFailure = (err: unknown) => err instanceof AppError && CODE_FAILURES.has(err.code);

/**
 * Sign-up: the account is created unconfirmed and a 6-digit code is mailed. An address that
 * only has an unconfirmed account (the person lost the code, or mistyped the password) is
 * signed up afresh; nobody has proven to own it yet. An address with a confirmed account
 * gets the same answer, and its owner a warning mail (no enumeration).
 *
 * Each sign-up mails the address, so it is guarded as the other mailed codes are (issue 34):
 * 3 per address and e-mail, the e-mail slowed by seconds after 3 from anywhere. Before, 3 per
 * e-mail from anywhere let anyone use up someone else's address and block their sign-up.
 */
export async function signUp(
  deps: AuthServiceDeps,
  input: { role: 'client' | 'contractor'; firstName: string; lastName: string; email: string; password: string },
  ctx: HttpContext,
): Promise<void> {
  await guarded(deps, mailPolicy('sign-up'), input.email, ctx, 'every', () => createUnconfirmedAccount(deps, input, ctx));
}

async function createUnconfirmedAccount(
  deps: AuthServiceDeps,
  input: { role: 'client' | 'contractor'; firstName: string; lastName: string; email: string; password: string },
  { req, reply }: HttpContext,
): Promise<void> {
  try {
    const existing = await findUserByEmail(deps.db, input.email);
    if (existing && !existing.emailVerified && mayAct(existing.status)) {
      await deps.db.transaction((tx) => deleteUnconfirmedAccount(tx, existing.id, input.email));
    }
    await callAuth(
      deps.auth.api.signUpEmail({
        body: {
          email: input.email,
          password: input.password,
          name: `${input.firstName} ${input.lastName}`,
          role: input.role,
          firstName: input.firstName,
          lastName: input.lastName,
        },
        headers: toHeaders(req),
        asResponse: true,
      }),
    );
    // This browser created the account: confirming its code here signs the person in (decision 033).
    const created = await findUserByEmail(deps.db, input.email);
    const { secret, secure } = await cookieKeys(deps);
    setPendingSignUp(reply, secret, secure, created && !created.emailVerified ? created.id : null);
  } catch (err) {
    // Sign-ups with one address at the same moment: one replaced the unconfirmed account
    // another was still creating (its profile then refers to a deleted user), or both
    // inserted it. Either way the person is mid-sign-up elsewhere: a 409, not a 4xx that
    // blames a field or a 500.
    const code = databaseErrorOf(err)?.code;
    if (code === '23503' || code === '23505') throw new AppError('CONFLICT', es.auth.signUpInProgress);
    throw err;
  }
}

/**
 * A mailed code acts only for an active account (users.service.ts, `mayAct`): one sent before a
 * ban is refused as a wrong code, changing nothing (a deleted account's address and codes are
 * gone already, and better-auth answers the same). Nobody learns the account's state from it.
 */
async function refuseCodeOfInactiveAccount(deps: AuthServiceDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user && !mayAct(user.status)) {
    const message = es.apiErrors.INVALID_CODE;
    throw new AppError('INVALID_CODE', message, { code: message });
  }
}

/** The cookie-signing secret and whether cookies are `__Secure-` (production), as better-auth has them. */
async function cookieKeys(deps: AuthServiceDeps): Promise<{ secret: string; secure: boolean }> {
  const context = await deps.auth.$context;
  return { secret: context.secret, secure: deps.auth.options.advanced?.useSecureCookies === true };
}

/**
 * Confirms the address with its code. From the browser that created the account (its pending
 * sign-up cookie, decision 033) the person is signed in at once and gets their session; anywhere
 * else the address is confirmed and they sign in with their password, as before.
 */
export async function verifyEmail(deps: AuthServiceDeps, input: { email: string; code: string }, ctx: HttpContext): Promise<Session | null> {
  await guarded(deps, codePolicy('verify'), input.email, ctx, isCodeFailure, async () => {
    await refuseCodeOfInactiveAccount(deps, input.email);
    await callAuth(deps.auth.api.verifyEmailOTP({ body: { email: input.email, otp: input.code }, headers: toHeaders(ctx.req), asResponse: true }));
  });
  const { secret, secure } = await cookieKeys(deps);
  const pending = pendingSignUpOf(ctx.req, secret, secure);
  if (pending === null) return null;
  clearPendingSignUp(ctx.reply, secure);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || user.id !== pending || !mayAct(user.status)) return null;
  return startSession(deps, user.id, ctx);
}

/** A new session for an account whose owner has just proven it, with better-auth's own cookie. */
export async function startSession(deps: AuthServiceDeps, userId: string, { req, reply }: HttpContext): Promise<Session> {
  const context = await deps.auth.$context;
  const { secret, secure } = await cookieKeys(deps);
  const session = await context.internalAdapter.createSession(userId, false, { ipAddress: req.ip, userAgent: req.headers['user-agent'] ?? '' });
  const maxAge = Math.max(1, Math.floor((new Date(session.expiresAt).getTime() - Date.now()) / 1000));
  appendCookie(reply, sessionCookie(session.token, secret, maxAge, secure));
  return { user: await findSessionUser(deps.db, userId), expiresAt: new Date(session.expiresAt).toISOString() };
}

/** A new confirmation code, only for an unconfirmed account; the answer never says which. Guarded per account and address (issue 30). */
export async function requestCode(deps: AuthServiceDeps, email: string, ctx: HttpContext): Promise<void> {
  await guarded(deps, mailPolicy('resend'), email, ctx, 'every', () => resendCode(deps, email, ctx));
}

/** Sends a new confirmation code to an unconfirmed account (unguarded: after a right password, or by a sysadmin). */
export async function resendCode(deps: AuthServiceDeps, email: string, { req }: HttpContext): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerified || !mayAct(user.status)) return;
  await callAuth(deps.auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' }, headers: toHeaders(req), asResponse: true }));
}

export async function signIn(deps: AuthServiceDeps, input: { email: string; password: string }, ctx: HttpContext): Promise<Session> {
  // Only a wrong password counts; a right one (even for an unconfirmed or banned account) is taken back.
  return guarded(
    deps,
    SIGN_IN_GUARD,
    input.email,
    ctx,
    (err) => err instanceof AppError && err.code === 'INVALID_CREDENTIALS',
    () => checkPassword(deps, input, ctx),
  );
}

async function checkPassword(deps: AuthServiceDeps, input: { email: string; password: string }, ctx: HttpContext): Promise<Session> {
  try {
    const { body, headers } = await callAuth<{ user: { id: string } }>(
      deps.auth.api.signInEmail({ body: { email: input.email, password: input.password, rememberMe: true }, headers: toHeaders(ctx.req), asResponse: true }),
    );
    forwardAuthHeaders(headers, ctx.reply);
    const expiresAt = await findNewestSessionExpiry(deps.db, body.user.id);
    return { user: await findSessionUser(deps.db, body.user.id), expiresAt: expiresAt ? expiresAt.toISOString() : null };
  } catch (err) {
    // Right password, unconfirmed e-mail: send a fresh code so the person can finish.
    if (err instanceof AppError && err.code === 'EMAIL_NOT_VERIFIED') await resendCode(deps, input.email, ctx);
    throw err;
  }
}

export async function signOut(deps: AuthServiceDeps, { req, reply }: HttpContext): Promise<void> {
  const { headers } = await callAuth(deps.auth.api.signOut({ headers: toHeaders(req), asResponse: true }));
  forwardAuthHeaders(headers, reply);
  if (req.user) forgetSessions(deps, req.user.id);
}

/**
 * This instance forgets a person's kept sessions at once (decision 028): after a sign-out, a
 * password change or reset, a ban, an account deletion here. Other instances hear the database's
 * notification.
 */
export function forgetSessions(deps: Pick<AuthServiceDeps, 'sessionCache'>, userId: string): void {
  deps.sessionCache?.forgetUsers([userId]);
}

type ResolvedSession = { userId: string; sessionId: string; role: string; expiresAt: Date; createdAt: Date };

/**
 * The common case in one query (decision 022): a signed token, a session that is neither expired
 * nor due for its sliding refresh. undefined = anything else, which better-auth handles (it deletes
 * an expired session, extends a due one and sets the cookie).
 */
async function readSessionDirectly(deps: AuthServiceDeps, req: FastifyRequest): Promise<ResolvedSession | null | undefined> {
  if (!deps.sessions) return undefined;
  const token = sessionTokenOf(req, deps.sessions.secret);
  if (token === null) return undefined;
  const cache = deps.sessionCache;
  let row = cache?.get(token);
  if (!row) {
    const mark = cache?.mark() ?? 0;
    row = await findSessionByToken(deps.db, token);
    if (!row) return undefined;
    cache?.keep(token, row, mark);
  }
  const now = Date.now();
  const expires = row.expiresAt.getTime();
  const refreshDue = expires - deps.sessions.ttlSeconds * 1000 + sessionUpdateAge(deps.sessions.ttlSeconds) * 1000 <= now;
  if (expires <= now || refreshDue) return undefined;
  if (!mayAct(row.status)) return null;
  return { userId: row.userId, sessionId: row.id, role: row.role, expiresAt: row.expiresAt, createdAt: row.createdAt };
}

/** The session behind a request's cookie or bearer token, refreshed when due. */
export async function resolveSession(deps: AuthServiceDeps, { req, reply }: HttpContext): Promise<ResolvedSession | null> {
  const direct = await readSessionDirectly(deps, req);
  if (direct !== undefined) return direct;
  const answer = await deps.auth.api.getSession({ headers: toHeaders(req), returnHeaders: true });
  forwardAuthHeaders(answer.headers, reply);
  const found = answer.response;
  if (!found || !mayAct((found.user as { status?: string }).status)) return null;
  return {
    userId: found.user.id,
    sessionId: found.session.id,
    role: (found.user as { role: string }).role,
    expiresAt: new Date(found.session.expiresAt),
    createdAt: new Date(found.session.createdAt),
  };
}

export async function forgotPassword(deps: AuthServiceDeps, email: string, ctx: HttpContext): Promise<void> {
  await guarded(deps, mailPolicy('forgot'), email, ctx, 'every', async () => {
    const user = await findUserByEmail(deps.db, email);
    // Unknown, deleted or banned addresses get the same answer and no mail.
    if (!user || !mayAct(user.status)) return;
    await callAuth(deps.auth.api.requestPasswordResetEmailOTP({ body: { email }, headers: toHeaders(ctx.req), asResponse: true }));
  });
}

function queuePasswordChangedMail(deps: AuthServiceDeps, email: string) {
  const content = renderMail({ title: es.auth.mail.passwordChangedTitle, paragraphs: [es.auth.mail.passwordChangedBody] });
  return deps.mailer.queue(deps.db, { to: email, subject: es.auth.mail.passwordChangedSubject, template: 'auth-password-changed', ...content });
}

/** Reset with the mailed code; every session of the account ends (better-auth revokes them). */
export async function resetPassword(deps: AuthServiceDeps, input: { email: string; code: string; password: string }, ctx: HttpContext): Promise<void> {
  await guarded(deps, codePolicy('reset'), input.email, ctx, isCodeFailure, async () => {
    await refuseCodeOfInactiveAccount(deps, input.email);
    await callAuth(deps.auth.api.resetPasswordEmailOTP({ body: { email: input.email, otp: input.code, password: input.password }, headers: toHeaders(ctx.req), asResponse: true }));
  });
  const user = await findUserByEmail(deps.db, input.email);
  if (user) {
    await endDevicesAfterPasswordChange(deps.db, user.id);
    forgetSessions(deps, user.id);
  }
  await queuePasswordChangedMail(deps, input.email);
  deps.mailer.kick();
}

/** Change with the current password; every other session ends, this one gets a new token. */
export async function changePassword(deps: AuthServiceDeps, userId: string, input: { currentPassword: string; newPassword: string }, { req, reply }: HttpContext): Promise<void> {
  const { headers } = await callAuth(
    deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: toHeaders(req),
      asResponse: true,
    }),
  );
  forwardAuthHeaders(headers, reply);
  await endDevicesAfterPasswordChange(deps.db, userId);
  forgetSessions(deps, userId);
  const user = await findUserEmail(deps.db, userId);
  if (user) {
    await queuePasswordChangedMail(deps, user.email);
    deps.mailer.kick();
  }
}

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function configuredProviders(deps: AuthServiceDeps): SocialProvider[] {
  const configured = deps.auth.options.socialProviders ?? {};
  return SOCIAL_PROVIDERS.filter((p) => p in configured);
}

/** Only same-site paths: a redirect parameter must never send someone to another site. */
function safeRedirect(path: string | undefined): string {
  return path && /^\/(?!\/)[\w\-/?=&.%]*$/.test(path) ? path : '/';
}

/** Asks better-auth for the provider's authorisation URL (and its state cookie). */
export async function startSocialSignIn(deps: AuthServiceDeps, provider: SocialProvider, redirect: string | undefined, { req, reply }: HttpContext): Promise<string> {
  if (!configuredProviders(deps).includes(provider)) throw new AppError('NOT_FOUND');
  const { body, headers } = await callAuth<{ url: string }>(
    deps.auth.api.signInSocial({ body: { provider, callbackURL: safeRedirect(redirect), errorCallbackURL: SOCIAL_ERROR_PATH }, headers: toHeaders(req), asResponse: true }),
  );
  forwardAuthHeaders(headers, reply);
  return body.url;
}

/** Hands the provider's callback to better-auth's own handler (it checks state and creates the session). */
export async function finishSocialSignIn(deps: AuthServiceDeps, { req, reply }: HttpContext): Promise<void> {
  const url = new URL(req.url, deps.auth.options.baseURL);
  const res = await deps.auth.handler(new Request(url, { method: 'GET', headers: toHeaders(req) }));
  forwardAuthHeaders(res.headers, reply);
  return reply
    .status(res.status)
    .header('location', res.headers.get('location') ?? '/')
    .send();
}

/** The domain of the placeholder address of an account made from a phone (decision 064): never delivered to. */
export const PHONE_ACCOUNT_DOMAIN = 'telefono.arreglaya.invalid';

/**
 * An account proven by a code to its phone, without an e-mail or a password (decision 064: an
 * invited técnico). better-auth's user needs an address: it gets a placeholder under
 * PHONE_ACCOUNT_DOMAIN, not confirmed; the records every new account has come with it.
 */
export async function createPhoneAccount(tx: DbOrTx, input: { role: 'contractor'; firstName: string; lastName: string; number: string }): Promise<string> {
  const name = `${input.firstName} ${input.lastName}`.trim();
  const email = `${input.number.replace(/\D/g, '')}.${Date.now().toString(36)}@${PHONE_ACCOUNT_DOMAIN}`;
  const id = await insertPhoneOnlyUser(tx, { email, role: input.role, firstName: input.firstName, lastName: input.lastName, name });
  await createAccountRecords(tx, { id, role: input.role, name });
  return id;
}
