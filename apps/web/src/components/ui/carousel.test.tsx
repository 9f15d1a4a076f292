// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carousel as t } from '@arreglaya/shared/i18n/site-pages';
import { Carousel } from './carousel.tsx';

// The carousel advances by itself every intervalMs, except under the system's reduced-motion
// setting (WCAG 2.2.2 and 2.3.3): then it stays on its slide until the person moves it.

/** window.matchMedia as a browser with this reduced-motion setting answers it. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const slides = ['Primera', 'Segunda', 'Tercera'].map((text) => <p key={text}>{text}</p>);

/** The slide shown (the others are hidden). */
function shown(): string {
  const visible = screen.getAllByRole('group', { hidden: true }).filter((g) => !g.hidden);
  expect(visible).toHaveLength(1);
  return visible[0]!.textContent ?? '';
}

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('advances by itself every interval, and wraps around', () => {
    prefersReducedMotion(false);
    render(<Carousel label="Testimonios" slides={slides} intervalMs={5000} />);
    expect(shown()).toBe('Primera');
    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toBe('Segunda');
    act(() => vi.advanceTimersByTime(10000));
    expect(shown()).toBe('Primera');
    expect(screen.getByRole('button', { name: t.pause })).toBeTruthy();
  });

  it('under prefers-reduced-motion it never advances by itself, and offers play instead of pause', () => {
    prefersReducedMotion(true);
    render(<Carousel label="Testimonios" slides={slides} intervalMs={5000} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toBe('Primera');
    expect(screen.getByRole('button', { name: t.play })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.pause })).toBeNull();
    // The person can still move it.
    act(() => screen.getByRole('button', { name: t.next }).click());
    expect(shown()).toBe('Segunda');
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toBe('Segunda');
  });
});
