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
 * Photos sent one after another once picked (profile photo, portfolio, delivery photos): the one
 * being sent with its progress, and on failure its message, kept with the file so it can be retried
 * (the photos picked after it follow) or dropped (with them). `send` resolves with the server's
 * answer for each photo; `onSent` gets it.
 */
export function usePhotoUpload<T>(send: (file: File, onProgress: UploadProgress) => Promise<T>, onSent?: (answer: T) => void) {
  const [state, setState] = useState<PhotoUploadState | null>(null);
  const latest = useRef({ send, onSent });
  latest.current = { send, onSent };
  // The photos picked with the one being sent, still to go (issue 46: several at once).
  const queue = useRef<File[]>([]);

  const run = useCallback(async (first: File) => {
    for (let file: File | undefined = first; file; file = queue.current.shift()) {
      const current = file;
      setState({ file: current, progress: 0, error: null });
      try {
        const answer = await latest.current.send(current, (progress) => setState((s) => (s?.file === current ? { ...s, progress } : s)));
        setState((s) => (s?.file === current ? null : s));
        latest.current.onSent?.(answer);
      } catch (error) {
        setState((s) => (s?.file === current ? { file: current, progress: null, error: errorMessage(error) } : s));
        return;
      }
    }
  }, []);

  return {
    state,
    busy: state !== null && state.error === null,
    /** Sends the picked photos in order. */
    start: (files: File | readonly File[]) => {
      const [first, ...rest] = Array.isArray(files) ? (files as readonly File[]) : [files as File];
      if (!first) return;
      queue.current = rest;
      void run(first);
    },
    retry: () => state && void run(state.file),
    dismiss: () => {
      queue.current = [];
      setState(null);
    },
  };
}
