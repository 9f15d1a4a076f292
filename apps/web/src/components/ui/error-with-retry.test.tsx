// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFailure } from '@arreglaya/shared/i18n/common';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { ErrorWithRetry } from './error-with-retry.tsx';

afterEach(cleanup);

/** A list as pages write it: its query, the error with retry when it fails, the items when it loads. */
function List({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['items'], queryFn: load, retry: false });
  if (query.isError) return <ErrorWithRetry message="No pudimos cargar la lista." onRetry={query.refetch} retrying={query.isFetching} />;
  return (
    <ul>
      {query.data?.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

describe('ErrorWithRetry', () => {
  it('says what failed (announced as an alert) with a Reintentar button; a retry that works shows the list', async () => {
    let attempts = 0;
    const load = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return ['Plomería', 'Pintura'];
    };
    renderWithProviders(<List load={load} />, { messageBox: false });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar la lista.');

    await userEvent.click(screen.getByRole('button', { name: loadFailure.retry }));
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Plomería', 'Pintura']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(2);
  });

  it('without a message of its own it uses the common one; while retrying the button waits', () => {
    let calls = 0;
    render(<ErrorWithRetry onRetry={() => (calls += 1)} retrying />);
    expect(screen.getByRole('alert').textContent).toContain(loadFailure.generic);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: loadFailure.retry });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    button.click();
    expect(calls).toBe(0);
  });
});
