// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryClient as appQueryClient, refetchAfterWrite } from './query-client.ts';
import { SESSION_QUERY_KEY } from './session-user.ts';

// The page opens, its list's first fetch leaves, and the page's own write (a card confirmed on the
// way back from the bank) commits while that fetch is still on the way: the server had read the
// list before the write. What the page ends up showing is what these tests check.
function openPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let stored = ['Visa •••• 4242'];
  const answers: (() => void)[] = [];
  const requests: string[][] = [];
  const queryKey = ['cards'];
  // Each request reads the list now and answers when the test says so.
  const queryFn = () => {
    const readNow = [...stored];
    requests.push(readNow);
    return new Promise<string[]>((resolve) => answers.push(() => resolve(readNow)));
  };
  const observer = new QueryObserver(client, { queryKey, queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    client,
    queryKey,
    requests,
    write: () => (stored = [...stored, 'Visa •••• 3220']),
    answerAll: () => answers.splice(0).forEach((answer) => answer()),
    shown: () => client.getQueryData<string[]>(queryKey),
    close: unsubscribe,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('refetchAfterWrite', () => {
  it('shows the write when it commits while the first fetch is still in flight', async () => {
    const page = openPage();
    page.write();
    const refreshed = refetchAfterWrite(page.client, page.queryKey);
    await settle();
    page.answerAll();
    await refreshed;
    expect(page.requests).toHaveLength(2);
    expect(page.shown()).toEqual(['Visa •••• 4242', 'Visa •••• 3220']);
    page.close();
  });

  it('is needed: invalidating alone joins the first fetch and keeps what it read before the write', async () => {
    const page = openPage();
    page.write();
    const invalidated = page.client.invalidateQueries({ queryKey: page.queryKey });
    page.answerAll();
    await invalidated;
    expect(page.requests).toHaveLength(1);
    expect(page.shown()).toEqual(['Visa •••• 4242']);
    page.close();
  });

  it('refetches once more when the list had already loaded', async () => {
    const page = openPage();
    page.answerAll();
    await settle();
    page.write();
    const refreshed = refetchAfterWrite(page.client, page.queryKey);
    await settle();
    page.answerAll();
    await refreshed;
    expect(page.shown()).toEqual(['Visa •••• 4242', 'Visa •••• 3220']);
    page.close();
  });
});

describe('the session entry', () => {
  it('outlives the cache’s garbage collection while nothing observes it (issue 46)', async () => {
    vi.useFakeTimers();
    try {
      const session = { user: null, expiresAt: null };
      appQueryClient.setQueryData(SESSION_QUERY_KEY, session);
      appQueryClient.setQueryData(['other'], 1);
      // Written again as the 30-second refresh does, then left for longer than the default gcTime.
      await vi.advanceTimersByTimeAsync(30_000);
      appQueryClient.setQueryData(SESSION_QUERY_KEY, { ...session });
      await vi.advanceTimersByTimeAsync(20 * 60_000);
      expect(appQueryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(session);
      // Other unobserved entries are still collected as usual.
      expect(appQueryClient.getQueryData(['other'])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
