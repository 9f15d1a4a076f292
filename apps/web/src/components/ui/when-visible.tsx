import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenVisibleProps {
  /** Rendered once the placeholder comes within `rootMargin` of the viewport (typically a lazy component). */
  children: ReactNode;
  /** Classes of the placeholder box: give it the height of what it will hold, so nothing jumps. */
  className?: string;
  /** How far ahead of the viewport to start loading; generous, so it is there before anyone reaches it. */
  rootMargin?: string;
}

/**
 * Mounts its children only when they scroll near the viewport. Forms below the fold use it so
 * their code (react-hook-form and zod, ~40 KB gzipped) stays off the first load of a page. The
 * placeholder is all that prerendering and hydration see, so both render the same markup.
 */
export function WhenVisible({ children, className, rootMargin = '600px 0px' }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  return (
    <div ref={ref} className={className}>
      {visible && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
