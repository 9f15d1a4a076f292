import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { chat } from '@arreglaya/shared/i18n/chat';
import { CHAT_TEXT_MAX } from '@arreglaya/shared/chat-limits';
import { PHOTO_TYPES } from '@arreglaya/shared/photo-files';
import { preparePhoto } from '@/lib/prepare-photo.ts';
import { buttonClasses } from '@/components/ui/button.ts';
import { cx } from '@/lib/cx.ts';
import { SendIcon, VoiceRecorder } from './voice-recorder.tsx';

const t = chat.page;

interface ComposerProps {
  onSend: (text: string) => Promise<void>;
  onPhoto: (file: File) => Promise<void>;
  /** A recorded voice note (decision 060). */
  onVoiceNote: (audio: Blob) => Promise<void>;
  onTyping?: () => void;
  disabled?: boolean;
}

/**
 * 'Escribe tu mensaje': Enter sends, Shift+Enter adds a line (spec §2). A failed send gives the
 * text back with the reason. Photos (JPG or PNG up to 8 MB, the shared rule; the server checks
 * again) go through the attach button. With nothing written the send button is the microphone
 * (voice notes, decision 060), as in the messaging apps people know; the send button is an icon
 * named "Enviar mensaje", so on a 360 px phone the text box keeps the row (issue 55).
 */
export function Composer({ onSend, onPhoto, onVoiceNote, onTyping, disabled }: ComposerProps) {
  const [text, setText] = useState('');
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'text' | 'photo' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const errorId = useId();

  const send = async () => {
    const value = text.trim();
    if (value === '' || busy === 'text') return;
    setBusy('text');
    setError(null);
    setText('');
    try {
      await onSend(value);
    } catch (err) {
      setText(value);
      setError(err instanceof Error && err.message ? err.message : t.sendError);
    } finally {
      setBusy(null);
      textarea.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    // The shared picker's check (lib/prepare-photo.ts): type, size, a real decode, scaled down.
    setBusy('photo');
    const prepared = await preparePhoto(file);
    if (!prepared.ok) {
      setBusy(null);
      setError(prepared.error);
      return;
    }
    setError(null);
    try {
      await onPhoto(prepared.file);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t.sendError);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-1 border-t border-slate-200 bg-white p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
      {error && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <div className="flex items-end gap-1.5">
        <input
          ref={fileInput}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void onFile(e.target.files?.[0])}
          data-testid="chat-photo-input"
        />
        <button
          type="button"
          className={buttonClasses('ghost', cx('size-11 shrink-0 p-0', recording && 'hidden'))}
          onClick={() => fileInput.current?.click()}
          disabled={disabled || busy === 'photo'}
          aria-label={busy === 'photo' ? t.uploading : t.attach}
          title={t.attach}
        >
          <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z"
            />
          </svg>
        </button>
        <label className={cx('flex min-w-0 flex-1 flex-col', recording && 'hidden')}>
          <span className="sr-only">{t.composerLabel}</span>
          <textarea
            ref={textarea}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim() !== '') onTyping?.();
            }}
            onKeyDown={onKeyDown}
            placeholder={chat.placeholder}
            rows={2}
            maxLength={CHAT_TEXT_MAX}
            disabled={disabled}
            aria-describedby={cx(hintId, error ? errorId : undefined)}
            className="min-h-11 w-full resize-none rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none"
          />
        </label>
        {text.trim() === '' && busy !== 'text' ? (
          <VoiceRecorder onSend={onVoiceNote} onError={setError} onRecording={setRecording} disabled={disabled} />
        ) : (
          <button
            type="submit"
            className={buttonClasses('primary', 'size-11 shrink-0 p-0')}
            disabled={disabled || busy === 'text'}
            aria-label={busy === 'text' ? t.sending : t.sendLabel}
            title={t.sendLabel}
          >
            <SendIcon />
          </button>
        )}
      </div>
      <p id={hintId} className="text-xs text-slate-600 max-sm:sr-only [@media(pointer:coarse)]:hidden">
        {t.composerHint}
      </p>
    </form>
  );
}
