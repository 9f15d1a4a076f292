import { useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { carousel as t } from '@arreglaya/shared/i18n/site-pages';
import { cx } from '@/lib/cx.ts';

interface CarouselProps {
  /** Accessible name of the carousel region. */
  label: string;
  slides: readonly ReactNode[];
  /** Time each slide stays, in ms (spec §9: 5000 and 2000). */
  intervalMs: number;
  className?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The system's reduced-motion setting. The prerendered HTML (no window) has the carousel playing,
 * and hydration must first render that same markup (the server snapshot, false); the setting
 * applies right after. Reading it in useState's initializer made the first render differ from the
 * HTML: React reported a hydration mismatch and re-rendered the page on the client.
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * An auto-advancing carousel that follows the WAI-ARIA carousel pattern: it stops while the
 * pointer is over it or focus is inside it, never moves under prefers-reduced-motion, and has
 * a pause button (WCAG 2.2.2), previous/next buttons and a dot per slide.
 */
export function Carousel({ label, slides, intervalMs, className }: CarouselProps) {
  const id = useId();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // Paused or played with the button; until then, stopped under reduced motion.
  const [stoppedByUser, setStoppedByUser] = useState<boolean | null>(null);
  const stopped = stoppedByUser ?? reducedMotion;
  const total = slides.length;
  const playing = !stopped && !hovered && !focused;

  useEffect(() => {
    if (!playing || total < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % total), intervalMs);
    return () => window.clearInterval(timer);
  }, [playing, total, intervalMs]);

  const go = (next: number) => setIndex((next + total) % total);
  const buttonClasses = 'grid size-11 place-items-center rounded-full border border-slate-400 bg-white text-slate-900 hover:bg-slate-100';

  return (
    <section
      aria-roledescription="carrusel"
      aria-label={label}
      className={cx('relative', className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      data-playing={playing ? 'true' : 'false'}
    >
      <div id={`${id}-slides`} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div key={i} role="group" aria-roledescription="diapositiva" aria-label={t.slide(i + 1, total)} hidden={i !== index}>
            {slide}
          </div>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-2">
        <button type="button" className={buttonClasses} onClick={() => setStoppedByUser(playing)} aria-label={playing ? t.pause : t.play}>
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <button type="button" className={buttonClasses} onClick={() => go(index - 1)} aria-controls={`${id}-slides`} aria-label={t.previous}>
          <span aria-hidden="true">‹</span>
        </button>
        {slides.map((_, i) => (
          <button
            key={i}
            type="button"
            className="grid size-11 place-items-center"
            onClick={() => go(i)}
            aria-label={t.goTo(i + 1)}
            aria-current={i === index ? 'true' : undefined}
          >
            <span className={cx('block size-3 rounded-full border border-brand-800', i === index ? 'bg-brand-800' : 'bg-white')} />
          </button>
        ))}
        <button type="button" className={buttonClasses} onClick={() => go(index + 1)} aria-controls={`${id}-slides`} aria-label={t.next}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
