// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A lazy section (decision 070) keeps the server's HTML and fetches its code only when it comes
// near the viewport or is touched, never in an idle moment, unlike a HydrateOnView part beside it.
// The page is rendered by react-dom/server and hydrated by react-dom, as in the browser; jsdom has
// neither IntersectionObserver nor requestIdleCallback, so the test stands in for the browser's:
// it says when a box is near and when the browser is idle.

/** The IntersectionObservers the page made: `near(box)` tells them the box came within their margin. */
const observers: { callback: IntersectionObserverCallback; boxes: Set<Element> }[] = [];
function near(box: Element): void {
  for (const o of observers) if (o.boxes.has(box)) o.callback([{ target: box, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
}
/** Idle moments the page asked for: `idle()` runs them (and those they ask for), as a browser with nothing else to do. */
let idleCallbacks: (() => void)[] = [];

const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

beforeEach(() => {
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
  observers.length = 0;
  idleCallbacks = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      boxes = new Set<Element>();
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, boxes: this.boxes });
      }
      observe(box: Element) {
        this.boxes.add(box);
      }
      unobserve(box: Element) {
        this.boxes.delete(box);
      }
      disconnect() {
        this.boxes.clear();
      }
    },
  );
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A lazily loaded part: a button that counts its taps; its module arrives when the test says. */
async function lazyPart(label: string) {
  const React = await import('react');
  const { lazySection } = await import('./lazy-section.tsx');
  const part = { loads: 0, taps: 0, arrive: () => undefined as void };
  function Part() {
    const [count, setCount] = React.useState(0);
    return (
      <button
        type="button"
        onClick={() => {
          part.taps++;
          setCount((n) => n + 1);
        }}
      >
        {label} {count}
      </button>
    );
  }
  const module = new Promise<typeof Part>((resolve) => (part.arrive = () => resolve(Part)));
  // The server has the module at once; the browser's arrives when the test says.
  const OnServer = lazySection(() => Promise.resolve(Part));
  const InBrowser = lazySection(() => {
    part.loads++;
    return module;
  });
  return { part, OnServer, InBrowser };
}

describe('a lazy section', () => {
  it('is rendered whole by the server, and hydrates when it comes near the viewport or is touched, never when idle', async () => {
    const { act } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { HydrateOnView } = await import('./hydrate-on-view.tsx');
    const seen = await lazyPart('Ver');
    const touched = await lazyPart('Tocar');
    type Section = typeof seen.InBrowser;
    const App = ({ First, Second }: { First: Section; Second: Section }) => (
      <main>
        <HydrateOnView>
          <a href="/ayuda">Ayuda</a>
        </HydrateOnView>
        <First />
        <Second />
      </main>
    );

    // The server's render (no document there), with the sections' code loaded first.
    await Promise.all([seen.OnServer.preload(), touched.OnServer.preload()]);
    const browserDocument = document;
    vi.stubGlobal('document', undefined);
    const html = renderToString(<App First={seen.OnServer} Second={touched.OnServer} />);
    vi.stubGlobal('document', browserDocument);
    expect(html.match(/data-lazy-section/g)).toHaveLength(2);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const [seenButton, touchedButton] = [...container.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
    expect(seenButton.textContent).toBe('Ver 0');
    await act(async () => {
      hydrateRoot(container, <App First={seen.InBrowser} Second={touched.InBrowser} />);
    });

    // Idle moments: the HydrateOnView part hydrates; neither section's code is asked for.
    await act(async () => {
      while (idleCallbacks.length > 0) idleCallbacks.splice(0).forEach((callback) => callback());
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(hasFiber(container.querySelector('a')!)).toBe(true);
    expect([seen.part.loads, touched.part.loads]).toEqual([0, 0]);
    expect(hasFiber(seenButton) || hasFiber(touchedButton)).toBe(false);

    // Near the viewport: the first section's code loads, and React adopts the server's button.
    await act(async () => near(seenButton.parentElement!));
    expect([seen.part.loads, touched.part.loads]).toEqual([1, 0]);
    await act(async () => {
      seen.part.arrive();
      await seen.InBrowser.preload();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await vi.waitFor(() => expect(hasFiber(seenButton)).toBe(true));
    expect(container.querySelectorAll('button')[0]).toBe(seenButton);
    await act(async () => seenButton.click());
    expect(seenButton.textContent).toBe('Ver 1');

    // A tap on the second before its code arrived: held, not lost, answered once it has hydrated,
    // on the same element, which keeps the focus.
    touchedButton.focus();
    await act(async () => touchedButton.click());
    expect(touched.part.loads).toBe(1);
    expect(touched.part.taps).toBe(0);
    await act(async () => {
      touched.part.arrive();
      await touched.InBrowser.preload();
      // The hydration, then the held tap's replay (a task after it).
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await vi.waitFor(() => expect(touched.part.taps).toBe(1));
    await vi.waitFor(() => expect(touchedButton.textContent).toBe('Tocar 1'));
    expect(container.querySelectorAll('button')[1]).toBe(touchedButton);
    expect(document.activeElement).toBe(touchedButton);
  });
});

describe('a lazy section rendered in the browser', () => {
  it('shows its part once the code arrives, though nothing loaded it before the first render, and the rest of the page does not wait for it', async () => {
    const React = await import('react');
    const { render, screen, waitFor } = await import('@testing-library/react');
    const { InBrowser, part } = await lazyPart('Abrir');
    // A sibling whose effect starts its work (as a query fetches): it runs while the section's code loads.
    const started: string[] = [];
    function Results() {
      React.useEffect(() => void started.push('results'), []);
      return <h1>Resultados</h1>;
    }
    render(
      <main>
        <Results />
        <InBrowser />
      </main>,
    );
    await waitFor(() => expect(started).toEqual(['results']));
    expect(screen.getByRole('heading').textContent).toBe('Resultados');
    expect(screen.queryByRole('button')).toBeNull();
    expect(part.loads).toBe(1);
    part.arrive();
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('Abrir 0'));
    screen.getByRole('button').click();
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('Abrir 1'));
  });
});
