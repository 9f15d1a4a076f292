import { useCallback, useRef, useState } from 'react';
import { errorMessage } from './form-errors.ts';
import type { UploadProgress } from './upload.ts';

/** A photo being sent, or the one whose sending failed (kept for 'Reintentar'). */
export interface PhotoUploadState {
  file: File;
  /** 0 to 1 while sending; null once failed. */
  progress: number | null;
  error: string | null;
}

/**
 * One photo sent at once after it is picked (profile photo, portfolio, delivery photos): its
 * progress, and on failure its message, kept with the file so it can be retried or dropped alone.
 * `send` resolves with the server's answer; `onSent` gets it.
 */
export function usePhotoUpload<T>(send: (file: File, onProgress: UploadProgress) => Promise<T>, onSent?: (answer: T) => void) {
  const [state, setState] = useState<PhotoUploadState | null>(null);
  const latest = useRef({ send, onSent });
  latest.current = { send, onSent };

  const start = useCallback(async (file: File) => {
    setState({ file, progress: 0, error: null });
    try {
      const answer = await latest.current.send(file, (progress) => setState((s) => (s?.file === file ? { ...s, progress } : s)));
      setState((s) => (s?.file === file ? null : s));
      latest.current.onSent?.(answer);
    } catch (error) {
      setState((s) => (s?.file === file ? { file, progress: null, error: errorMessage(error) } : s));
    }
  }, []);

  return {
    state,
    busy: state !== null && state.error === null,
    start: (file: File) => void start(file),
    retry: () => state && void start(state.file),
    dismiss: () => setState(null),
  };
}
