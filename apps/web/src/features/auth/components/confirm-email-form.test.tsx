// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';
import { ConfirmEmailForm } from './confirm-email-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Confirms the code as `role`, the server signing the person in; where the page goes. */
async function confirmAs(role: 'client' | 'contractor', returnTo?: string): Promise<string> {
  const session = testSession({ role, email: 'ana@example.com' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ message: 'Cuenta confirmada.', session }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  const { router } = renderWithProviders(<ConfirmEmailForm email="ana@example.com" returnTo={returnTo} />, {
    routes: ['/contractor/profile', '/perfil/info', '/profile/info', '/nuevoproyecto'].map((path) => ({ path, element: <p>{path}</p> })),
  });
  fireEvent.change(screen.getByLabelText(t.confirmEmail.code), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: t.confirmEmail.submit }));
  await waitFor(() => expect(router.state.location.pathname).not.toBe('/'));
  return router.state.location.pathname;
}

describe('the confirm-e-mail step', () => {
  it('says once that a code was sent, then what to do with it', () => {
    // It signs the person in and goes back to the form on a confirmed code: the query cache and a router.
    renderWithProviders(<ConfirmEmailForm email="ana@example.com" />);
    const text = document.body.textContent ?? '';
    expect(text.match(/código de 6 dígitos/g)).toHaveLength(1);
    expect(screen.getByText(/ana@example\.com/)).toBeTruthy();
    expect(screen.getByText('Escríbelo abajo para confirmar tu cuenta.').getAttribute('role')).toBe('status');
  });

  // Issue 55, item 5: the spec's registration screen (/contractor/profile) was linked from nowhere.
  it('takes a new contractor to the registration screen, Completa tu perfil de contratista', async () => {
    expect(await confirmAs('contractor')).toBe('/contractor/profile');
  });

  it('takes a new client to their information, and anyone back to the form they came from', async () => {
    expect(await confirmAs('client')).toBe('/perfil/info');
    cleanup();
    expect(await confirmAs('contractor', '/nuevoproyecto')).toBe('/nuevoproyecto');
  });
});
