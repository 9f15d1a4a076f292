import { useEffect } from 'react';

const PROPERTY = '--viewport-height';
/** On <html> while a phone screen of its own is shown: styles.css stops the page itself from scrolling below 768 px. */
const MARK = 'data-phone-screen';

/**
 * While mounted (and `enabled`): keeps `--viewport-height` on <html> at the visual viewport's
 * height (what is visible above an on-screen keyboard), for the h-phone-screen utility, and marks
 * <html> with data-phone-screen. Chromium on Android shrinks the layout viewport itself (the
 * viewport meta's interactive-widget=resizes-content); iOS Safari shrinks only the visual one.
 * The height is taken at scale 1, so zooming in does not shrink the screen. Set through the
 * CSSOM, which the CSP's style-src allows.
 *
 * The mark's `overflow: hidden` matters for typing: with the composer at the bottom of a page
 * exactly the screen's height, Chromium presented no frame while keys were pressed (every key's
 * next paint came when typing stopped: an INP of seconds in `npm run bench:web`, decision 030).
 */
export function useVisualViewportHeight(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const root = document.documentElement;
    root.setAttribute(MARK, '');
    const viewport = window.visualViewport;
    const update = () => {
      if (viewport) root.style.setProperty(PROPERTY, `${Math.round(viewport.height * viewport.scale)}px`);
    };
    update();
    viewport?.addEventListener('resize', update);
    return () => {
      viewport?.removeEventListener('resize', update);
      root.style.removeProperty(PROPERTY);
      root.removeAttribute(MARK);
    };
  }, [enabled]);
}
