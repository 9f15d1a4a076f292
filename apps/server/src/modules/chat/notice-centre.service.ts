import { notices as tn } from '@arreglaya/shared/i18n/notices';
import { NOTICE_KINDS, NOTICE_TEXT_MAX, type Notice, type NoticeKind, type NoticesPage, type NoticesRead, type UnreadNotices } from '@arreglaya/shared/schemas/notifications';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { unreadCount } from './chat.service.ts';
import { countUnreadNotices, isNoticeOf, listNoticeRows, markAllNoticesRead, markNoticeRead, markProjectNoticesRead, type NoticeRow } from './notice-centre.repository.ts';
import { PROJECT_SECTIONS } from '@arreglaya/shared/routes';

// The notification centre (issue 31, decision 031): the person's own notices, newest first, each
// with the place to act on it; read marks by the person only (anyone else's notice is the same 404
// as one that does not exist).

export interface NoticeCentreDeps {
  db: Db;
}

const KINDS = new Set<string>(NOTICE_KINDS);
const REVIEW_KINDS = new Set<NoticeKind>(['reviewApproved', 'reviewRejected', 'reviewPublished']);

/** The section of the project page where the person a notice is for acts on it (issue 46: the page opened at its top, the action 2,000 px below). */
const NOTICE_SECTIONS: Partial<Record<NoticeKind, string>> = {
  newQuote: PROJECT_SECTIONS.offers,
  counterAnswered: PROJECT_SECTIONS.offers,
  offerWithdrawn: PROJECT_SECTIONS.offers,
  quoteCountered: PROJECT_SECTIONS.myOffer,
  quoteAccepted: PROJECT_SECTIONS.myOffer,
  quoteRejected: PROJECT_SECTIONS.myOffer,
  quoteExpired: PROJECT_SECTIONS.myOffer,
  projectFunded: PROJECT_SECTIONS.myOffer,
  projectDelivered: PROJECT_SECTIONS.work,
  projectApproved: PROJECT_SECTIONS.review,
};

/** Where a notice leads: its review list, the open projects (a closed project's page is its client's only), or its project's page at the section to act in. */
export function noticeUrl(kind: NoticeKind | null, projectId: string | null, conversationId: string): string {
  if (kind && REVIEW_KINDS.has(kind)) return '/perfil/reviews';
  if (kind === 'projectClosed') return '/projectlist';
  // A file to send again: the conversation it was meant for, where it can be sent from the web too.
  if (!projectId || kind === 'whatsappMediaLost') return `/perfil/mensajes?conversation=${conversationId}`;
  const section = kind ? NOTICE_SECTIONS[kind] : undefined;
  return section ? `/proyectos/${projectId}#${section}` : `/proyectos/${projectId}`;
}

/** The notice's first paragraph, cut at a word within NOTICE_TEXT_MAX characters. */
export function shortText(body: string): string {
  const first = body.split('\n')[0]!.trim();
  if (first.length <= NOTICE_TEXT_MAX) return first;
  const cut = first.slice(0, NOTICE_TEXT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > NOTICE_TEXT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function toNotice(r: NoticeRow): Notice {
  const kind = r.notice_kind && KINDS.has(r.notice_kind) ? (r.notice_kind as NoticeKind) : null;
  return { id: r.id, kind, title: r.subject ?? '', text: shortText(r.body), createdAt: r.created_at, read: r.read, url: noticeUrl(kind, r.project_id, r.conversation_id) };
}

/** The person's unread notices and unread chat messages (notices count in both, decision 024). */
export async function unreadCounts(deps: NoticeCentreDeps, userId: string): Promise<UnreadNotices> {
  const [notices, messages] = await Promise.all([countUnreadNotices(deps.db, userId), unreadCount(deps, userId)]);
  return { notices, messages };
}

export async function listNotices(deps: NoticeCentreDeps, userId: string, q: { before?: string; limit: number }): Promise<NoticesPage> {
  if (q.before && !(await isNoticeOf(deps.db, userId, q.before))) throw new AppError('NOT_FOUND', tn.notFound);
  const [rows, unread] = await Promise.all([listNoticeRows(deps.db, userId, q.limit + 1, q.before), unreadCounts(deps, userId)]);
  const page = rows.slice(0, q.limit);
  return { items: page.map(toNotice), nextBefore: rows.length > q.limit ? page[page.length - 1]!.id : null, unread };
}

/** Marks one of the person's notices read (once: a second mark changes nothing); 404 for anyone else's. */
export async function readNotice(deps: NoticeCentreDeps, userId: string, id: string): Promise<NoticesRead> {
  const read = await markNoticeRead(deps.db, userId, id);
  if (read === 0 && !(await isNoticeOf(deps.db, userId, id))) throw new AppError('NOT_FOUND', tn.notFound);
  return { read, unread: await unreadCounts(deps, userId) };
}

export async function readAllNotices(deps: NoticeCentreDeps, userId: string): Promise<NoticesRead> {
  const read = await markAllNoticesRead(deps.db, userId);
  return { read, unread: await unreadCounts(deps, userId) };
}

/** The project's page was opened: the person's notices about it are read (the web then refreshes its counts). */
export function readProjectNotices(deps: NoticeCentreDeps, userId: string, projectId: string): Promise<number> {
  return markProjectNoticesRead(deps.db, userId, projectId);
}
