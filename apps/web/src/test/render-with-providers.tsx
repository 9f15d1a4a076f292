import { Suspense, type ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '@/app/providers.tsx';
import { SESSION_QUERY_KEY, type Session } from '@/lib/session-user.ts';

/**
 * A component test's own cache: no retries (a refused request shows its error at once, not after
 * the app's back-off) and nothing collected while the test runs (no garbage-collection timers
 * left behind; each test builds a new one). Queries are stale at once, as the tests have always had them.
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export interface RenderWithProvidersOptions {
  /** The address the page opens at (path and search): '/' unless told. */
  route?: string;
  /** The page's route pattern when it reads params (`/admin/personas/:id`); the route's own path otherwise. */
  path?: string;
  /** Other routes beside the page: where its links and redirects lead. */
  routes?: RouteObject[];
  /** A cache prepared by the test (read or changed during it); a new `testQueryClient()` otherwise. */
  queryClient?: QueryClient;
  /** The viewer's session (`testSession(…)` from ./session-fixtures.ts), as if the app had read it. */
  session?: Session;
  /** More answers already in the cache before the first render. */
  queryData?: readonly (readonly [QueryKey, unknown])[];
  /**
   * False leaves out the app's message box, for a component that never speaks through it and whose
   * test counts the page's own `status` or `alert` (the box keeps one of each in the page, empty).
   */
  messageBox?: boolean;
}

export interface RenderWithProvidersResult extends RenderResult {
  queryClient: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
}

/**
 * Renders `ui` as the page at `route`, inside what the app puts around its router (the query
 * cache, the message box, a Suspense boundary: app/providers.tsx) and a memory router. Only the
 * network is left for the test to replace.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}): RenderWithProvidersResult {
  const queryClient = options.queryClient ?? testQueryClient();
  if (options.session) queryClient.setQueryData(SESSION_QUERY_KEY, options.session);
  for (const [key, data] of options.queryData ?? []) queryClient.setQueryData(key, data);
  const route = options.route ?? '/';
  const path = options.path ?? new URL(route, 'http://localhost').pathname;
  const router = createMemoryRouter([{ path, element: ui }, ...(options.routes ?? [])], { initialEntries: [route] });
  const page = <RouterProvider router={router} />;
  const result = render(
    options.messageBox === false ? (
      <QueryClientProvider client={queryClient}>
        <Suspense>{page}</Suspense>
      </QueryClientProvider>
    ) : (
      <Providers client={queryClient}>{page}</Providers>
    ),
  );
  return { ...result, queryClient, router };
}
