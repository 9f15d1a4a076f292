import { createHash, randomInt } from 'node:crypto';
import { messaging, WHATSAPP_CODE_TEMPLATE } from '@arreglaya/shared/i18n/messaging';
import { PHONE_CODE_LENGTH, PHONE_RESEND_SECONDS, type PhoneChannel, type PhoneStatus } from '@arreglaya/shared/schemas/phone';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { databaseErrorOf } from '../../lib/database-error.ts';
import { claimAttempt, CODE_GUARD, MAIL_GUARD, type GuardPolicy } from '../rate-limits/account-guard.ts';
import { countHit } from '../rate-limits/rate-limits.service.ts';
import type { AdminPerson } from '@arreglaya/shared/schemas/admin-console';
import type { ConsentSource } from '@arreglaya/shared/schemas/phone';
import { WHATSAPP_WINDOW_MS } from './inbound.service.ts';
import type { Messenger } from './messenger.ts';
import { addAttempt, confirmNumber, deleteCode, deletePhone, findCode, findOwnerOfNumber, findPhone, saveCode, verifiedByAnother } from './phone.repository.ts';

// Phone numbers verified before use (issue 32, item 4; decision 040): a 6-digit code by WhatsApp or
// SMS, limited like the e-mail codes (the account guard of decision 019), confirmed by the person.

export interface PhoneDeps {
  db: Db;
  messengers: Record<PhoneChannel, Messenger>;
  /** PHONE_CODES_PER_ADDRESS and PHONE_CODES_PER_HOUR (PHONE_CODE_LIMITS without them). */
  limits?: Partial<PhoneCodeLimits>;
}

/** Codes sent per client address per hour, and per hour for everyone (issue 48). */
export interface PhoneCodeLimits {
  perAddress: number;
  perHour: number;
}

export const PHONE_CODE_LIMITS: PhoneCodeLimits = { perAddress: 10, perHour: 500 };
const HOUR_MS = 3600_000;

interface HttpContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Minutes a code lives, and wrong attempts one code takes. */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_ATTEMPTS = 5;

/** Codes sent: per person (and address) and per number (and address), like mailed codes. */
const SEND_PER_PERSON: GuardPolicy = { name: 'phone-send', ...MAIL_GUARD };
const SEND_PER_NUMBER: GuardPolicy = { name: 'phone-send-number', ...MAIL_GUARD };
/** Wrong codes: like the e-mail codes. */
const VERIFY: GuardPolicy = { name: 'phone-code', ...CODE_GUARD };

const hashCode = (userId: string, number: string, code: string) => createHash('sha256').update(`${userId}:${number}:${code}`).digest('hex');

async function guard(db: Db, policy: GuardPolicy, subject: string, { req, reply }: HttpContext) {
  const answer = await claimAttempt(db, policy, subject, req.ip);
  if (!answer.ok) {
    void reply.header('Retry-After', answer.retryAfterSeconds);
    throw new AppError('RATE_LIMITED', messaging.phone.resendTooSoon(answer.retryAfterSeconds));
  }
  return answer.attempt;
}

/** Counts one under `key` in the hour's window; past `max`, a 429 with `message` until the window ends. */
async function capped(db: Db, key: string, max: number, message: string, { reply }: HttpContext): Promise<void> {
  const { hits, resetAt } = await countHit(db, key, HOUR_MS);
  if (hits <= max) return;
  void reply.header('Retry-After', Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)));
  throw new AppError('RATE_LIMITED', message);
}

export async function phoneStatus(db: Db, userId: string): Promise<PhoneStatus> {
  const [row, code] = await Promise.all([findPhone(db, userId), findCode(db, userId)]);
  const channel = (verified: Date | null | undefined, optedOut: Date | null | undefined, undeliverable: Date | null | undefined) => ({
    verified: !!verified,
    optedOut: !!optedOut,
    undeliverable: !!undeliverable,
  });
  return {
    // A number the provider stopped delivering to is still shown, with why (decision 040 as amended on 2026-11-27).
    number: row && (row.whatsappVerifiedAt || row.smsVerifiedAt || row.whatsappUndeliverableAt || row.smsUndeliverableAt) ? row.number : null,
    channels: {
      whatsapp: channel(row?.whatsappVerifiedAt, row?.whatsappOptedOutAt, row?.whatsappUndeliverableAt),
      sms: channel(row?.smsVerifiedAt, row?.smsOptedOutAt, row?.smsUndeliverableAt),
    },
    pending:
      code && code.expiresAt.getTime() > Date.now() && code.attempts < PHONE_CODE_ATTEMPTS
        ? {
            number: code.number,
            channel: code.channel as PhoneChannel,
            expiresAt: code.expiresAt.toISOString(),
            resendAt: new Date(code.sentAt.getTime() + PHONE_RESEND_SECONDS * 1000).toISOString(),
          }
        : null,
  };
}

