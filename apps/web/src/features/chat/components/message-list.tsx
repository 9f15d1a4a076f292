import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { chat } from '@arreglaya/shared/i18n/chat';
import { CHAT_PHOTO_BODY } from '@arreglaya/shared/chat-limits';
import type { ChatMessage } from '@arreglaya/shared/schemas/chat';
import { buttonClasses } from '@/components/ui/button.ts';
import { Photo } from '@/components/ui/photo.tsx';
import { cx } from '@/lib/cx.ts';
import { dayKey, formatDay, formatTime } from '@/lib/format.ts';
import { formatDuration, formatSpokenDuration } from '@arreglaya/shared/format-dates';
import { voiceNotes as tv } from '@arreglaya/shared/i18n/voice-notes';
import { chatPhotoUrl, chatPhotoWidthUrl, voiceNoteUrl } from '../api/chat-api.ts';
import { deliveryState } from '../lib/message-log.ts';
import { MessageText } from './message-text.tsx';

const t = chat.page;

export interface MessageListProps {
  conversationId: string;
  messages: readonly ChatMessage[];
  otherName: string;
  projectId: string | null;
  /** The viewer is the conversation's contractor (they answer service requests). */
  viewerIsContractor: boolean;
  onRespond?: (messageId: string, response: 'accept' | 'reject') => void;
  responding?: boolean;
  /** What the viewer can do with the other person's message (the page composes "Reportar" here). */
  messageActions?: (message: ChatMessage) => ReactNode;
  now?: Date;
}

function Ticks({ message }: { message: ChatMessage }) {
  const state = deliveryState(message);
  return (
    <span className={cx('ml-2 inline-flex items-center gap-0.5 text-xs', state === 'read' ? 'text-sky-200' : 'text-brand-100')} data-state={state}>
      <span aria-hidden="true">{state === 'sent' ? '✓' : '✓✓'}</span>
      <span className="sr-only">{t.status[state]}</span>
    </span>
  );
}

function RequestActions({
  message,
  viewerIsContractor,
  onRespond,
  responding,
}: { message: ChatMessage } & Pick<MessageListProps, 'viewerIsContractor' | 'onRespond' | 'responding'>) {
  const state = message.serviceRequest;
  if (!state) return null;
  if (state !== 'pending') {
    const text = viewerIsContractor
      ? state === 'accepted'
        ? t.request.accepted
        : t.request.rejected
      : state === 'accepted'
        ? t.request.acceptedForClient
        : t.request.rejectedForClient;
    return <p className="mt-2 text-sm font-semibold">{text}</p>;
  }
  if (!viewerIsContractor || !onRespond) return <p className="mt-2 text-sm italic">{t.request.pendingForClient}</p>;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <button type="button" className={buttonClasses('primary')} disabled={responding} onClick={() => onRespond(message.id, 'accept')}>
        {t.request.accept}
      </button>
      <button type="button" className={buttonClasses('secondary')} disabled={responding} onClick={() => onRespond(message.id, 'reject')}>
        {t.request.reject}
      </button>
    </div>
  );
}

function Bubble({ message, children, label }: { message: ChatMessage; children: ReactNode; label?: string }) {
  return (
    <div className={cx('flex', message.mine ? 'justify-end' : 'justify-start')}>
      <div
        role={label ? 'group' : undefined}
        aria-label={label}
        className={cx(
          // Any unbroken run (a long word, a link) wraps inside the bubble instead of widening the page.
          'max-w-[85%] min-w-0 rounded-2xl px-3 py-2 whitespace-pre-wrap [overflow-wrap:anywhere] sm:max-w-[70%]',
          message.mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200',
        )}
      >
        {children}
        <span className={cx('mt-1 flex items-center justify-end text-xs', message.mine ? 'text-brand-100' : 'text-slate-600')}>
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {message.mine && <Ticks message={message} />}
        </span>
      </div>
    </div>
  );
}

/** The contractor's acceptance of a service request: in a project's conversation it leads to the project (an offer comes next, decision 024). */
const isAcceptance = (message: ChatMessage) => message.type === 'chat' && message.senderId !== null && message.subject === chat.serviceRequest.acceptedSubject;

