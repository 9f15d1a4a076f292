import { useId, type ReactNode } from 'react';
import { cx } from '@/lib/cx.ts';

/** Props the field hands to its control so label, hint and error are bound to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** 'dark' for fields on the footer's dark background. */
  tone?: 'light' | 'dark';
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + control + hint + error, wired for screen readers (aria-describedby, aria-invalid). */
export function Field({ label, error, hint, tone = 'light', hideLabel, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className={cx('font-medium', tone === 'dark' ? 'text-white' : 'text-slate-800', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={hintId} className={cx('text-sm', tone === 'dark' ? 'text-brand-100' : 'text-slate-600')}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={cx('text-sm font-medium', tone === 'dark' ? 'text-red-200' : 'text-red-700')}>
          {error}
        </p>
      )}
    </div>
  );
}

export function inputClasses(className?: string): string {
  return cx(
    'block w-full min-h-11 rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500',
    'aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700',
    className,
  );
}
