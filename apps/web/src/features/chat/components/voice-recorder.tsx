import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '@arreglaya/shared/format-dates';
import { voiceNotes as tv } from '@arreglaya/shared/i18n/voice-notes';
import { VOICE_NOTE_MAX_MS } from '@arreglaya/shared/chat-limits';
import { buttonClasses } from '@/components/ui/button.ts';

/** Opus in WebM where the browser records it (Chromium, Firefox), else AAC in MP4 (Safari). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/mp4'] as const;
/** 32 kbit/s: two minutes are about 480 KB, under the 1 MB limit, and speech stays clear. */
const BITS_PER_SECOND = 32_000;

export function pickRecordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => isTypeSupported(type));
}

interface VoiceRecorderProps {
  onSend: (audio: Blob) => Promise<void>;
  onError: (message: string | null) => void;
  /** True while recording: the composer gives the row to the timer. */
  onRecording: (recording: boolean) => void;
  disabled?: boolean;
}

type State = { step: 'idle' } | { step: 'recording'; startedAt: number } | { step: 'sending' };

/**
 * The composer's microphone (decision 060): press to record, a visible m:ss timer, cancel or
 * send; it stops itself at 2:00 and sends what it has. Refused permission or no recorder: a
 * Spanish message, nothing else changes.
 */
export function VoiceRecorder({ onSend, onError, onRecording, disabled }: VoiceRecorderProps) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const [now, setNow] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  /** What to do once the recorder has stopped: send what it recorded, or drop it. */
  const onStopped = useRef<'send' | 'drop'>('drop');
  const micButton = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the step has rendered: the note's send button while recording, the microphone after. */
  const focusNext = useRef(false);

  const release = () => {
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = null;
  };
  // Leaving the conversation mid-recording drops the recording and frees the microphone.
  useEffect(
    () => () => {
      onStopped.current = 'drop';
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [],
  );

  const stop = (then: 'send' | 'drop') => {
    onStopped.current = then;
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const recording = state.step === 'recording';
  useEffect(() => onRecording(recording), [recording, onRecording]);
  useEffect(() => {
    if (!focusNext.current || state.step === 'sending') return;
    focusNext.current = false;
    (state.step === 'recording' ? sendButton : micButton).current?.focus();
  }, [state.step]);

  useEffect(() => {
    if (state.step !== 'recording') return;
    const tick = () => {
      const elapsed = Date.now() - state.startedAt;
      setNow(elapsed);
      if (elapsed >= VOICE_NOTE_MAX_MS) stop('send');
    };
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [state]);

  const start = async () => {
    onError(null);
    const type = typeof MediaRecorder === 'undefined' ? undefined : pickRecordingType((t) => MediaRecorder.isTypeSupported(t));
    if (!type || !navigator.mediaDevices?.getUserMedia) {
      onError(tv.unsupported);
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      onError(err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'SecurityError') ? tv.denied : tv.failed);
      return;
    }
    const rec = new MediaRecorder(stream, { mimeType: type, audioBitsPerSecond: BITS_PER_SECOND });
    chunks.current = [];
    onStopped.current = 'drop';
    rec.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    });
    rec.addEventListener('stop', () => {
      release();
      const audio = new Blob(chunks.current, { type: rec.mimeType || type });
      chunks.current = [];
      focusNext.current = true;
      if (onStopped.current === 'drop' || audio.size === 0) {
        setState({ step: 'idle' });
        return;
      }
      setState({ step: 'sending' });
      onSend(audio)
        .then(() => onError(null))
        .catch((err: unknown) => onError(err instanceof Error && err.message ? err.message : tv.failed))
        .finally(() => {
          focusNext.current = true;
          setState({ step: 'idle' });
        });
    });
    recorder.current = rec;
    rec.start();
    focusNext.current = true;
    setNow(0);
    setState({ step: 'recording', startedAt: Date.now() });
  };

  if (state.step === 'idle' || state.step === 'sending') {
    return (
      <button
        ref={micButton}
        type="button"
        className={buttonClasses('ghost', 'size-11 shrink-0 p-0')}
        onClick={() => void start()}
        disabled={disabled || state.step === 'sending'}
        aria-label={state.step === 'sending' ? tv.sending : tv.record}
        title={tv.record}
      >
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11z" />
        </svg>
      </button>
    );
  }
  const elapsed = formatDuration(Math.min(now, VOICE_NOTE_MAX_MS));
  const max = formatDuration(VOICE_NOTE_MAX_MS);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2" role="group" aria-label={tv.recording}>
      <button type="button" className={buttonClasses('ghost', 'size-11 shrink-0 p-0')} onClick={() => stop('drop')} aria-label={tv.cancel} title={tv.cancel}>
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4zm-3 6h12l-1 12H7z" />
        </svg>
      </button>
      <p className="flex min-w-0 flex-1 items-center gap-2 text-base font-semibold text-red-800" role="timer" aria-label={tv.elapsed(elapsed, max)}>
        <span className="size-3 shrink-0 animate-pulse rounded-full bg-red-700" aria-hidden="true" />
        <span aria-hidden="true" data-testid="voice-timer">
          {elapsed}
        </span>
      </p>
      <button ref={sendButton} type="button" className={buttonClasses('primary', 'size-11 shrink-0 p-0')} onClick={() => stop('send')} aria-label={tv.send} title={tv.send}>
        <SendIcon />
      </button>
    </div>
  );
}

/** A paper plane: the chat's send buttons (text and voice). */
export function SendIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10.2 15 12 3.4 13.8z" />
    </svg>
  );
}
