import { Link } from 'react-router';
import { chat } from '@arreglaya/shared/i18n/chat';
import { voiceNotes } from '@arreglaya/shared/i18n/voice-notes';
import type { ConversationSummary } from '@arreglaya/shared/schemas/chat';
import { Avatar } from '@/components/ui/avatar.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { inputClasses } from '@/components/ui/field.tsx';
import { cx } from '@/lib/cx.ts';
import { dayKey, formatDate, formatNumber, formatTime } from '@/lib/format.ts';

const t = chat.page;

/** Lower case without accents: 'Úrsula' matches 'ursula'. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The conversations whose other person's name contains `query`, newest first (spec §2). */
export function filterConversations(conversations: readonly ConversationSummary[], query: string): ConversationSummary[] {
  const q = fold(query.trim());
  return conversations
    .filter((c) => q === '' || fold(c.other.name).includes(q))
    .sort((a, b) => Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt) || (a.id < b.id ? 1 : -1));
}

function preview(c: ConversationSummary): string {
  const m = c.lastMessage;
  // No message of one's own, from the other person or addressed to oneself (only the other's notices): say so.
  if (!m) return t.noPreview;
  const text = m.type === 'image' ? t.photoPreview : m.type === 'voice' ? voiceNotes.preview : m.type === 'notification' ? `${t.notificationPreview}: ${m.text}` : m.text;
  return `${m.mine ? t.you : ''}${text.replace(/\s+/g, ' ')}`;
}

/** Today: HH:mm; another day: the date. */
function when(iso: string, now: Date): string {
  return dayKey(iso) === dayKey(now) ? formatTime(iso) : formatDate(iso);
}

interface ConversationListProps {
  conversations: readonly ConversationSummary[];
  selectedId: string | null;
  query: string;
  onQueryChange: (query: string) => void;
  isOnline: (userId: string) => boolean;
  /** The link of a conversation (keeps the page's other parameters out). */
  hrefOf: (id: string) => string;
  now?: Date;
}

/** The left column of /perfil/mensajes: a search box and a list of links, one per conversation. */
export function ConversationList({ conversations, selectedId, query, onQueryChange, isOnline, hrefOf, now = new Date() }: ConversationListProps) {
  const shown = filterConversations(conversations, query);
  return (
    <div className="flex min-h-0 min-w-0 flex-col gap-3">
      <label className="flex min-w-0 flex-col gap-1">
        <span className="text-sm font-semibold text-slate-800">{t.search}</span>
        <input type="search" value={query} onChange={(e) => onQueryChange(e.target.value)} className={inputClasses('min-w-0')} autoComplete="off" />
      </label>
      {conversations.length === 0 && <p className="text-slate-700">{t.empty}</p>}
      {conversations.length > 0 && shown.length === 0 && <p className="text-slate-700">{t.noMatch}</p>}
      {shown.length > 0 && (
        <ul aria-label={t.listLabel} className="flex flex-col divide-y divide-slate-200 overflow-y-auto rounded-xl border border-slate-200 bg-white">
          {shown.map((c) => {
            const online = isOnline(c.other.id);
            const selected = c.id === selectedId;
            return (
              <li key={c.id}>
                <Link
                  to={hrefOf(c.id)}
                  aria-current={selected ? 'page' : undefined}
                  data-conversation-id={c.id}
                  className={cx('flex items-start gap-3 p-3 hover:bg-brand-50 focus-visible:bg-brand-50', selected && 'bg-brand-50')}
                >
                  <span className="relative shrink-0">
                    <Avatar src={c.other.avatarPhotoId ? `/api/photos/${c.other.avatarPhotoId}/sm` : null} size="md" />
                    <span aria-hidden="true" className={cx('absolute right-0 bottom-0 size-3 rounded-full border-2 border-white', online ? 'bg-green-600' : 'bg-slate-400')} />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate font-semibold text-slate-900" data-testid="conversation-name">
                        {c.other.name}
                      </span>
                      <span className="shrink-0 text-xs text-slate-600">{when(c.lastMessage?.at ?? c.lastMessageAt, now)}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-700">
                      {c.other.rating && <StarRating value={c.other.rating.average} size="sm" className="text-xs" />}
                      <span className={online ? 'font-semibold text-green-800' : undefined}>{online ? chat.online : chat.offline}</span>
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm text-slate-700">{preview(c)}</span>
                      {c.unread > 0 && (
                        <span className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                          <span aria-hidden="true">{formatNumber(c.unread)}</span>
                          <span className="sr-only">{t.unread(c.unread)}</span>
                        </span>
                      )}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