function MessageItem(props: MessageListProps & { message: ChatMessage }) {
  const { message, conversationId, otherName, projectId } = props;
  if (message.type === 'notification') {
    return (
      <article aria-label={t.notificationLabel} className="mx-auto w-full max-w-xl rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
        <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">{t.notificationLabel}</p>
        {message.subject && <h3 className="mt-1 font-bold [overflow-wrap:anywhere]">{message.subject}</h3>}
        <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">
          <MessageText text={message.text} />
        </p>
        <p className="mt-2 flex items-center justify-between gap-2 text-xs text-slate-700">
          {projectId ? (
            <Link to={`/proyectos/${projectId}`} className={buttonClasses('secondary', 'min-h-9 px-3 py-1 text-sm')}>
              {t.openProject}
            </Link>
          ) : (
            <span />
          )}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        </p>
      </article>
    );
  }
  if (message.type === 'voice') {
    const note = message.voiceNote;
    return (
      <Bubble message={message}>
        {note ? (
          // The length is the server's, read from the file: a recorder's WebM tells the browser none until it has read it all.
          <span className="flex flex-wrap items-center gap-2" data-testid="voice-note">
            <audio
              controls
              preload="metadata"
              src={voiceNoteUrl(conversationId, note.id)}
              aria-label={tv.label(formatSpokenDuration(note.durationMs))}
              className="h-10 w-56 max-w-full"
            >
              <track kind="captions" />
            </audio>
            <span className="text-sm tabular-nums" aria-hidden="true" data-testid="voice-duration">
              {formatDuration(note.durationMs)}
            </span>
          </span>
        ) : (
          <span className="italic">{tv.gone}</span>
        )}
      </Bubble>
    );
  }
  if (message.type === 'image' && message.photoId) {
    const alt = message.mine ? t.photoMine : t.photoAlt(otherName);
    const photoId = message.photoId;
    return (
      <Bubble message={message}>
        <a href={chatPhotoUrl(conversationId, message.photoId, 'full')} target="_blank" rel="noopener noreferrer" className="block" title={t.openFull}>
          <Photo
            urls={{ width: (w) => chatPhotoWidthUrl(conversationId, photoId, w), fallback: chatPhotoUrl(conversationId, photoId, 'preview') }}
            alt={alt}
            sizes="240px"
            width={240}
            height={180}
            className="h-auto max-w-full rounded-lg bg-slate-100"
          />
          <span className="sr-only">{t.openFull}</span>
        </a>
        {/* A photo sent on WhatsApp with a caption (decision 063): the caption is the message's text. */}
        {message.text !== CHAT_PHOTO_BODY && (
          <span className="mt-1 block">
            <MessageText text={message.text} />
          </span>
        )}
      </Bubble>
    );
  }
  return (
    <Bubble message={message} label={message.serviceRequest ? t.request.label : undefined}>
      {message.subject && <strong className="block">{message.subject}</strong>}
      <span>
        <MessageText text={message.text} />
      </span>
      <RequestActions message={message} viewerIsContractor={props.viewerIsContractor} onRespond={props.onRespond} responding={props.responding} />
      {projectId && isAcceptance(message) && (
        <Link to={`/proyectos/${projectId}`} className={buttonClasses('secondary', 'mt-2 min-h-9 px-3 py-1 text-sm')}>
          {props.viewerIsContractor ? t.request.makeOffer : t.openProject}
        </Link>
      )}
    </Bubble>
  );
}

/** The messages of a conversation, oldest first, with a separator at each new day (spec §2). */
export function MessageList(props: MessageListProps) {
  const now = props.now ?? new Date();
  return (
    <>
      {props.messages.map((message, i) => {
        const previous = props.messages[i - 1];
        const separator = previous === undefined || dayKey(previous.createdAt) !== dayKey(message.createdAt);
        return (
          <Fragment key={message.id}>
            {separator && (
              <div role="separator" aria-label={formatDay(message.createdAt, t, now)} className="my-2 flex items-center gap-3 text-xs font-semibold text-slate-600">
                <span className="h-px flex-1 bg-slate-300" aria-hidden="true" />
                <span aria-hidden="true">{formatDay(message.createdAt, t, now)}</span>
                <span className="h-px flex-1 bg-slate-300" aria-hidden="true" />
              </div>
            )}
            <MessageItem {...props} message={message} />
            {!message.mine && message.type !== 'notification' && props.messageActions && <div className="-mt-1 flex justify-start pl-1">{props.messageActions(message)}</div>}
          </Fragment>
        );
      })}
    </>
  );
}
