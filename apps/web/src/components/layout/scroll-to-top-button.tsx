import { useEffect, useState } from 'react';
import { shell } from '@arreglaya/shared/i18n/shell';
import { ArrowUpIcon } from '../ui/icons.tsx';
import { scrollBehavior } from '@/lib/scroll.ts';

/** Where the button sits without a bar below it: 1 rem from the bottom edge (Tailwind's bottom-4). */
const BOTTOM_GAP_PX = 16;

/**
 * A fixed or sticky bar of actions at the bottom of the screen marks itself with this attribute;
 * the button then sits above it instead of covering its buttons.
 */
export const ACTION_BAR_ATTRIBUTE = 'data-action-bar';

/** A control that takes typing (and, on a phone, opens the keyboard): while one has focus the button hides. */
function isFormControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.matches('input, textarea, select') || target.isContentEditable);
}

/** The distance from the viewport's bottom to the top of the highest action bar there (0 without one). */
function actionBarsHeight(): number {
  let height = 0;
  for (const bar of document.querySelectorAll(`[${ACTION_BAR_ATTRIBUTE}]`)) {
    const box = bar.getBoundingClientRect();
    if (box.height > 0 && box.bottom >= window.innerHeight - 1) height = Math.max(height, window.innerHeight - box.top);
  }
  return height;
}

/**
 * "Volver arriba" (issue 31), once the page has scrolled (scroll-to-top.tsx): hidden while a form
 * control has focus (it would cover the field being filled in, or the form's button, above the
 * phone's keyboard), and raised above any bottom action bar so it never covers its buttons.
 */
export function ScrollToTopButton({ focusTargetId }: { focusTargetId: string }) {
  // Mounted once the page has scrolled: a field may already have focus, a bar may already be there.
  const [typing, setTyping] = useState(() => isFormControl(document.activeElement));
  const [bottom, setBottom] = useState(() => BOTTOM_GAP_PX + actionBarsHeight());

  useEffect(() => {
    const update = () => setBottom(BOTTOM_GAP_PX + actionBarsHeight());
    const focusIn = (event: FocusEvent) => setTyping(isFormControl(event.target));
    const focusOut = (event: FocusEvent) => setTyping(isFormControl(event.relatedTarget));
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    document.addEventListener('focusin', focusIn);
    document.addEventListener('focusout', focusOut);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      document.removeEventListener('focusin', focusIn);
      document.removeEventListener('focusout', focusOut);
    };
  }, []);

  if (typing) return null;
  return (
    <button
      type="button"
      aria-label={shell.scrollToTop}
      title={shell.scrollToTop}
      style={bottom === BOTTOM_GAP_PX ? undefined : { bottom }}
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
