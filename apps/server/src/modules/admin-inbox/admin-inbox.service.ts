import type { InboxStatus } from '@arreglaya/shared/domain';
import { adminInbox as t } from '@arreglaya/shared/i18n/admin-ops';
import type { InboxItem, InboxKind, InboxPage, SubscriberPage } from '@arreglaya/shared/schemas/admin-ops';
import type { Db } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { renderMail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  listContactItems,
  listReferralItems,
  listSubscriptions,
  lockContactItem,
  lockReferralItem,
  setContactItemStatus,
  setReferralItemStatus,
} from './admin-inbox.repository.ts';

export interface AdminInboxDeps {
  db: Db;
  mailer: Mailer;
  cipher: DataCipher;
}

export interface AdminActor {
  id: string;
  sessionId?: string | null;
}

export const INBOX_PAGE_SIZE = 25;
/** The newsletter CSV carries at most this many rows. */
const SUBSCRIBERS_CSV_MAX = 100_000;

function openSealed(cipher: DataCipher, sealed: Buffer | null): string | null {
  if (!sealed) return null;
  try {
    return cipher.open(sealed);
  } catch {
    return null;
  }
}

/** One page of an inbox. A store application's cédula is opened for this view only; its bank account shows the last 4 digits (decision 010). */
export async function readInbox(deps: AdminInboxDeps, kind: InboxKind, status: InboxStatus | undefined, page: number): Promise<InboxPage> {
  const range = { limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE };
  if (kind === 'referral') {
    const { rows, total } = await listReferralItems(deps.db, status, range);
    const items: InboxItem[] = rows.map((r) => ({
      id: r.id,
      kind,
      status: r.status,
      name: r.name,
      email: r.email,
      phone: r.phone,
      messageType: null,
      message: null,
      serviceTypes: [],
      address: null,
      cedula: null,
      bank: null,
      bankAccount: null,
      referredBy: r.referredBy,
      replyText: r.replyText,
      createdAt: r.createdAt.toISOString(),
    }));
    return { items, page, pageSize: INBOX_PAGE_SIZE, total };
  }
  const { rows, total } = await listContactItems(deps.db, kind, status, range);
  const items: InboxItem[] = rows.map((r) => ({
    id: r.id,
    kind,
    status: r.status,
    name: [r.firstName, r.lastName].filter(Boolean).join(' '),
    email: r.email,
    phone: r.phone,
    messageType: r.messageType,
    message: r.message,
    serviceTypes: r.serviceTypes ?? [],
    address: r.address,
    cedula: openSealed(deps.cipher, r.cedulaEnc),
    bank: r.bank,
    bankAccount: r.bankAccountLast4 ? `•••• ${r.bankAccountLast4}` : null,
    referredBy: null,
    replyText: r.replyText,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, page, pageSize: INBOX_PAGE_SIZE, total };
}

/** An inbox item by its id (ids are UUIDs, unique across the contact forms and referrals), locked. */
async function lockItem(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: string): Promise<{ kind: InboxKind; name: string; email: string | null }> {
  const contact = await lockContactItem(tx, id);
  if (contact) return contact;
  const referral = await lockReferralItem(tx, id);
  if (referral) return { ...referral, kind: 'referral' };
  throw new AppError('NOT_FOUND');
}

/**
 * Mails the team's reply to the person who wrote (through the outbox, in the same transaction)
 * and marks the item answered; the reply is kept and the act logged.
 */
export async function replyToInboxItem(deps: AdminInboxDeps, actor: AdminActor, id: string, reply: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const item = await lockItem(tx, id);
    const kind = item.kind;
    if (!item.email) throw new AppError('VALIDATION', t.noEmail, { reply: t.noEmail });
    const mail = renderMail({ title: t.mailTitle, paragraphs: [t.mailGreeting(item.name), reply], footer: t.mailFooter });
    await deps.mailer.queue(tx, { to: item.email, template: 'inbox-reply', subject: t.mailSubject, ...mail });
    const change = { status: 'answered' as const, by: actor.id, replyText: reply };
    if (kind === 'referral') await setReferralItemStatus(tx, id, change);
    else await setContactItemStatus(tx, id, change);
    await recordLogEntry(tx, { userId: actor.id, sessionId: actor.sessionId ?? null, action: 'admin-inbox-reply', location: `/admin/bandejas`, details: { kind, id } });
  });
  deps.mailer.kick();
}

/** Closes an inbox item (nothing more to do); logged. */
export async function closeInboxItem(deps: AdminInboxDeps, actor: AdminActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { kind } = await lockItem(tx, id);
    const change = { status: 'closed' as const, by: actor.id };
    if (kind === 'referral') await setReferralItemStatus(tx, id, change);
    else await setContactItemStatus(tx, id, change);
    await recordLogEntry(tx, { userId: actor.id, sessionId: actor.sessionId ?? null, action: 'admin-inbox-close', location: `/admin/bandejas`, details: { kind, id } });
  });
}

export async function readSubscribers(db: Db, page: number): Promise<SubscriberPage> {
  const { rows, total } = await listSubscriptions(db, { limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE });
  return {
    items: rows.map((r) => ({ id: r.id, email: r.email, status: r.status, createdAt: r.createdAt.toISOString(), unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null })),
    page,
    pageSize: INBOX_PAGE_SIZE,
    total,
  };
}

/** The newsletter list as CSV (Spanish headers, formula-safe cells); the export itself is logged. */
export async function exportSubscribersCsv(db: Db, actor: AdminActor): Promise<string> {
  const { rows } = await listSubscriptions(db, { limit: SUBSCRIBERS_CSV_MAX, offset: 0 });
  await recordLogEntry(db, {
    userId: actor.id,
    sessionId: actor.sessionId ?? null,
    action: 'admin-newsletter-export',
    location: '/admin/bandejas',
    details: { rows: rows.length },
  });
  const h = t.csvHeaders;
  return toCsv(
    [h.email, h.status, h.subscribedAt, h.unsubscribedAt],
    rows.map((r) => [r.email, t.subscriptionStatus[r.status], r.createdAt.toISOString(), r.unsubscribedAt?.toISOString() ?? null]),
  );
}
