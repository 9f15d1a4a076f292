import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { chat } from '@arreglaya/shared/i18n/chat';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { chatApi, CONVERSATIONS_KEY } from '@/features/chat/api/chat-api.ts';
import { ConversationList } from '@/features/chat/components/conversation-list.tsx';
import { ConversationPane } from '@/features/chat/components/conversation-pane.tsx';
import { useChatLive } from '@/features/chat/lib/use-chat.ts';
import { useVisualViewportHeight } from '@/features/chat/lib/use-visual-viewport-height.ts';
import { ReportButton } from '@/features/reports/components/report-button.tsx';
import { cx } from '@/lib/cx.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

const t = chat.page;
const PATH = '/perfil/mensajes';
/** Below Tailwind's `md` the list and the conversation are two screens (decision 030). */
const PHONE_QUERY = '(max-width: 47.999rem)';
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * Where focus goes when a phone switches screens (the link that was used disappears with its
 * screen): into the opened conversation, or back to the conversation's link in the list.
 */
function usePhoneScreenFocus(selectedId: string | null, ready: boolean) {
  const previous = useRef<string | null>(selectedId);
  useEffect(() => {
    if (!ready) return;
    const left = previous.current;
    previous.current = selectedId;
    if (left === selectedId || !isPhone()) return;
    const target = selectedId
      ? document.getElementById(`chat-with-${selectedId}`)
      : left
        ? document.querySelector<HTMLElement>(`[data-conversation-id="${CSS.escape(left)}"]`)
        : null;
    target?.focus();
  }, [selectedId, ready]);
}

/**
 * /perfil/mensajes ('Mis mensajes', spec §2) for clients and contractors: the conversation list
 * and the open conversation (?conversation=<id>, so the browser's back button returns to the
 * list); below 768 px they are two screens, the conversation filling the height under the header
 * with its composer at the bottom (decision 030). The service request mail's buttons add
 * &respond=accept|reject, which asks to confirm (decision 014).
 */
function MessagesPage() {
  usePageTitle(chat.title);
  const { user } = useViewer();
  const live = useChatLive();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const selectedId = params.get('conversation');
  const respondParam = params.get('respond');
  const respond = respondParam === 'accept' || respondParam === 'reject' ? respondParam : null;

  const conversations = useQuery({ queryKey: CONVERSATIONS_KEY, queryFn: chatApi.conversations, enabled: user !== null, staleTime: 10_000 });
  const list = conversations.data;

  // Who of them is online: asked once the list and the socket are there (later changes arrive as frames).
  const contactKey = (list ?? []).map((c) => c.other.id).join(',');
  useEffect(() => {
    if (live && contactKey) live.askPresence(contactKey.split(','));
  }, [live, contactKey]);

  const onRespondHandled = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('respond');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const selected = list?.find((c) => c.id === selectedId) ?? null;
  const hrefOf = (id: string) => `${PATH}?conversation=${encodeURIComponent(id)}`;
  usePhoneScreenFocus(selectedId, list !== undefined && (selectedId === null || live !== null));
  useVisualViewportHeight(selectedId !== null);

  return (
    <div className={cx('flex flex-col gap-4', selectedId ? 'max-md:p-0' : 'max-md:p-4')}>
      <div className={cx(selectedId && 'max-md:sr-only')}>
        <h1 className="text-3xl font-bold text-slate-900">{chat.title}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      {conversations.isPending && (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      )}
      {conversations.isError && !list && <ErrorWithRetry message={t.loadError} onRetry={conversations.refetch} retrying={conversations.isFetching} />}
      {list && (
        <div className="grid gap-4 md:grid-cols-[minmax(15rem,20rem)_minmax(0,1fr)]">
          <div className={cx('min-w-0', selectedId && 'max-md:hidden')}>
            <ConversationList conversations={list} selectedId={selectedId} query={query} onQueryChange={setQuery} isOnline={(id) => live?.isOnline(id) ?? false} hrefOf={hrefOf} />
          </div>
          <div className={cx('min-w-0', !selectedId && 'max-md:hidden')}>
            {selected && live ? (
              <ConversationPane
                key={selected.id}
                live={live}
                conversation={selected}
                respond={respond}
                onRespondHandled={onRespondHandled}
                backHref={PATH}
                messageActions={(m) => <ReportButton target={{ targetKind: 'message', messageId: m.id }} />}
              />
            ) : selectedId ? (
              <div className="max-md:m-4">
                <p role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-slate-800">
                  {live ? chat.conversationNotFound : <Spinner />}
                </p>
                <Link to={PATH} className="mt-4 inline-block font-semibold text-brand-800 underline underline-offset-2 md:hidden">
                  {t.back}
                </Link>
              </div>
            ) : (
              list.length > 0 && <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-700 max-md:hidden">{t.pickOne}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export { MessagesPage as Component };
