import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { scrollBehavior } from '@/lib/scroll.ts';

/**
 * Spec §2: every route change scrolls (smoothly, unless reduced motion is asked for) to the
 * top, or to the #anchor in the URL. Focus moves to the main landmark so keyboard and screen
 * reader users start reading the new page instead of staying on the link they used.
 */
export function useScrollOnNavigate(mainId: string): void {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    const isFirst = firstRender.current;
    firstRender.current = false;
    const behavior = scrollBehavior();
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) {
      // The page is lazy: the browser's own jump to the anchor ran before the content existed.
      anchor.scrollIntoView({ behavior: isFirst ? 'instant' : behavior, block: 'start' });
      return;
    }
    if (isFirst) return;
    window.scrollTo({ top: 0, behavior });
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, hash, mainId]);
}
