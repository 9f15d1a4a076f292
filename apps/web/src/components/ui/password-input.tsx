import { useState, type ComponentProps } from 'react';
import { auth } from '@arreglaya/shared/i18n/auth';
import { cx } from '@/lib/cx.ts';
import { inputClasses } from './field.tsx';

/** An input's props (its `ref` included: react-hook-form's register() needs the input). */
type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'>;

/**
 * A password input with a show/hide toggle. The toggle keeps one name ("Mostrar contraseña")
 * and tells its state with aria-pressed, the pattern screen readers announce best.
 */
export function PasswordInput({ className, ref, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} ref={ref} type={visible ? 'text' : 'password'} className={inputClasses(cx('pr-14', className))} />
      <button
        type="button"
        aria-pressed={visible}
        aria-label={auth.showPassword}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-md text-slate-700 hover:bg-brand-50 hover:text-brand-800"
      >
        <EyeIcon open={!visible} />
      </button>
    </div>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M3 3l18 18" />}
    </svg>
  );
}
