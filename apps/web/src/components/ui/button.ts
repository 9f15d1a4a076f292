import { cx } from '@/lib/cx.ts';

// Class recipes rather than a <Button> component: the same look applies to <button> and <Link>.
const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-400',
  accent: 'bg-accent-700 text-white hover:bg-accent-800 disabled:opacity-70',
  secondary: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
  ghost: 'text-brand-700 hover:bg-brand-50',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClasses(variant: ButtonVariant = 'primary', className?: string): string {
  return cx(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-base font-semibold transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    className,
  );
}
