import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import type { NoticeKind } from '@arreglaya/shared/schemas/notifications';
import { WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import type { NotificationType } from '@arreglaya/shared/notification-channels';
import { COUNTRIES, findCity, ZONE_LABELS, type CountryCode } from '@arreglaya/shared/countries';
import { formatDayTime } from '@arreglaya/shared/format-dates';
import { findPlace } from '@arreglaya/shared/places';
import { TIME_ZONES } from '@arreglaya/shared/schemas/projects';
import type { Tx } from '../../db/client.ts';
import { postNotice, postNoticeOnCommit } from '../chat/chat.service.ts';
import { openConversation, openConversationOnCommit } from '../contractor-contact/contractor-contact.service.ts';
import { renderMail } from '../mail/layout.ts';
import { listUnsubscribeHeaders } from '../mail/list-unsubscribe.ts';
import type { Mailer } from '../mail/mailer.ts';
import { NOTICE_TYPES, type NotificationDispatcher } from '../notifications/notification-dispatch.ts';
import { wantsMail } from '../notifications/notifications.service.ts';
import { findContact, findProjectContacts, findProjectTitle } from './projects.repository.ts';

export interface NotifyDeps {
  mailer: Mailer;
  appUrl: string;
  /** The outside channels (Web Push, WhatsApp, SMS; decision 038); absent: the notice and the mail only. */
  notifications?: NotificationDispatcher;
}

export interface Notice {
  /** Who is told. */
  to: string;
  /** What it is about (the notification centre's kind, issue 31). */
  kind: NoticeKind;
  /** The conversation it lands in: the project's client and one contractor. */
  pair: { clientId: string; contractorId: string; projectId: string };
  quoteId?: string | null;
  subject: string;
  title: string;
  /** Paragraphs after the greeting. */
  paragraphs: string[];
  actions?: { label: string; url: string }[];
  /** Mail it whatever the person's notification settings (a decision about their money). */
  alwaysMail?: boolean;
  /** The caller mails it with a template of its own (reviews): only the notice is posted here. */
  mailedByCaller?: boolean;
  /**
   * Its text on the outside channels (a push's body, the SMS) and the WhatsApp template's parameters
   * in the catalogue's order (WHATSAPP_TEMPLATES); without it, the title and the title alone.
   */
  outside?: { body: string; templateParams: string[] };
  /**
   * What the WhatsApp template of its type names (WHATSAPP_TEMPLATES' params: the project's title,
   * a person's name, an amount; the link is the project's page): without `outside`, the template's
   * parameters are filled from these and the push's or SMS's text is the notice's first paragraph.
   * Its `project` also heads a push's title and an SMS's first line; without it, the project's title
   * is read (issue 55: every notice names its project).
   */
  facts?: TemplateFacts;
  /** What caused it on the outside channels (with person and channel, their idempotency key); default: a new one. */
  sourceKey?: string;
  /** The person told, when the caller has just read them (saves reading them again); with `immediate`, their mail preference too. */
  known?: { firstName: string; email: string; immediate?: boolean };
}

/**
 * Tells a person something about a project or quote, inside the transaction that caused it:
 * a `notification` message (no sender) for `to` in the conversation of the client and contractor,
 * always (only `to` sees it, live on their open chat sockets after commit, carrying the project and
 * quote ids to act on);
 * its deliveries on the outside channels the person chose (decision 038);
 * and a mail through the outbox when the person keeps immediate notifications on. The caller
 * kicks the mailer after commit (which also wakes the outside channels' delivery, app.ts).
 *
 * The conversation, the notice with its NOTIFY and the mail are writes deferred to the commit
 * (db/deferred-writes.ts): they go in one statement with the transaction's other deferred writes
 * right before COMMIT, and fail the transaction if they fail.
 */
export async function notify(tx: Tx, deps: NotifyDeps, n: Notice): Promise<void> {
  // Only the person told sees it; their open chat sockets receive it when the transaction commits (decision 024).
  const notice = { recipientId: n.to, kind: n.kind, subject: n.title, body: n.paragraphs.join('\n\n'), quoteId: n.quoteId ?? null };
  const conversation = openConversationOnCommit(tx, n.pair);
  if (conversation) postNoticeOnCommit(tx, { conversation, ...notice });
  else await postNotice(tx, { conversationId: await openConversation(tx, n.pair), ...notice });
  // The same notice on the outside channels the person chose, queued in this transaction (decision 038).
  const type = NOTICE_TYPES[n.kind];
  if (type && deps.notifications) {
    // Every notice names its project on a phone too (issue 55): a push's title, an SMS's first line, WhatsApp's «…».
    const about = n.facts?.project || ((await findProjectTitle(tx, n.pair.projectId)) ?? '');
    await deps.notifications.queue(tx, {
      userId: n.to,
      type,
      about,
      ...(n.outside ?? outsideOf(type, { ...n.facts, project: about }, n, projectUrl(deps.appUrl, n.pair.projectId))),
      url: projectUrl(deps.appUrl, n.pair.projectId),
      chatPair: n.pair,
      ...(n.sourceKey ? { sourceKey: n.sourceKey } : {}),
    });
  }
  if (n.mailedByCaller) return;
  const person = n.known ?? (await findContact(tx, n.to));
  if (person && (n.alwaysMail || (n.known?.immediate ?? (await wantsMail(tx, n.to, 'immediate'))))) {
    // The unsubscribe link of these mails (decision 038), in the footer and the List-Unsubscribe header; a decision about their money (alwaysMail) has none.
    const unsubscribe = n.alwaysMail ? null : deps.notifications?.unsubscribeUrl(n.to, 'email');
    const footer = unsubscribe ? `${tm.footer} ${tn.unsubscribe.mailFooter} ${unsubscribe}` : tm.footer;
    const mail = renderMail({ title: n.title, paragraphs: [tm.greeting(person.firstName), ...n.paragraphs], actions: n.actions, footer });
    await deps.mailer.queue(tx, {
      to: person.email,
      template: 'project-notification',
      subject: n.subject,
      ...mail,
      ...(unsubscribe ? { headers: listUnsubscribeHeaders(unsubscribe) } : {}),
    });
  }
}

export interface TemplateFacts {
  project: string;
  contractor?: string;
  client?: string;
  amount?: string;
}

/** A notice's text and WhatsApp parameters on the outside channels, from its first paragraph and its facts (decision 038). */
function outsideOf(type: NotificationType, known: TemplateFacts, n: Notice, url: string): { body: string; templateParams: string[] } {
  const facts: Record<string, string | undefined> = { ...known, url };
  return { body: n.paragraphs[0] ?? n.title, templateParams: WHATSAPP_TEMPLATES[type].params.map((name) => facts[name] ?? '') };
}

/** A sector's name ('Los Mina'), '' without one. */
const sectorName = (slug: string | null) => (slug ? (findPlace(slug)?.name ?? '') : '');

/** A project's city as people read it ('Santo Domingo', not its key); '' when it has none. */
export const cityName = (p: { country: CountryCode; city: string | null }) => (p.city && findCity(p.country, p.city)?.name) || '';

export function projectUrl(appUrl: string, projectId: string): string {
  return `${appUrl}/proyectos/${projectId}`;
}

/** A deadline as a person of the project's country reads it, in its time zone: a day with its time, "30 nov 2026, 14:00" (format-dates.ts). */
export function formatDeadline(at: Date, country: string): string {
  const code = (country in COUNTRIES ? country : 'DO') as CountryCode;
  return formatDayTime(at, COUNTRIES[code].locale, TIME_ZONES[code]);
}

/**
 * Contact details follow the money (issue 29): once the money to begin is held, the client gets
 * the contractor's name, phone and e-mail, and the contractor the client's full name, contact and
 * the project's place, each in their conversation and by mail whatever their settings (it is what
 * lets the work begin). In the funding's transaction; the caller kicks the mailer.
 */
export async function tellContactsShared(tx: Tx, deps: NotifyDeps, projectId: string): Promise<void> {
  const p = await findProjectContacts(tx, projectId);
  if (!p) return;
  const { client, contractor } = p;
  const m = tm.contactShared;
  const pair = { clientId: p.clientId, contractorId: p.contractorId, projectId };
  const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, projectId) }];
  const base = { kind: 'contactShared' as const, pair, subject: m.subject, title: m.title, actions, alwaysMail: true };
  await notify(tx, deps, { ...base, to: p.clientId, known: client, paragraphs: [m.intro(p.title), tm.contractor(contractor.name, contractor.phone, contractor.email)] });
  await notify(tx, deps, {
    ...base,
    to: p.contractorId,
    known: contractor,
    paragraphs: [
      m.intro(p.title),
      tm.quoteAccepted.client(client.name, client.phone, client.email),
      m.address([sectorName(p.sector), p.zone ? ZONE_LABELS[p.zone] : '', cityName(p)].filter(Boolean).join(', ')),
      // The street and reference stay sealed in the project (decision 049): mails and chat notices are kept in the clear.
      ...(p.hasAddress ? [m.addressOnPage] : []),
    ],
  });
}
