import { and, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ConsentSource, PhoneChannel } from '@arreglaya/shared/schemas/phone';
import type { DbOrTx } from '../../db/client.ts';
import { messagingWebhookEvents, phoneCodes, phoneNumbers, users } from '../../db/schema/index.ts';

export type PhoneRow = typeof phoneNumbers.$inferSelect;
export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

const verifiedCol = { whatsapp: phoneNumbers.whatsappVerifiedAt, sms: phoneNumbers.smsVerifiedAt } as const;
const optedOutCol = { whatsapp: phoneNumbers.whatsappOptedOutAt, sms: phoneNumbers.smsOptedOutAt } as const;
const verifiedKey = { whatsapp: 'whatsappVerifiedAt', sms: 'smsVerifiedAt' } as const;
const optedOutKey = { whatsapp: 'whatsappOptedOutAt', sms: 'smsOptedOutAt' } as const;
const undeliverableCol = { whatsapp: phoneNumbers.whatsappUndeliverableAt, sms: phoneNumbers.smsUndeliverableAt } as const;
const undeliverableKey = { whatsapp: 'whatsappUndeliverableAt', sms: 'smsUndeliverableAt' } as const;

export async function findPhone(db: DbOrTx, userId: string): Promise<PhoneRow | undefined> {
  const [row] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, userId));
  return row;
}

/** The number a channel reaches the person on: verified for it and not opted out. */
export async function reachableNumber(db: DbOrTx, userId: string, channel: PhoneChannel): Promise<string | null> {
  const [row] = await db
    .select({ number: phoneNumbers.number })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.userId, userId), isNotNull(verifiedCol[channel]), isNull(optedOutCol[channel])));
  return row?.number ?? null;
}

/** The same rule as reachableNumber, as a condition on `users.id` (the dispatcher's one statement for many people). */
export function reachableNumberWhere(channel: PhoneChannel): SQL {
  return sql`EXISTS (SELECT 1 FROM ${phoneNumbers} WHERE ${phoneNumbers.userId} = ${users.id} AND ${verifiedCol[channel]} IS NOT NULL AND ${optedOutCol[channel]} IS NULL)`;
}

/** Whether another account has this number verified on any channel. */
export async function verifiedByAnother(db: DbOrTx, number: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: phoneNumbers.userId })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.number, number), ne(phoneNumbers.userId, userId), or(isNotNull(phoneNumbers.whatsappVerifiedAt), isNotNull(phoneNumbers.smsVerifiedAt))));
  return row !== undefined;
}

/** The account with this number verified on any channel (the partial unique index allows one). */
export async function findOwnerOfNumber(db: DbOrTx, number: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: phoneNumbers.userId })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.number, number), or(isNotNull(phoneNumbers.whatsappVerifiedAt), isNotNull(phoneNumbers.smsVerifiedAt))));
  return row?.userId;
}

/**
 * The person confirmed `number` on `channel`: verified now and not opted out (they asked for it).
 * A different number replaces the old one and its channels.
 */
export async function confirmNumber(db: DbOrTx, userId: string, number: string, channel: PhoneChannel): Promise<void> {
  const now = sql`now()`;
  const fresh = {
    number,
    whatsappVerifiedAt: null,
    smsVerifiedAt: null,
    whatsappOptedOutAt: null,
    smsOptedOutAt: null,
    whatsappUndeliverableAt: null,
    smsUndeliverableAt: null,
    lastInboundAt: null,
  };
  const other = channel === 'whatsapp' ? 'sms' : 'whatsapp';
  // WhatsApp consent (decision 061): confirming the number on WhatsApp in the settings is the opt-in;
  // confirming it on SMS keeps WhatsApp's consent only for the same number.
  const sameNumber = (col: SQL | typeof phoneNumbers.whatsappOptedInAt | typeof phoneNumbers.whatsappOptInSource | typeof phoneNumbers.whatsappOptOutSource) =>
    sql`CASE WHEN ${phoneNumbers.number} = ${number} THEN ${col} END`;
  const consent =
    channel === 'whatsapp'
      ? { whatsappOptedInAt: now, whatsappOptInSource: 'settings', whatsappOptOutSource: null }
      : {
          whatsappOptedInAt: sameNumber(phoneNumbers.whatsappOptedInAt),
          whatsappOptInSource: sameNumber(phoneNumbers.whatsappOptInSource),
          whatsappOptOutSource: sameNumber(phoneNumbers.whatsappOptOutSource),
        };
  await db
    .insert(phoneNumbers)
    .values({ userId, ...fresh, [verifiedKey[channel]]: now, ...(channel === 'whatsapp' ? { whatsappOptedInAt: now, whatsappOptInSource: 'settings' } : {}) })
    .onConflictDoUpdate({
      target: phoneNumbers.userId,
      set: {
        number,
        [verifiedKey[channel]]: now,
        [optedOutKey[channel]]: null,
        // Confirmed again: the provider's "cannot receive" is over (decision 040 as amended on 2026-11-27).
        [undeliverableKey[channel]]: null,
        // Another number: the other channel and the window belonged to the old one.
        [verifiedKey[other]]: sql`CASE WHEN ${phoneNumbers.number} = ${number} THEN ${verifiedCol[other]} END`,
        [optedOutKey[other]]: sql`CASE WHEN ${phoneNumbers.number} = ${number} THEN ${optedOutCol[other]} END`,
        [undeliverableKey[other]]: sql`CASE WHEN ${phoneNumbers.number} = ${number} THEN ${undeliverableCol[other]} END`,
        lastInboundAt: sql`CASE WHEN ${phoneNumbers.number} = ${number} THEN ${phoneNumbers.lastInboundAt} END`,
        ...consent,
        updatedAt: now,
      },
    });
}

