import { useEffect } from 'react';

const PROPERTY = '--viewport-height';

/**
 * While mounted, keeps `--viewport-height` on <html> at the visual viewport's height (what is
 * visible above an on-screen keyboard), for the h-phone-screen utility. Chromium on Android
 * shrinks the layout viewport itself (the viewport meta's interactive-widget=resizes-content);
 * iOS Safari shrinks only the visual one. The height is taken at scale 1, so zooming in does not
 * shrink the screen. Set through the CSSOM, which the CSP's style-src allows.
 */
export function useVisualViewportHeight(enabled: boolean): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!enabled || !viewport) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(PROPERTY, `${Math.round(viewport.height * viewport.scale)}px`);
    update();
    viewport.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('resize', update);
      root.style.removeProperty(PROPERTY);
    };
  }, [enabled]);
}
