// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth as t } from '@arreglaya/shared/i18n/auth';
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
    renderWithProviders(<SignInForm email={undefined} redirectTo={undefined} error={t.socialFailed} />, { route: '/login' });
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(t.socialFailed);
  });
});
