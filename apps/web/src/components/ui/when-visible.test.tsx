// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible.tsx';

// jsdom has no IntersectionObserver: the test stands in for the browser's and says when the box
// comes near the viewport.
const observed: { callback: IntersectionObserverCallback; box?: Element }[] = [];
const near = (isIntersecting = true) =>
  act(() => observed.forEach((o) => o.callback([{ target: o.box!, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver)));

beforeEach(() => {
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
  observed.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: (typeof observed)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observed.push(this.entry);
      }
      observe(box: Element) {
        this.entry.box = box;
      }
      disconnect() {
        observed.splice(observed.indexOf(this.entry), 1);
      }
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A page whose form is held at first (its data on the way): `field()` finds the form, `setHold` lets it go or holds it again. */
async function heldPage() {
  let setHold: (hold: boolean) => void = () => undefined;
  function Page() {
    const [hold, set] = useState(true);
    setHold = set;
    return (
      <WhenVisible hold={hold}>
        <input aria-label="Correo" />
      </WhenVisible>
    );
  }
  const container = document.body.appendChild(document.createElement('div'));
  await act(() => createRoot(container).render(<Page />));
  return { field: () => container.querySelector('input'), setHold: (hold: boolean) => act(() => setHold(hold)) };
}

it('mounts a held form only once the page has its data, and keeps it (what was typed) when the page fetches again', async () => {
  const { field, setHold } = await heldPage();

  // Seen while the page waits for its data: nothing mounts.
  near();
  expect(field()).toBeNull();

  // The data arrives: the browser is asked afresh where the form is; still near, it mounts.
  await setHold(false);
  expect(field()).toBeNull();
  near();
  expect(field()).not.toBeNull();
  field()!.value = 'ana@example.com';

  // A later fetch does not take it away, nor what was typed.
  await setHold(true);
  expect(field()?.value).toBe('ana@example.com');
});

it('does not mount a form the page pushed out of view while it was held, until it is seen again', async () => {
  const { field, setHold } = await heldPage();
  // In view under the spinner; when the data arrives, the page's content has pushed it down.
  near();
  await setHold(false);
  near(false);
  expect(field()).toBeNull();
  // Scrolled to: it mounts.
  near();
  expect(field()).not.toBeNull();
});

it('mounts at once when seen if nothing holds it, and not before it is seen', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  await act(() =>
    createRoot(container).render(
      <WhenVisible>
        <input aria-label="Correo" />
      </WhenVisible>,
    ),
  );
  expect(container.querySelector('input')).toBeNull();
  near();
  expect(container.querySelector('input')).not.toBeNull();
});
