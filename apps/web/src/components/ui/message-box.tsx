import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { shell } from '@arreglaya/shared/i18n/shell';
import { cx } from '@/lib/cx.ts';
import { CloseIcon } from './icons.tsx';

/** Spec §9: the message box hides itself after 3000 ms. */
export const MESSAGE_BOX_MS = 3000;

export type MessageKind = 'success' | 'info' | 'error';

export interface MessageBoxApi {
  show(message: { text: string; kind?: MessageKind }): void;
  hide(): void;
}

interface ShownMessage {
  id: number;
  text: string;
  kind: MessageKind;
}

const MessageBoxContext = createContext<MessageBoxApi | null>(null);

/** The global message box (toast) every page can use through `useMessageBox()`. */
export function useMessageBox(): MessageBoxApi {
  const api = useContext(MessageBoxContext);
  if (!api) throw new Error('useMessageBox must be used inside <MessageBoxProvider>');
  return api;
}

export function MessageBoxProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<ShownMessage | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const nextId = useRef(1);

  const stopTimer = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const hide = useCallback(() => {
    stopTimer();
    setMessage(null);
  }, [stopTimer]);

  const startTimer = useCallback(() => {
    stopTimer();
    timer.current = window.setTimeout(hide, MESSAGE_BOX_MS);
  }, [hide, stopTimer]);

  const show = useCallback<MessageBoxApi['show']>(
    ({ text, kind = 'info' }) => {
      setMessage({ id: nextId.current++, text, kind });
      startTimer();
    },
    [startTimer],
  );

  useEffect(() => stopTimer, [stopTimer]);

  const api = useMemo(() => ({ show, hide }), [show, hide]);

  return (
    <MessageBoxContext.Provider value={api}>
      {children}
      <MessageBoxView message={message} onClose={hide} onPause={stopTimer} onResume={startTimer} />
    </MessageBoxContext.Provider>
  );
}

const KIND_CLASSES: Record<MessageKind, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  info: 'border-brand-700 bg-brand-50 text-brand-900',
  error: 'border-red-700 bg-red-50 text-red-900',
};

interface MessageBoxViewProps {
  message: ShownMessage | null;
  onClose(): void;
  onPause(): void;
  onResume(): void;
}

function MessageBoxView({ message, onClose, onPause, onResume }: MessageBoxViewProps) {
  // Both live regions stay in the DOM while empty: screen readers only announce changes
  // to a region they already know about.
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <div
        data-testid="message-box"
        className={cx(message && 'pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg', message && KIND_CLASSES[message.kind])}
        // Hovering or focusing the message keeps it open (WCAG 2.2.1: give people time to read).
        onMouseEnter={message ? onPause : undefined}
        onMouseLeave={message ? onResume : undefined}
        onFocus={message ? onPause : undefined}
        onBlur={message ? onResume : undefined}
      >
        <div role="status" aria-live="polite" aria-atomic="true" className="min-w-0 flex-1">
          {message && message.kind !== 'error' && <p key={message.id}>{message.text}</p>}
        </div>
        <div role="alert" aria-atomic="true" className={cx(message?.kind === 'error' ? 'min-w-0 flex-1' : 'sr-only')}>
          {message?.kind === 'error' && <p key={message.id}>{message.text}</p>}
        </div>
        {message && (
          <button type="button" onClick={onClose} aria-label={shell.messageBox.close} className="-m-1 rounded p-1 text-current hover:bg-black/5">
            <CloseIcon className="size-5" />
          </button>
        )}
      </div>
    </div>
  );
}
