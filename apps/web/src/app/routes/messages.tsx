import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { chat } from '@arreglaya/shared/i18n/chat';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { chatApi, CONVERSATIONS_KEY } from '@/features/chat/api/chat-api.ts';
import { ConversationList } from '@/features/chat/components/conversation-list.tsx';
import { ConversationPane } from '@/features/chat/components/conversation-pane.tsx';
import { useChatLive } from '@/features/chat/lib/use-chat.ts';
import { ReportButton } from '@/features/reports/components/report-button.tsx';
import { cx } from '@/lib/cx.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

const t = chat.page;
const PATH = '/perfil/mensajes';

/**
 * /perfil/mensajes ('Mis Mensajes', spec §2) for clients and contractors: the conversation list
 * and the open conversation (?conversation=<id>); on a phone they are two screens. The service
 * request mail's buttons add &respond=accept|reject, which asks to confirm (decision 014).
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

  return (
    <div className="flex flex-col gap-4">
      <div className={cx(selectedId && 'max-sm:sr-only')}>
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
        <div className="grid gap-4 sm:grid-cols-[minmax(15rem,20rem)_1fr]">
          <div className={cx(selectedId && 'max-sm:hidden')}>
            <ConversationList conversations={list} selectedId={selectedId} query={query} onQueryChange={setQuery} isOnline={(id) => live?.isOnline(id) ?? false} hrefOf={hrefOf} />
          </div>
          <div className={cx(!selectedId && 'max-sm:hidden')}>
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
              <p role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-slate-800">
                {live ? chat.conversationNotFound : <Spinner />}
              </p>
            ) : (
              list.length > 0 && <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-700 max-sm:hidden">{t.pickOne}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export { MessagesPage as Component };
