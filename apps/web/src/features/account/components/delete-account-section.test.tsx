// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrors, confirm } from '@arreglaya/shared/i18n/common';
import { auth } from '@arreglaya/shared/i18n/auth';
import { SESSION_QUERY_KEY, SIGNED_OUT } from '@/lib/session-user.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import '@/test/jsdom-css-escape.ts';

// "Eliminar cuenta" (spec §4 Delete account): an alert dialog that asks for the password, on the
// app's shared modal; the way back has the focus, and one tap sends one request. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const d = auth.deleteAccount;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSection(answer: () => Promise<Response>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  const rendered = renderWithProviders(<DeleteAccountSection />, {
    route: '/perfil/seguridad',
    routes: [{ path: '/signout', element: <p>Saliendo</p> }],
    session: testSession(),
  });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('DeleteAccountSection', () => {
  it('asks in an alert dialog described by the warning, with the focus on Cancelar; Escape closes it and the focus goes back', async () => {
    const { calls, user } = renderSection(async () => json(200, { message: 'Cuenta eliminada con éxito.' }));
    const open = screen.getByRole('button', { name: d.open });
    await user.click(open);
    const dialog = screen.getByRole('alertdialog', { name: d.dialogTitle });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(confirm.deleteAccount);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: d.cancel }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(calls).toHaveLength(0);
  });

  it('puts a wrong password on its field and keeps the dialog open', async () => {
    const { calls, user } = renderSection(async () =>
      json(400, { error: { code: 'WRONG_PASSWORD', message: apiErrors.WRONG_PASSWORD, fields: { password: 'La contraseña no es correcta.' } } }),
    );
    await user.click(screen.getByRole('button', { name: d.open }));
    const dialog = screen.getByRole('alertdialog', { name: d.dialogTitle });
    await user.type(within(dialog).getByLabelText(d.passwordLabel), 'Clave-Equivocada-1');
    await user.click(within(dialog).getByRole('button', { name: d.confirm }));
    expect(await within(dialog).findByText('La contraseña no es correcta.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/account', body: { password: 'Clave-Equivocada-1' } }]);
  });

  it('deletes once however many taps, forgets the session and goes to /signout', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { calls, queryClient, router, user } = renderSection(() => new Promise((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: d.open }));
    const dialog = screen.getByRole('alertdialog', { name: d.dialogTitle });
    await user.type(within(dialog).getByLabelText(d.passwordLabel), 'Clave-Correcta-2026');
    await user.dblClick(within(dialog).getByRole('button', { name: d.confirm }));
    expect((within(dialog).getByRole('button', { name: d.deleting }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: d.cancel }) as HTMLButtonElement).disabled).toBe(true);
    answer(json(200, { message: 'Cuenta eliminada con éxito.' }));
    expect(await screen.findByText('Saliendo')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signout');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(SIGNED_OUT);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