/** POST /api/me/phone: sends a code to the number by the channel; nothing changes until it is confirmed. */
export async function requestCode(deps: PhoneDeps, userId: string, input: { number: string; channel: PhoneChannel }, http: HttpContext): Promise<PhoneStatus> {
  const { db } = deps;
  const previous = await findCode(db, userId);
  const waitMs = previous ? previous.sentAt.getTime() + PHONE_RESEND_SECONDS * 1000 - Date.now() : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    void http.reply.header('Retry-After', seconds);
    throw new AppError('RATE_LIMITED', messaging.phone.resendTooSoon(seconds));
  }
  const limits = { ...PHONE_CODE_LIMITS, ...deps.limits };
  // Every request counts before anything about the number is said (issue 48: "confirmed on another
  // account" told whether a number is someone's to any caller, before any limit): per client address,
  // per person and per number (a number cannot be flooded from many accounts).
  await capped(db, `phone-code:address:${http.req.ip}`, limits.perAddress, messaging.phone.tooManyFromAddress, http);
  await (await guard(db, SEND_PER_PERSON, `user:${userId}`, http)).failed();
  await (await guard(db, SEND_PER_NUMBER, `number:${input.number}`, http)).failed();
  if (await verifiedByAnother(db, input.number, userId)) throw new AppError('CONFLICT', messaging.phone.takenByOther);
  // The codes really sent, for everyone: what a flood could cost in an hour.
  await capped(db, 'phone-code:everyone', limits.perHour, messaging.phone.tooManyEverywhere, http);

  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const codeHash = hashCode(userId, input.number, code);
  const saved = await saveCode(db, { userId, number: input.number, channel: input.channel, codeHash, expiresAt: new Date(Date.now() + PHONE_CODE_TTL_MS) });
  const messenger = deps.messengers[input.channel];
  const key = `phone-code:${userId}:${saved.sentAt.getTime()}`;
  const sent =
    input.channel === 'whatsapp'
      ? await messenger.sendTemplate(input.number, WHATSAPP_CODE_TEMPLATE.name, 'es', [code], key)
      : await messenger.sendText(input.number, messaging.smsCode(code), key);
  if (!sent.ok) {
    await deleteCode(db, userId, codeHash);
    if (sent.kind === 'addressGone') throw new AppError('VALIDATION', messaging.phone.undeliverable(input.channel), { number: messaging.phone.undeliverable(input.channel) });
    if (sent.kind === 'optedOut') throw new AppError('CONFLICT', messaging.phone.optedOutOfChannel);
    throw new AppError('UNAVAILABLE', messaging.phone.providerDown);
  }
  return phoneStatus(db, userId);
}

