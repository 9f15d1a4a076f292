import { cx } from '@/lib/cx.ts';

/** A link of the header's menu (navbar.tsx and navbar-signed-in.tsx), underlined on its own page. */
export const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    'block rounded-md px-3 py-2 font-medium whitespace-nowrap md:px-2 xl:px-3 hover:bg-brand-50 hover:text-brand-800',
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-4' : 'text-slate-700',
  );
