import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { chat } from '@arreglaya/shared/i18n/chat';
import type { ConversationSummary } from '@arreglaya/shared/schemas/chat';
import { Avatar } from '@/components/ui/avatar.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cx } from '@/lib/cx.ts';
import type { ChatLive } from '../lib/chat-live.ts';
import { Composer } from './composer.tsx';
import { MessageList, type MessageListProps } from './message-list.tsx';

const t = chat.page;

/** Spec §9: older messages load when scrolled within 20 px of the top. */
export const LOAD_OLDER_AT_PX = 20;
const NEAR_BOTTOM_PX = 80;

interface ConversationPaneProps {
  live: ChatLive;
  conversation: ConversationSummary;
  /** ?respond= of the service-request mail: asks to confirm that answer to the pending request. */
  respond: 'accept' | 'reject' | null;
  onRespondHandled: () => void;
  backHref: string;
  messageActions?: MessageListProps['messageActions'];
}

/** One conversation: header (person, presence, typing), the history (role="log") and the composer. */
export function ConversationPane({ live, conversation, respond, onRespondHandled, backHref, messageActions }: ConversationPaneProps) {
  const id = conversation.id;
  const log = live.log(id);
  const other = conversation.other;
  const online = live.isOnline(other.id);
  const typing = live.isTyping(id);
  const viewerIsContractor = other.role === 'client';
  const scroller = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first: string | null; last: string | null; height: number; top: number; nearBottom: boolean }>({
    first: null,
    last: null,
    height: 0,
    top: 0,
    nearBottom: true,
  });
  const [confirming, setConfirming] = useState<{ messageId: string; response: 'accept' | 'reject' } | null>(null);
  const [respondError, setRespondError] = useState<string | null>(null);
  const [responding, setResponding] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void live.open(id);
    live.setActive(id);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void live.markRead(id);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      live.setActive(null);
    };
  }, [live, id]);

  // Opened with messages already there (the history arrived): mark them read.
  const hasUnread = log.messages.some((m) => !m.mine && m.readAt === null);
  useEffect(() => {
    if (hasUnread) void live.markRead(id);
  }, [live, id, hasUnread]);

  // The mail's Aceptar / Rechazar: confirm the answer to the newest pending request (a GET never acts).
  const pending = log.messages.findLast((m) => m.serviceRequest === 'pending' && !m.mine);
  const fromMail = respond && log.status === 'ready' ? (pending && viewerIsContractor ? { messageId: pending.id, response: respond } : 'none') : null;
  const shown = confirming ?? (fromMail !== null && fromMail !== 'none' ? fromMail : null);
  const problem = respondError ?? (fromMail === 'none' ? t.request.nothingPending : null);

  const shownKey = shown ? `${shown.messageId}:${shown.response}` : null;
  useEffect(() => {
    if (shownKey) confirmButton.current?.focus();
  }, [shownKey]);

  // Keep the view where the reader is: at the bottom for new messages, in place when older ones arrive above.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = log.messages[0]?.id ?? null;
    const last = log.messages.at(-1)?.id ?? null;
    const before = seen.current;
    if (before.first !== null && first !== before.first && last === before.last) el.scrollTop = el.scrollHeight - before.height + before.top;
    else if (last !== before.last && (before.last === null || before.nearBottom || log.messages.at(-1)?.mine)) el.scrollTop = el.scrollHeight;
    seen.current = { first, last, height: el.scrollHeight, top: el.scrollTop, nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX };
  }, [log.messages]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    seen.current = { ...seen.current, height: el.scrollHeight, top: el.scrollTop, nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX };
    if (el.scrollTop <= LOAD_OLDER_AT_PX && log.hasMore && !log.loadingOlder) void live.loadOlder(id);
  };

  const cancel = () => {
    setConfirming(null);
    setRespondError(null);
    if (respond) onRespondHandled();
  };

  const confirm = async () => {
    if (!shown) return;
    const target = shown;
    setConfirming(target);
    if (respond) onRespondHandled();
    setResponding(true);
    setRespondError(null);
    try {
      await live.respond(id, target.messageId, target.response);
      setConfirming(null);
    } catch (err) {
      setRespondError(err instanceof Error ? err.message : t.sendError);
    } finally {
      setResponding(false);
    }
  };

  return (
    <section
      aria-labelledby={`chat-with-${id}`}
      className="flex h-[calc(100dvh-12rem)] min-h-[26rem] flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-50 max-md:h-phone-screen max-md:min-h-0 max-md:rounded-none max-md:border-0"
    >
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white p-3 max-md:px-2 max-md:py-2">
        <Link to={backHref} className={buttonClasses('ghost', 'shrink-0 px-2 md:hidden')} aria-label={t.back}>
          <span aria-hidden="true">←</span>
        </Link>
        <Avatar src={other.avatarPhotoId ? `/api/photos/${other.avatarPhotoId}/sm` : null} size="md" />
        <div className="min-w-0 flex-1">
          <h2 id={`chat-with-${id}`} tabIndex={-1} className="truncate text-lg font-bold text-slate-900 outline-none">
            {other.name}
          </h2>
          <p className="text-sm text-slate-700" aria-live="polite">
            <span className={cx(online && 'font-semibold text-green-800')} data-testid="chat-presence">
              {online ? chat.online : chat.offline}
            </span>
            {typing && <span className="ml-2 text-brand-800 italic">{t.typing(other.name)}</span>}
          </p>
        </div>
      </header>

      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t.logLabel(other.name)}
        tabIndex={0}
        className="relative flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto overscroll-contain p-3 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {log.loadingOlder && (
          <p className="flex items-center justify-center gap-2 py-2 text-sm text-slate-700">
            <Spinner className="size-4" /> <span aria-hidden="true">{t.loadingOlder}</span>
          </p>
        )}
        {log.status === 'loading' && log.messages.length === 0 && (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        )}
        {log.status === 'error' && <ErrorWithRetry message={t.historyError} onRetry={() => void live.open(id)} />}
        {log.status === 'ready' && log.messages.length === 0 && <p className="py-8 text-center text-slate-700">{t.noMessages}</p>}
        <MessageList
          conversationId={id}
          messages={log.messages}
          otherName={other.name}
          projectId={conversation.projectId}
          viewerIsContractor={viewerIsContractor}
          responding={responding}
          onRespond={(messageId, response) => setConfirming({ messageId, response })}
          messageActions={messageActions}
        />
      </div>

      {(shown || problem) && (
        <div role="group" aria-label={t.request.label} className="border-t border-amber-300 bg-amber-50 p-3">
          {problem && (
            <p role="alert" className="mb-2 font-semibold text-red-800">
              {problem}
            </p>
          )}
          {shown && (
            <>
              <p className="font-semibold text-slate-900">{shown.response === 'accept' ? t.request.confirmAccept : t.request.confirmReject}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button ref={confirmButton} type="button" className={buttonClasses('primary')} onClick={() => void confirm()} disabled={responding}>
                  {t.request.confirm}
                </button>
                <button type="button" className={buttonClasses('secondary')} onClick={cancel} disabled={responding}>
                  {t.request.cancel}
                </button>
              </div>
            </>
          )}
        </div>
      )}

      {conversation.canWrite ? (
        <Composer
          onSend={(text) => live.sendText(id, text)}
          onPhoto={(file) => live.sendPhoto(id, file)}
          onVoiceNote={(audio) => live.sendVoiceNote(id, audio)}
          onTyping={() => live.typing(id)}
        />
      ) : (
        // The other person was banned or deleted: the server refuses new messages (409), so no composer invites one.
        <p role="status" className="border-t border-slate-200 bg-slate-50 p-3 text-slate-800">
          {chat.otherPersonGone}
        </p>
      )}
    </section>
  );
}
