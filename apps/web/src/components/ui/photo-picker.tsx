import { useId, useRef, useState, type ChangeEvent } from 'react';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import { PHOTO_TYPES } from '@arreglaya/shared/photo-files';
import { buttonClasses } from '@/components/ui/button.ts';
import { formatNumber } from '@/lib/format.ts';
import { preparePhoto } from '@/lib/prepare-photo.ts';

interface PhotoPickerProps {
  /** The button's text ('Agregar foto', 'Elegir una foto'...). */
  label: string;
  /** Ids of texts that describe the control (a hint). */
  describedBy?: string;
  disabled?: boolean;
  /** How many files may be chosen at once (1: one at a time). */
  max?: number;
  /** More files than `max` were chosen: what to say. */
  tooMany?: string;
  /** The files that passed every check, checked, decoded and scaled down (lib/prepare-photo.ts). */
  onPicked: (files: File[]) => void;
}

/**
 * The app's one photo picker (issue 31): a hidden native file input named by a label drawn as a
 * button (the native control's own text would come in the browser's language). Each chosen file is
 * checked, decoded and, when large, scaled down in the browser before the caller sees it; a file
 * that fails is refused at once, naming it, and nothing is sent.
 */
export function PhotoPicker({ label, describedBy, disabled, max = 1, tooMany = t.photo.onlyOne, onPicked }: PhotoPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [preparing, setPreparing] = useState<string | null>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // The same file can be chosen again (after fixing it, or to retry).
    if (input.current) input.current.value = '';
    setErrors([]);
    if (chosen.length === 0) return;
    if (chosen.length > max) {
      setErrors([tooMany]);
      return;
    }
    const ready: File[] = [];
    const refused: string[] = [];
    for (const file of chosen) {
      setPreparing(file.name);
      const prepared = await preparePhoto(file);
      if (prepared.ok) ready.push(prepared.file);
      else refused.push(prepared.error);
    }
    setPreparing(null);
    setErrors(refused);
    if (ready.length > 0) onPicked(ready);
  };

  const described = [describedBy, errors.length > 0 ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple={max > 1}
          onChange={(event) => void onChange(event)}
          disabled={disabled || preparing !== null}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={described}
          className="peer sr-only"
        />
        <label
          htmlFor={`${id}-input`}
          className={buttonClasses(
            'secondary',
            'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          )}
        >
          {label}
        </label>
        <span role="status" className="text-sm text-slate-700">
          {preparing ? t.photo.preparing(preparing) : ''}
        </span>
      </div>
      <div id={`${id}-error`} role="alert" className="text-sm font-medium break-words text-red-700">
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
    </div>
  );
}

interface UploadStatusProps {
  name: string;
  /** 0 to 1 while sending; null when waiting or failed. */
  progress: number | null;
  error?: string | null;
  onRetry?: () => void;
  onRemove?: () => void;
}

/** One photo's upload: its own progress bar, and on failure why, with 'Reintentar' and 'Quitar' for it alone. */
export function UploadStatus({ name, progress, error, onRetry, onRemove }: UploadStatusProps) {
  const id = useId();
  if (error) {
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <p role="alert" className="text-sm font-medium break-words text-red-700">
          {t.photo.uploadFailedNamed(name)}: {error}
        </p>
        <div className="flex flex-wrap gap-1">
          {onRetry && (
            <button type="button" onClick={onRetry} aria-label={t.photo.retryNamed(name)} className={buttonClasses('secondary', 'px-3')}>
              {t.photo.retry}
            </button>
          )}
          {onRemove && (
            <button type="button" onClick={onRemove} aria-label={t.photo.removeNamed(name)} className={buttonClasses('ghost', 'px-3 text-red-700')}>
              {t.photo.remove}
            </button>
          )}
        </div>
      </div>
    );
  }
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p id={`${id}-label`} className="truncate text-sm text-slate-700">
        {t.photo.uploadingNamed(name)}
      </p>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${formatNumber(percent)} %`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