/** POST /api/me/phone/verify: the right code turns the channel on for that number. */
export async function verifyCode(deps: PhoneDeps, userId: string, code: string, http: HttpContext): Promise<PhoneStatus> {
  const { db } = deps;
  const attempt = await guard(db, VERIFY, `user:${userId}`, http);
  const pending = await findCode(db, userId);
  const fail = async (err: AppError) => {
    await attempt.failed();
    return err;
  };
  if (!pending) throw await fail(new AppError('INVALID_CODE', messaging.phone.noPendingCode));
  if (pending.attempts >= PHONE_CODE_ATTEMPTS) throw await fail(new AppError('CODE_LOCKED', messaging.phone.codeLocked));
  if (pending.expiresAt.getTime() <= Date.now()) throw await fail(new AppError('CODE_EXPIRED', messaging.phone.codeExpired));
  if (hashCode(userId, pending.number, code) !== pending.codeHash) {
    const attempts = await addAttempt(db, userId);
    const left = PHONE_CODE_ATTEMPTS - attempts;
    throw await fail(
      left > 0 ? new AppError('INVALID_CODE', messaging.phone.wrongCode(left), { code: messaging.phone.wrongCode(left) }) : new AppError('CODE_LOCKED', messaging.phone.codeLocked),
    );
  }
  await attempt.succeeded();
  try {
    await db.transaction(async (tx) => {
      if (await verifiedByAnother(tx, pending.number, userId)) throw new AppError('CONFLICT', messaging.phone.takenByOther);
      await confirmNumber(tx, userId, pending.number, pending.channel as PhoneChannel);
      await deleteCode(tx, userId);
    });
  } catch (err) {
    // Two accounts confirming one number at once: the unique index lets one through.
    if (databaseErrorOf(err)?.code === '23505') throw new AppError('CONFLICT', messaging.phone.takenByOther);
    throw err;
  }
  return phoneStatus(db, userId);
}

/** DELETE /api/me/phone: the number, its channels and any pending code are gone. */
export async function removePhone(db: Db, userId: string): Promise<PhoneStatus> {
  const [row, code] = await Promise.all([findPhone(db, userId), findCode(db, userId)]);
  if (!row && !code) throw new AppError('NOT_FOUND', messaging.phone.noNumber);
  await db.transaction((tx) => deletePhone(tx, userId));
  return phoneStatus(db, userId);
}

/** An account erased (modules/account): its number and pending code go with it. */
export function forgetPhone(tx: DbOrTx, userId: string): Promise<void> {
  return deletePhone(tx, userId);
}

/** A person's WhatsApp state for the console (decision 061): number, consent and Meta's 24-hour window. */
export async function whatsappState(db: Db, userId: string, now: Date = new Date()): Promise<AdminPerson['whatsapp']> {
  const phone = await findPhone(db, userId);
  if (!phone) return null;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const windowEnd = phone.lastInboundAt ? new Date(phone.lastInboundAt.getTime() + WHATSAPP_WINDOW_MS) : null;
  return {
    number: phone.number,
    verifiedAt: iso(phone.whatsappVerifiedAt),
    optedInAt: iso(phone.whatsappOptedInAt),
    optInSource: (phone.whatsappOptInSource as ConsentSource | null) ?? null,
    optedOutAt: iso(phone.whatsappOptedOutAt),
    optOutSource: (phone.whatsappOptOutSource as ConsentSource | null) ?? null,
    lastInboundAt: iso(phone.lastInboundAt),
    windowOpenUntil: windowEnd && windowEnd > now ? windowEnd.toISOString() : null,
  };
}

/**
 * Issue 48's limits for a code asked for without an account (sign-in by phone, decision 071):
 * counted per client address before anything is looked up (429 past it, the same for any number).
 */
export async function countCodeRequestFromAddress(deps: Pick<PhoneDeps, 'db' | 'limits'>, http: HttpContext): Promise<void> {
  const limits = { ...PHONE_CODE_LIMITS, ...deps.limits };
  await capped(deps.db, `phone-code:address:${http.req.ip}`, limits.perAddress, messaging.phone.tooManyFromAddress, http);
}

/** One more code sent in everyone's hourly budget (PHONE_CODES_PER_HOUR); false once it is spent. */
export async function everyonesCodeBudgetAllows(deps: Pick<PhoneDeps, 'db' | 'limits'>): Promise<boolean> {
  const limits = { ...PHONE_CODE_LIMITS, ...deps.limits };
  const { hits } = await countHit(deps.db, 'phone-code:everyone', HOUR_MS);
  return hits <= limits.perHour;
}

/** The account that holds `number` verified on a channel (one at most), or undefined: "a number already on ArreglaYa" (decision 064). */
export function ownerOfNumber(db: DbOrTx, number: string): Promise<string | undefined> {
  return findOwnerOfNumber(db, number);
}

/** A number proven by a code sent elsewhere (an invitation's join code, decision 064): verified on that channel for the account. */
export function confirmProvenNumber(tx: DbOrTx, userId: string, number: string, channel: PhoneChannel): Promise<void> {
  return confirmNumber(tx, userId, number, channel);
}
