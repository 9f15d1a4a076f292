// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { MessageBoxProvider } from '@/components/ui/message-box.tsx';
import { authModals } from '@/lib/auth-modals.ts';
import { SignInForm } from './components/sign-in-form.tsx';
import { openSignInLoader } from './guard.ts';

afterEach(() => {
  cleanup();
  authModals.close();
  vi.unstubAllGlobals();
});

// Nobody is signed in: the session endpoint answers { user: null }.
function signedOut() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ user: null }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
}

const load = (url: string) => openSignInLoader({ request: new Request(url), params: {}, context: undefined } as never);

describe('/login after a failed Google / Facebook sign-in', () => {
  it('opens the sign-in dialog saying the social sign-in failed; a plain /login opens it without a message', async () => {
    signedOut();
    await load('http://localhost/login?error=state_mismatch');
    expect(authModals.get()).toEqual({ view: 'sign-in', error: t.socialFailed });
    await load('http://localhost/login');
    expect(authModals.get()).toEqual({ view: 'sign-in' });
  });

  it('the sign-in form shows that failure as its alert from the start', async () => {
    signedOut();
    const router = createMemoryRouter([{ path: '/login', element: <SignInForm email={undefined} redirectTo={undefined} error={t.socialFailed} /> }], {
      initialEntries: ['/login'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MessageBoxProvider>
          <RouterProvider router={router} />
        </MessageBoxProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(t.socialFailed);
  });
});
