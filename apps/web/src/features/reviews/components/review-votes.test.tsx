// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviews as t } from '@arreglaya/shared/i18n/reviews';
import type { ReviewVotes } from '@arreglaya/shared/schemas/reviews';
import { authModals } from '@/lib/auth-modals.ts';
import { SESSION_QUERY_KEY, SIGNED_OUT } from '@/lib/session-user.ts';
import { testSession } from '@/test/session-fixtures.ts';
import { PublicReviewVotes } from './public-review-votes.tsx';
import { renderWithProviders, testQueryClient } from '@/test/render-with-providers.tsx';

// The thumbs under a public review (issue 55): real counts, the viewer's vote pressed, one tap one
// request, the change shown at once and taken back when the server refuses. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REVIEW = '3f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const REVIEWS = [REVIEW];

function Harness() {
  return (
    <div>
      <PublicReviewVotes reviewIds={REVIEWS} reviewId={REVIEW} />
    </div>
  );
}

/** Renders one review's buttons; `answer` answers each PUT or DELETE. */
function renderVotes(start: ReviewVotes, answer: (init: RequestInit) => Response | Promise<Response>, signedIn = true) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => (init?.method && init.method !== 'GET' ? answer(init) : json({ items: [start] })));
  vi.stubGlobal('fetch', fetch);
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, signedIn ? testSession() : SIGNED_OUT);
  renderWithProviders(<Harness />, { route: '/contractors/x', queryClient });
  return fetch;
}

const writes = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method && (init as RequestInit).method !== 'GET');
const like = (n: string) => screen.findByRole('button', { name: t.votes.likeNamed(n) });
const dislike = (n: string) => screen.findByRole('button', { name: t.votes.dislikeNamed(n) });
const votes = (o: Partial<ReviewVotes> = {}): ReviewVotes => ({ reviewId: REVIEW, likes: 3, dislikes: 1, mine: null, own: false, ...o });

describe('the votes under a public review', () => {
  it('names each button with its count and says which one is mine', async () => {
    renderVotes(votes({ mine: -1 }), () => json(votes()));
    expect((await like('3')).getAttribute('aria-pressed')).toBe('false');
    expect((await dislike('1')).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the vote at once and sends one request for a double tap', async () => {
    let release: (r: Response) => void = () => {};
    const fetch = renderVotes(votes(), () => new Promise<Response>((r) => (release = r)));
    const user = userEvent.setup();
    const button = await like('3');
    await user.dblClick(button);
    // Optimistic: counted and pressed before the server answers.
    expect((await like('4')).getAttribute('aria-pressed')).toBe('true');
    expect(writes(fetch)).toHaveLength(1);
    expect(writes(fetch)[0]![1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ value: 1 }) });
    release(json(votes({ likes: 4, mine: 1 })));
    await waitFor(() => expect(screen.getByRole('button', { name: t.votes.likeNamed('4') }).getAttribute('aria-busy')).toBeNull());
  });

  it('takes my vote back with a tap on the pressed button, and changes it with the other', async () => {
    const fetch = renderVotes(votes({ mine: 1 }), (init) => json(init.method === 'DELETE' ? votes({ likes: 2, mine: null }) : votes({ likes: 2, dislikes: 2, mine: -1 })));
    const user = userEvent.setup();
    await user.click(await like('3'));
    expect((await like('2')).getAttribute('aria-pressed')).toBe('false');
    await user.click(await dislike('1'));
    expect((await dislike('2')).getAttribute('aria-pressed')).toBe('true');
    expect(writes(fetch).map(([, init]) => (init as RequestInit).method)).toEqual(['DELETE', 'PUT']);
  });

  it('goes back to the counts before, and says so, when the server refuses', async () => {
    renderVotes(votes(), () => json({ error: { code: 'FORBIDDEN', message: t.voteOwn } }, 403));
    const user = userEvent.setup();
    await user.click(await like('3'));
    expect(await screen.findByText(t.votes.failed)).toBeTruthy();
    expect((await like('3')).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the author and the contractor the counts, without buttons', async () => {
    renderVotes(votes({ own: true }), () => json(votes()));
    expect(await screen.findByText(t.votes.summary('3', '1'))).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks a visitor to sign in and sends nothing', async () => {
    const openSignIn = vi.spyOn(authModals, 'openSignIn').mockImplementation(() => undefined);
    const fetch = renderVotes(votes(), () => json(votes()), false);
    await userEvent.setup().click(await like('3'));
    expect(openSignIn).toHaveBeenCalledWith({ redirectTo: '/contractors/x' });
    expect(writes(fetch)).toHaveLength(0);
  });
});
