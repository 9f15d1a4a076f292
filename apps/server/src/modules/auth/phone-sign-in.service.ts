import { createHmac, randomInt } from 'node:crypto';
import { auth as ta } from '@arreglaya/shared/i18n/auth';
import { WHATSAPP_CODE_TEMPLATE } from '@arreglaya/shared/i18n/messaging';
import { PHONE_CHANNELS, PHONE_CODE_LENGTH, type PhoneChannel } from '@arreglaya/shared/schemas/phone';
import type { Session } from '@arreglaya/shared/schemas/auth';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { Messenger } from '../messaging/messenger.ts';
import {
  countCodeRequestFromAddress,
  everyonesCodeBudgetAllows,
  ownerOfNumber,
  PHONE_CODE_ATTEMPTS,
  PHONE_CODE_TTL_MS,
  phoneStatus,
  type PhoneCodeLimits,
} from '../messaging/phone.service.ts';
import { claimAttempt, CODE_GUARD, MAIL_GUARD, type GuardPolicy } from '../rate-limits/account-guard.ts';
import { isActiveUser, lockIfActive } from '../users/users.service.ts';
import { startSession, type AuthServiceDeps } from './auth.service.ts';
import { addSignInAttempt, deleteSignInCode, lockSignInCode, saveSignInCode } from './phone-sign-in.repository.ts';

// Signing in with a code to one's phone (decision 071): the way back in for an account made from a
// phone (an invited técnico, decision 064) and for anyone whose number is verified. The answers never
// say whether a number is on an account: an unknown number is told the same and gets nothing.

export interface PhoneSignInDeps extends AuthServiceDeps {
  messengers: Record<PhoneChannel, Messenger>;
  log: FastifyBaseLogger;
  /** PHONE_CODES_PER_ADDRESS and PHONE_CODES_PER_HOUR, as for the phone's own codes (issue 48). */
  limits?: Partial<PhoneCodeLimits>;
}

interface HttpContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Codes sent to one number: as mailed codes (3 per address and number, then seconds apart). */
const SEND: GuardPolicy = { name: 'phone-sign-in-send', ...MAIL_GUARD };
/** Codes tried on one number: as the e-mail codes. */
const VERIFY: GuardPolicy = { name: 'phone-sign-in', ...CODE_GUARD };

/** Keyed with the auth secret: a copy of the table alone does not give the 10⁶ codes away. */
async function hashCode(deps: AuthServiceDeps, number: string, code: string): Promise<string> {
  const { secret } = await deps.auth.$context;
  return createHmac('sha256', secret).update(`phone-sign-in:${number}:${code}`).digest('hex');
}

/** A counted attempt on `number` under the account guard; a 429 with Retry-After when refused (the same for every number). */
async function guard(deps: AuthServiceDeps, policy: GuardPolicy, number: string, { req, reply }: HttpContext) {
  const answer = await claimAttempt(deps.db, policy, `number:${number}`, req.ip);
  if (!answer.ok) {
    void reply.header('Retry-After', answer.retryAfterSeconds);
    throw new AppError('RATE_LIMITED', ta.tooManyAttempts(answer.retryAfterSeconds));
  }
  return answer.attempt;
}

/**
 * POST /api/auth/phone/code: a 6-digit code to `number` when it is verified on an active account,
 * by WhatsApp, else SMS (the channels it is verified on and not opted out of). Otherwise nothing is
 * sent; the caller answers the same either way. Every call counts on the number, known or not.
 */
export async function sendSignInCode(deps: PhoneSignInDeps, number: string, http: HttpContext, now = new Date()): Promise<void> {
  await countCodeRequestFromAddress(deps, http);
  await (await guard(deps, SEND, number, http)).failed();
  const userId = await ownerOfNumber(deps.db, number);
  if (!userId || !(await isActiveUser(deps.db, userId))) return;
  const status = await phoneStatus(deps.db, userId);
  const channels = PHONE_CHANNELS.filter((c) => status.number === number && status.channels[c].verified && !status.channels[c].optedOut);
  if (channels.length === 0) return;
  // Everyone's hour of codes spent (a flood): nothing is sent, and the answer stays the same.
  if (!(await everyonesCodeBudgetAllows(deps))) {
    deps.log.warn('phone sign-in: the hourly budget of codes is spent, code not sent');
    return;
  }
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const codeHash = await hashCode(deps, number, code);
  for (const channel of channels) {
    await saveSignInCode(deps.db, { number, userId, channel, codeHash, expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS) });
    const key = `phone-sign-in:${number}:${now.getTime()}:${channel}`;
    const messenger = deps.messengers[channel];
    const sent =
      channel === 'whatsapp'
        ? await messenger.sendTemplate(number, WHATSAPP_CODE_TEMPLATE.name, 'es', [code], key)
        : await messenger.sendText(number, ta.phoneSignIn.sms(code), key);
    if (sent.ok) return;
    deps.log.warn({ reason: sent.reason, kind: sent.kind, channel }, 'phone sign-in: code not sent');
  }
  // Neither channel delivered: the code is forgotten, and the answer stays the same (a 503 would say the number is someone's).
  await deleteSignInCode(deps.db, number, codeHash);
}

const refused = () => new AppError('INVALID_CODE', ta.phoneSignIn.invalidCode, { code: ta.phoneSignIn.invalidCode });

/**
 * POST /api/auth/phone/sign-in: the right code, within 10 minutes and before 5 wrong ones, signs in
 * the account that holds the number verified, with a normal session. Used once: it is deleted as it
 * signs in. Every refusal (no code, wrong, expired, locked) says the same, so an unknown number
 * learns nothing; the wrong ones count on the number and address (the account guard).
 */
export async function signInWithCode(deps: PhoneSignInDeps, input: { number: string; code: string }, http: HttpContext, now = new Date()): Promise<Session> {
  const attempt = await guard(deps, VERIFY, input.number, http);
  const codeHash = await hashCode(deps, input.number, input.code);
  const outcome = { wrongCode: false };
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const pending = await lockSignInCode(tx, input.number);
      if (!pending || pending.attempts >= PHONE_CODE_ATTEMPTS || pending.expiresAt.getTime() <= now.getTime()) throw refused();
      if (pending.codeHash !== codeHash) {
        // Counted after this transaction: the refusal must not roll the count back.
        outcome.wrongCode = true;
        return '';
      }
      await deleteSignInCode(tx, input.number);
      // The number may have moved or the account been banned since the code was sent.
      if ((await ownerOfNumber(tx, input.number)) !== pending.userId || !(await lockIfActive(tx, pending.userId))) throw refused();
      await recordLogEntry(tx, { userId: pending.userId, sessionId: null, action: 'signed-in-by-phone', location: '/login', details: { channel: pending.channel } });
      return pending.userId;
    });
  } catch (err) {
    await attempt.failed();
    throw err;
  }
  if (outcome.wrongCode) {
    await addSignInAttempt(deps.db, input.number);
    await attempt.failed();
    throw refused();
  }
  await attempt.succeeded();
  return startSession(deps, userId, http);
}
