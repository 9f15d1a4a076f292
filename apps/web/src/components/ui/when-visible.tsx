import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenVisibleProps {
  /** Rendered once the placeholder comes within `rootMargin` of the viewport (typically a lazy component). */
  children: ReactNode;
  /** Classes of the placeholder box: give it the height of what it will hold, so nothing jumps. */
  className?: string;
  /** How far ahead of the viewport to start loading; generous, so it is there before anyone reaches it. */
  rootMargin?: string;
  /**
   * While true, a placeholder near the viewport waits: its children mount once it is false while
   * the placeholder is still near (and stay mounted after, whatever it becomes). For code that
   * must not compete with what the page is still fetching to show on a slow line.
   */
  hold?: boolean;
}

/**
 * Mounts its children only when they scroll near the viewport. Forms below the fold use it so
 * their code (react-hook-form and zod, ~40 KB gzipped) stays off the first load of a page. The
 * placeholder is all that prerendering and hydration see, so both render the same markup.
 */
export function WhenVisible({ children, className, rootMargin = '600px 0px', hold = false }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Whether the placeholder is near the viewport now, as the browser last said: watched until the
  // children mount, and not while held. A release then asks afresh, so a placeholder the page's
  // content pushed away while it was held (the footer under a page's spinner) is not taken as near.
  const [near, setNear] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (near && !hold && !mounted) setMounted(true);

  useEffect(() => {
    const element = ref.current;
    if (!element || mounted || hold) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const latest = entries.at(-1);
        if (latest) setNear(latest.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setNear(false);
    };
  }, [mounted, hold, rootMargin]);

  return (
    <div ref={ref} className={className}>
      {mounted && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