export async function deletePhone(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(phoneNumbers).where(eq(phoneNumbers.userId, userId));
  await db.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
}

/** Opts the number out of (or back into) a channel; the rows that changed (0 on a repeat). WhatsApp keeps when and how. */
export async function setOptedOut(db: DbOrTx, number: string, channel: PhoneChannel, optedOut: boolean, source: ConsentSource): Promise<number> {
  const col = optedOutCol[channel];
  const consent =
    channel !== 'whatsapp' ? {} : optedOut ? { whatsappOptOutSource: source } : { whatsappOptedInAt: sql`now()`, whatsappOptInSource: source, whatsappOptOutSource: null };
  const rows = await db
    .update(phoneNumbers)
    .set({ [optedOutKey[channel]]: optedOut ? sql`now()` : null, ...consent, updatedAt: sql`now()` })
    .where(and(eq(phoneNumbers.number, number), optedOut ? isNull(col) : isNotNull(col)))
    .returning({ userId: phoneNumbers.userId });
  return rows.length;
}

/**
 * The provider said the number cannot receive on a channel (invalid, not on WhatsApp: at the send or
 * in a later status): no longer verified for it, and marked so the person's page says why. The other
 * channel is untouched.
 */
export async function markUndeliverable(db: DbOrTx, userId: string, channel: PhoneChannel): Promise<void> {
  await db
    .update(phoneNumbers)
    .set({ [verifiedKey[channel]]: null, [undeliverableKey[channel]]: sql`now()`, updatedAt: sql`now()` })
    .where(eq(phoneNumbers.userId, userId));
}

/** The person wrote to us on WhatsApp at `at` (the message's time): free text may reach them for 24 hours after it. */
export async function touchInbound(db: DbOrTx, number: string, at: Date = new Date()): Promise<void> {
  const when = at.toISOString();
  await db
    .update(phoneNumbers)
    .set({ lastInboundAt: sql`GREATEST(${phoneNumbers.lastInboundAt}, ${when}::timestamptz)` })
    .where(eq(phoneNumbers.number, number));
}

/** The one person who has this number verified for WhatsApp (a unique index keeps it one), and whether it opted out. */
export async function findWhatsAppOwner(db: DbOrTx, number: string): Promise<{ userId: string; optedOut: boolean } | undefined> {
  const [row] = await db
    .select({ userId: phoneNumbers.userId, optedOutAt: phoneNumbers.whatsappOptedOutAt })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.number, number), isNotNull(phoneNumbers.whatsappVerifiedAt)));
  return row ? { userId: row.userId, optedOut: row.optedOutAt !== null } : undefined;
}

export async function findCode(db: DbOrTx, userId: string): Promise<PhoneCodeRow | undefined> {
  const [row] = await db.select().from(phoneCodes).where(eq(phoneCodes.userId, userId));
  return row;
}

export async function saveCode(db: DbOrTx, row: Omit<PhoneCodeRow, 'attempts' | 'sentAt'>): Promise<PhoneCodeRow> {
  const [saved] = await db
    .insert(phoneCodes)
    .values({ ...row, attempts: 0 })
    .onConflictDoUpdate({ target: phoneCodes.userId, set: { ...row, attempts: 0, sentAt: sql`now()` } })
    .returning();
  return saved!;
}

/** Forgets the code (only this one: a newer code sent meanwhile stays). */
export async function deleteCode(db: DbOrTx, userId: string, codeHash?: string): Promise<void> {
  await db.delete(phoneCodes).where(and(eq(phoneCodes.userId, userId), codeHash === undefined ? undefined : eq(phoneCodes.codeHash, codeHash)));
}

/** One more wrong attempt on the code; the attempts now. */
export async function addAttempt(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(eq(phoneCodes.userId, userId))
    .returning({ attempts: phoneCodes.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** Marks a webhook event handled; false when it already was (a provider's repeat). */
export async function firstTimeSeen(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db
    .insert(messagingWebhookEvents)
    .values({ key: key.slice(0, 200) })
    .onConflictDoNothing()
    .returning({ key: messagingWebhookEvents.key });
  return rows.length > 0;
}
