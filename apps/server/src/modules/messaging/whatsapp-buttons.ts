import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createHash, randomBytes } from 'node:crypto';
import { renderTemplate, WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import { BUTTON_ACTIONS, BUTTON_TITLES, MONEY_LINK_TYPES, NOTICE_BUTTONS, whatsappButtons as tb, type ButtonAction } from '@arreglaya/shared/i18n/whatsapp-buttons';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations, notificationDeliveries, phoneNumbers, quotes, users, whatsappButtons } from '../../db/schema/index.ts';
import type { ChatPair } from '../../db/schema/notifications.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendMessage, type ChatDeps } from '../chat/chat.service.ts';
import type { ChannelMessage } from '../notifications/channel-sender.ts';
import { projectUrl } from '../projects/project-notify.ts';
import type { QuotesDeps } from '../projects/quotes.service.ts';
import { acceptQuote, rejectQuote } from '../projects/quote-decisions.service.ts';
import { markArrival, type ShowUpDeps } from '../projects/show-up.service.ts';
import { isActiveUser } from '../users/users.service.ts';
import type { Messenger, MessengerResult } from './messenger.ts';
import { createOneTimeLink } from './one-time-links.ts';
import { findWhatsAppOwner } from './phone.repository.ts';

// Buttons on WhatsApp notices (issue 50 item 2, decision 062). Sending: a notice of a type with
// buttons (NOTICE_BUTTONS) gets one random token per button, stored hashed with the person and the
// record it acts on; inside Meta's 24-hour window it goes as an interactive message, outside it as
// its template with the tokens as the quick replies' payloads. A notice about money (MONEY_LINK_TYPES)
// gets no button: its link becomes a one-time link to the signed-in page. Pressing: the token names
// the person and the record; the press runs the web's own service function as that person.

/** How long a button acts (the offer's own expiry, or its state, usually ends it first). */
export const BUTTON_TTL_MS = 30 * 86_400_000;
/** "Responder": the person's next text goes to that conversation within this time (Meta's window). */
const REPLY_MS = 24 * 3600 * 1000;
const WINDOW_MS = 24 * 3600 * 1000;
/** Our ids start with this: anything else pressed is not one of ours. */
const ID_PREFIX = 'ay1.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A button to store and send. */
interface NewButton {
  action: ButtonAction;
  userId: string;
  deliveryId: string;
  quoteId: string | null;
  projectId: string | null;
  chatPair: ChatPair | null;
}

/**
 * Stores the buttons and gives their ids (Meta's `reply.id`, or a quick reply's payload) and titles.
 * Only BUTTON_ACTIONS: an action that would release, refund or cancel money is refused here, so no
 * button can ever carry one (decision 062: those are a one-time link to the signed-in page).
 */
export async function issueButtons(db: DbOrTx, list: readonly NewButton[], now: Date): Promise<{ id: string; title: string }[]> {
  for (const b of list) if (!(BUTTON_ACTIONS as readonly string[]).includes(b.action)) throw new Error(`not a button action: ${b.action}`);
  const tokens = list.map(() => `${ID_PREFIX}${randomBytes(32).toString('base64url')}`);
  if (list.length > 0) await db.insert(whatsappButtons).values(list.map((b, i) => ({ ...b, tokenHash: hashOf(tokens[i]!), expiresAt: new Date(now.getTime() + BUTTON_TTL_MS) })));
  return list.map((b, i) => ({ id: tokens[i]!, title: BUTTON_TITLES[b.action] }));
}

/** Whether Meta's window is open for the person: their last WhatsApp message less than 24 hours ago. */
async function windowOpen(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ at: phoneNumbers.lastInboundAt }).from(phoneNumbers).where(eq(phoneNumbers.userId, userId));
  return !!row?.at && now.getTime() - row.at.getTime() < WINDOW_MS;
}

/** The contractor's newest offer on the project (the one a new-offer notice is about). */
async function offerOf(db: DbOrTx, projectId: string, contractorId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.contractorId, contractorId)))
    .orderBy(desc(quotes.createdAt))
    .limit(1);
  return row?.id ?? null;
}

export interface WhatsAppNotices {
  deliver(db: DbOrTx, messenger: Messenger, number: string, message: ChannelMessage): Promise<MessengerResult>;
}

/** How the WhatsApp sender sends a notice: its template, with buttons or a one-time link where its type has them. */
export function createWhatsAppNotices(deps: { appUrl: string; now?: () => Date }): WhatsAppNotices {
  return {
    async deliver(db, messenger, number, message) {
      const now = deps.now?.() ?? new Date();
      const template = WHATSAPP_TEMPLATES[message.type];
      let params = message.templateParams;
      if (MONEY_LINK_TYPES.includes(message.type)) {
        // Never approved from a chat: the link opens the signed-in page, once.
        const path = message.url.startsWith(deps.appUrl) ? message.url.slice(deps.appUrl.length) || '/' : '/';
        const link = await createOneTimeLink(db, { appUrl: deps.appUrl, userId: message.userId, path, now });
        params = params.map((p, i) => (template.params[i] === 'url' ? link : p));
      }
      const actions = NOTICE_BUTTONS[message.type];
      if (!actions) return messenger.sendTemplate(number, template.name, 'es', params, message.deliveryId);
      const [delivery] = await db.select({ chatPair: notificationDeliveries.chatPair }).from(notificationDeliveries).where(eq(notificationDeliveries.id, message.deliveryId));
      const pair = delivery?.chatPair ?? null;
      const quoteId = pair?.projectId && actions.includes('acceptOffer') ? await offerOf(db, pair.projectId, pair.contractorId) : null;
      const buttons = await issueButtons(
        db,
        actions.map((action) => ({ action, userId: message.userId, deliveryId: message.deliveryId, quoteId, projectId: pair?.projectId ?? null, chatPair: pair })),
        now,
      );
      if (messenger.sendInteractive && (await windowOpen(db, message.userId, now)))
        return messenger.sendInteractive(number, renderTemplate(template, params), buttons, message.deliveryId);
      return messenger.sendTemplate(
        number,
        template.name,
        'es',
        params,
        message.deliveryId,
        buttons.map((b) => b.id),
      );
    },
  };
}

