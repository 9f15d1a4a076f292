import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxContacts, sandboxMessages } from '../../db/schema/index.ts';
import type { PhoneChannel } from '@arreglaya/shared/schemas/phone';

// The stand-ins' own records (schema sandbox_messaging): our code outside the stand-ins never reads them.

export type SandboxMessage = typeof sandboxMessages.$inferSelect;

export async function findByIdempotencyKey(db: Db, channel: PhoneChannel, key: string): Promise<SandboxMessage | undefined> {
  const [row] = await db
    .select()
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.channel, channel), eq(sandboxMessages.idempotencyKey, key)));
  return row;
}

/** Stores an accepted message; a concurrent one with the same key wins and is returned instead. */
export async function insertMessage(db: Db, message: typeof sandboxMessages.$inferInsert): Promise<SandboxMessage> {
  const [row] = await db.insert(sandboxMessages).values(message).onConflictDoNothing().returning();
  if (row) return row;
  const existing = message.idempotencyKey ? await findByIdempotencyKey(db, message.channel as PhoneChannel, message.idempotencyKey) : undefined;
  if (!existing) throw new Error('sandbox message neither inserted nor found');
  return existing;
}

export async function setMessageStatus(db: Db, id: string, status: string, errorCode?: number): Promise<void> {
  await db
    .update(sandboxMessages)
    .set({ status, errorCode: errorCode ?? null })
    .where(eq(sandboxMessages.id, id));
}

/** What the stand-ins delivered, newest first (to one number, or to anyone). */
export function listOutbox(db: Db, opts: { to?: string; channel?: PhoneChannel; limit?: number } = {}): Promise<SandboxMessage[]> {
  const where = and(opts.to === undefined ? undefined : eq(sandboxMessages.toNumber, opts.to), opts.channel === undefined ? undefined : eq(sandboxMessages.channel, opts.channel));
  return db
    .select()
    .from(sandboxMessages)
    .where(where)
    .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
    .limit(opts.limit ?? 100);
}

export async function findContact(db: Db, channel: PhoneChannel, number: string) {
  const [row] = await db
    .select()
    .from(sandboxContacts)
    .where(and(eq(sandboxContacts.channel, channel), eq(sandboxContacts.number, number)));
  return row;
}

/** A message from the number: the 24-hour window opens; on SMS a STOP word unsubscribes it (as Twilio does), START resubscribes. */
export async function recordInbound(db: Db, channel: PhoneChannel, number: string, subscription: 'stop' | 'start' | null): Promise<void> {
  const unsubscribedAt = subscription === 'stop' ? sql`now()` : subscription === 'start' ? sql`NULL` : sql`${sandboxContacts.unsubscribedAt}`;
  await db
    .insert(sandboxContacts)
    .values({ channel, number, lastInboundAt: sql`now()`, unsubscribedAt: subscription === 'stop' ? sql`now()` : null })
    .onConflictDoUpdate({ target: [sandboxContacts.channel, sandboxContacts.number], set: { lastInboundAt: sql`now()`, unsubscribedAt } });
}
