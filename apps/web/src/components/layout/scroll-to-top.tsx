import { useEffect, useState } from 'react';
import { shell } from '@arreglaya/shared/i18n/shell';
import { ArrowUpIcon } from '../ui/icons.tsx';
import { scrollBehavior } from '@/lib/scroll.ts';

/** Spec §9: the button appears once the page has scrolled more than 250 px. */
export const SCROLL_TOP_THRESHOLD = 250;

export function ScrollToTopButton({ focusTargetId }: { focusTargetId: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={shell.scrollToTop}
      title={shell.scrollToTop}
      className="fixed right-4 bottom-4 z-40 grid size-12 place-items-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: scrollBehavior() });
        // The button disappears at the top; move focus with the reader instead of losing it.
        document.getElementById(focusTargetId)?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon className="size-6" />
    </button>
  );
}