/** What a press needs: the projects' services (offers, "Llegué") and the chat, as the web uses them. */
export interface ButtonPressDeps {
  projects: QuotesDeps & ShowUpDeps;
  chat: ChatDeps;
  appUrl: string;
}

async function conversationOf(db: DbOrTx, pair: ChatPair): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.clientId, pair.clientId),
        eq(conversations.contractorId, pair.contractorId),
        sql`${conversations.projectId} IS NOT DISTINCT FROM ${pair.projectId}::uuid`,
      ),
    );
  return row?.id ?? null;
}

/**
 * The conversation a person chose with "Responder" (within 24 hours), taken once: their next text
 * goes there (decision 062), then replies follow decision 061 again. Null when none is pending.
 */
export async function takeReplyTarget(db: DbOrTx, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(whatsappButtons)
    .set({ replyUntil: null })
    .where(
      eq(
        whatsappButtons.tokenHash,
        sql`(SELECT ${whatsappButtons.tokenHash} FROM ${whatsappButtons} WHERE ${whatsappButtons.userId} = ${userId} AND ${whatsappButtons.replyUntil} > ${now.toISOString()}::timestamptz ORDER BY ${whatsappButtons.replyUntil} DESC LIMIT 1)`,
      ),
    )
    .returning({ chatPair: whatsappButtons.chatPair });
  return row?.chatPair ? conversationOf(db, row.chatPair) : null;
}

type Answer = (text: string) => Promise<void>;

/**
 * A pressed button (Meta's `interactive.button_reply.id` or a template's `button.payload`): from the
 * one person with the number verified, the button theirs, live and unspent, its action is run by
 * the web's own service function as that person. Anything else changes nothing and is answered once
 * in Spanish (a number of nobody, or opted out, gets nothing, as in decision 061).
 */
/** What a press needs of the inbound handler's deps and message (inbound.service.ts passes its own). */
interface PressContext {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => number;
}

export async function handleButtonPress(deps: PressContext, press: ButtonPressDeps, m: { from: string; at?: Date; buttonId: string }, answer: Answer): Promise<void> {
  const db = deps.db;
  const now = new Date(deps.now?.() ?? Date.now());
  const owner = await findWhatsAppOwner(db, m.from);
  if (!owner || owner.optedOut) return;
  const [button] = m.buttonId.startsWith(ID_PREFIX)
    ? await db
        .select()
        .from(whatsappButtons)
        .where(eq(whatsappButtons.tokenHash, hashOf(m.buttonId)))
    : [];
  if (!button || button.expiresAt <= now) return answer(tb.answers.expired);
  if (button.userId !== owner.userId) {
    deps.log.warn({ action: button.action }, 'WhatsApp button pressed from another number: nothing done');
    return answer(tb.answers.notYours);
  }
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, owner.userId));
  if (!user || !(await isActiveUser(db, user.id))) return;
  const actor = { id: user.id, role: user.role, sessionId: null };
  const action = button.action as ButtonAction;

  if (action === 'reply') {
    // Not spent: the person may press it again; only their next text is routed.
    await db
      .update(whatsappButtons)
      .set({ replyUntil: null })
      .where(and(eq(whatsappButtons.userId, user.id), gt(whatsappButtons.replyUntil, now)));
    await db
      .update(whatsappButtons)
      .set({ replyUntil: new Date((m.at ?? now).getTime() + REPLY_MS) })
      .where(eq(whatsappButtons.tokenHash, button.tokenHash));
    return answer(tb.answers.reply);
  }

  // One press acts: the token is spent before the action (two presses at once, one goes on).
  const [spent] = await db
    .update(whatsappButtons)
    .set({ usedAt: now })
    .where(and(eq(whatsappButtons.tokenHash, button.tokenHash), isNull(whatsappButtons.usedAt)))
    .returning({ tokenHash: whatsappButtons.tokenHash });
  if (!spent) return answer(tb.answers.used);

  try {
    switch (action) {
      case 'acceptOffer': {
        if (!button.quoteId) throw new AppError('NOT_FOUND', tb.answers.expired);
        const quote = await acceptQuote(press.projects, actor, button.quoteId);
        return answer(tb.answers.accepted(projectUrl(press.appUrl, quote.projectId)));
      }
      case 'declineOffer':
        if (!button.quoteId) throw new AppError('NOT_FOUND', tb.answers.expired);
        await rejectQuote(press.projects, actor, button.quoteId, undefined);
        return answer(tb.answers.declined);
      case 'arrived':
        if (!button.projectId) throw new AppError('NOT_FOUND', tb.answers.expired);
        await markArrival(press.projects, actor, button.projectId);
        return answer(tb.answers.arrived);
      case 'onMyWay': {
        const conversationId = button.chatPair ? await conversationOf(db, button.chatPair) : null;
        if (!conversationId) throw new AppError('NOT_FOUND', tb.answers.expired);
        await sendMessage(press.chat, { id: user.id }, conversationId, tb.onMyWayMessage);
        return answer(tb.answers.onMyWay);
      }
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    deps.log.info({ action, code: err.code }, 'WhatsApp button refused by the service');
    return answer(tb.answers.refused(err.message));
  }
}
