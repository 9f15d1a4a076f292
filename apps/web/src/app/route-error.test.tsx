// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shell } from '@arreglaya/shared/i18n/shell';
import { RouteError } from './route-error.tsx';
import { retryLazyRoutes } from '@/lib/lazy-retry.ts';

afterEach(cleanup);

function renderFailing(error: unknown) {
  const load = vi.fn().mockRejectedValue(error);
  const router = createMemoryRouter(retryLazyRoutes([{ path: '/', ErrorBoundary: RouteError, lazy: load }], 0), { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return load;
}

describe('RouteError', () => {
  it('says the page could not be downloaded, with a retry button, after retrying once by itself', async () => {
    const load = renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/page.js'));
    expect(await screen.findByRole('heading', { name: shell.routeError.chunkTitle })).toBeTruthy();
    expect(screen.getByText(shell.routeError.chunkText)).toBeTruthy();
    expect(screen.getByRole('button', { name: shell.routeError.retry })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the generic message for any other failure', async () => {
    renderFailing(new RangeError('boom'));
    expect(await screen.findByRole('heading', { name: shell.routeError.title })).toBeTruthy();
  });
});
