// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminJobs as t } from '@arreglaya/shared/i18n/admin-ops';
import type { JobQueues } from '@arreglaya/shared/schemas/admin-ops';
import { formatMoment } from '@/lib/format.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { JobsPage } from './jobs-page.tsx';

// The console's "Tareas programadas": each queue's counts and last run, the failed jobs with
// their error, and "Reintentar", which posts the retry and reads the list again. Only the
// network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const JOB_ID = '3f1c1b1e-8d3a-4c55-9a55-0e6f3c1d2b10';

const withFailure: JobQueues = {
  queues: [
    { name: 'quotes-expire', waiting: 1, active: 0, failed: 0, lastRunAt: '2026-11-27T14:05:00.000Z' },
    { name: 'digest-daily', waiting: 0, active: 0, failed: 1, lastRunAt: null },
    { name: 'dead-letters', waiting: 1, active: 0, failed: 0, lastRunAt: null },
  ],
  failed: [{ id: JOB_ID, queue: 'digest-daily', failedAt: '2026-11-27T11:30:00.000Z', attempts: 4, error: 'relation "digest_deliveries" does not exist (SQLSTATE 42P01)' }],
};
const retried: JobQueues = {
  queues: [
    { name: 'quotes-expire', waiting: 1, active: 0, failed: 0, lastRunAt: '2026-11-27T14:05:00.000Z' },
    { name: 'digest-daily', waiting: 1, active: 0, failed: 0, lastRunAt: null },
    { name: 'dead-letters', waiting: 0, active: 0, failed: 0, lastRunAt: null },
  ],
  failed: [],
};

function renderPage(answers: { list: JobQueues[]; retry?: Response }) {
  const calls: { method: string; url: string; headers: Headers }[] = [];
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, headers: new Headers(init?.headers) });
      if (method === 'POST') return answers.retry ?? json(200, { message: t.retried });
      return json(200, answers.list[Math.min(reads++, answers.list.length - 1)]);
    }),
  );
  renderWithProviders(<JobsPage />, { route: '/admin/tareas' });
  return { calls, user: userEvent.setup() };
}

describe('JobsPage', () => {
  it('shows each queue with its waiting, active and failed jobs and last run, and the failed job with its error', async () => {
    renderPage({ list: [withFailure] });
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeTruthy();
    const queues = await screen.findByRole('list', { name: t.queuesLabel });
    const expiry = within(queues).getByRole('listitem', { name: t.queues['quotes-expire'] });
    expect(expiry.textContent).toContain(`${t.lastRun}: ${formatMoment('2026-11-27T14:05:00.000Z', undefined, true)}`);
    expect(within(expiry).getByText(t.waiting).nextElementSibling?.textContent).toBe('1');
    const digest = within(queues).getByRole('listitem', { name: t.queues['digest-daily'] });
    expect(within(digest).getByText(t.failed).nextElementSibling?.textContent).toBe('1');
    expect(digest.textContent).toContain(`${t.lastRun}: ${t.never}`);

    const failed = screen.getByRole('list', { name: t.failedJobs });
    const job = within(failed).getByRole('listitem', { name: t.queues['digest-daily'] });
    expect(job.textContent).toContain('relation "digest_deliveries" does not exist (SQLSTATE 42P01)');
    expect(job.textContent).toContain(`${t.attempts}: 4`);
  });

  it('retries a failed job: posts once for that job, says so, and reads the list again', async () => {
    const { calls, user } = renderPage({ list: [withFailure, retried] });
    const button = await screen.findByRole('button', { name: t.retryLabel(t.queues['digest-daily'], formatMoment('2026-11-27T11:30:00.000Z', undefined, true)) });
    expect(button.textContent).toBe(t.retry);
    await user.click(button);
    expect(await screen.findByText(t.retried)).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual([`/api/admin/jobs/digest-daily/${JOB_ID}/retry`]);
    expect(posts[0]!.headers.get('x-requested-with')).toBe('arreglaya');
    // The list read again: the job is no longer failed.
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: t.failedJobs })).toBeNull());
  });

  it('shows the server’s reason when the job was retried elsewhere', async () => {
    const { user } = renderPage({ list: [withFailure, retried], retry: json(404, { error: { code: 'NOT_FOUND', message: t.notFailed } }) });
    await user.click(await screen.findByRole('button', { name: new RegExp(`^${t.retry}`) }));
    expect(await screen.findByText(t.notFailed)).toBeTruthy();
  });
});
