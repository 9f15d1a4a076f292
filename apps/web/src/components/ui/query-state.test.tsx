// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFailure } from '@arreglaya/shared/i18n/common';
import { shell } from '@arreglaya/shared/i18n/shell';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { QueryState } from './query-state.tsx';

afterEach(cleanup);

/** A console list as the pages write it. */
function List({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['items'], queryFn: load, retry: false });
  return (
    <QueryState query={query} isEmpty={(items) => items.length === 0} empty="No hay reclamos abiertos." errorMessage="No pudimos cargar los reclamos.">
      {(items) => (
        <ul aria-label="Reclamos">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderList(load: () => Promise<string[]>) {
  return renderWithProviders(<List load={load} />, { messageBox: false });
}

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('QueryState', () => {
  it('announces the load (role status, aria-busy), then shows the items and is no longer busy', async () => {
    const pending = deferred<string[]>();
    const { container } = renderList(() => pending.promise);
    expect(screen.getByRole('status').textContent).toBe(shell.loading);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    pending.resolve(['Calentador', 'Techo']);
    const list = await screen.findByRole('list', { name: 'Reclamos' });
    expect(list.textContent).toBe('CalentadorTecho');
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.queryByText('No hay reclamos abiertos.')).toBeNull();
  });

  it('says an empty list in the feature’s words, with no list and no spinner', async () => {
    renderList(async () => []);
    expect(await screen.findByText('No hay reclamos abiertos.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a failure as an alert with Reintentar (no spinner); the retry that works shows the items', async () => {
    let attempts = 0;
    renderList(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return ['Calentador'];
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar los reclamos.');
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: loadFailure.retry }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Reclamos' }).textContent).toBe('Calentador'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a record (no empty state) and another error view when the page gives one', async () => {
    function Record({ fail }: { fail: boolean }) {
      const query = useQuery({
        queryKey: ['record', fail],
        queryFn: async () => {
          if (fail) throw new Error('old session');
          return { name: 'Resumen' };
        },
      });
      return (
        <QueryState query={query} renderError={(error) => <p role="alert">{`Vuelve a iniciar sesión (${(error as Error).message})`}</p>}>
          {(data) => <h2>{data.name}</h2>}
        </QueryState>
      );
    }
    renderWithProviders(
      <>
        <Record fail={false} />
        <Record fail />
      </>,
      { messageBox: false },
    );
    expect(await screen.findByRole('heading', { name: 'Resumen' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Vuelve a iniciar sesión (old session)');
    expect(screen.queryByRole('button', { name: loadFailure.retry })).toBeNull();
  });
});
