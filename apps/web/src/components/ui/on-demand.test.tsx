// @vitest-environment jsdom
import { Component, useState, type ComponentType, type ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { onDemand } from './on-demand.tsx';

// A component on demand (decision 070): its code is fetched when it first renders, the page around
// it goes on meanwhile, and it shows once the code has arrived; from then on it renders at once.

/** A module the test delivers when it says: `arrive()` or `fail()`. */
function deferredModule() {
  let settle!: { arrive: () => void; fail: () => void };
  const loads: number[] = [];
  const load = () => {
    loads.push(1);
    return new Promise<(props: { name: string }) => ReactNode>((resolve, reject) => {
      settle = { arrive: () => resolve(({ name }) => <p role="dialog">{`Hola, ${name}`}</p>), fail: () => reject(new Error('Sin conexión')) };
    });
  };
  return { load, loads, arrive: () => settle.arrive(), fail: () => settle.fail() };
}

function Opener({ Dialog }: { Dialog: ComponentType<{ name: string }> }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        Abrir
      </button>
      {open && <Dialog name="Ana" />}
    </main>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('a component on demand', () => {
  afterEach(cleanup);

  it('is fetched at the tap that shows it, shows once it arrives, and at once the next time', async () => {
    const module = deferredModule();
    const Dialog = onDemand(module.load);
    render(<Opener Dialog={Dialog} />);
    expect(module.loads).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(module.loads).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The page goes on while the code comes: its button still answers.
    expect(screen.getByRole('button', { name: 'Abrir' })).toBeTruthy();
    module.arrive();
    expect((await screen.findByRole('dialog')).textContent).toBe('Hola, Ana');
    // Closed and opened again: there at once, nothing fetched again.
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.getByRole('dialog').textContent).toBe('Hola, Ana');
    expect(module.loads).toHaveLength(1);
  });

  it('sends a failed download to the error boundary, and is fetched again the next time', async () => {
    const module = deferredModule();
    const Dialog = onDemand(module.load);
    const { unmount } = render(
      <Boundary>
        <Opener Dialog={Dialog} />
      </Boundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    module.fail();
    expect((await screen.findByRole('alert')).textContent).toBe('Sin conexión');
    unmount();
    render(<Opener Dialog={Dialog} />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(module.loads).toHaveLength(2);
    module.arrive();
    expect((await screen.findByRole('dialog')).textContent).toBe('Hola, Ana');
  });
});
