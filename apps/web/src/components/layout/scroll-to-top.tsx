import { lazy, Suspense, useEffect, useState } from 'react';

/** Spec §9: the button appears once the page has scrolled more than 250 px. */
export const SCROLL_TOP_THRESHOLD = 250;

// The button's code (focus and action-bar rules) is not part of a page's first load: fetched when
// the browser is idle (app/after-first-load.ts), or at the first scroll past the threshold.
const ScrollToTopButton = lazy(() => import('./scroll-to-top-button.tsx').then((m) => ({ default: m.ScrollToTopButton })));

/** "Volver arriba" once the page has scrolled more than SCROLL_TOP_THRESHOLD (scroll-to-top-button.tsx). */
export function ScrollToTop({ focusTargetId }: { focusTargetId: string }) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_TOP_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!scrolled) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopButton focusTargetId={focusTargetId} />
    </Suspense>
  );
}
