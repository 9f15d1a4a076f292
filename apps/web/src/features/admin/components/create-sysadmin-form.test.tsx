// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';
import { CreateSysadminForm } from './create-sysadmin-form.tsx';
import '@/test/jsdom-css-escape.ts';

// "Crear sysadmin" (decision 050): the form is checked, then a question names the e-mail; the
// request leaves only after the yes, once; an e-mail that already has an account is refused by
// the server (409), which the question and the field say. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm(answer: () => Promise<Response>) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      posts.push({ url, body: JSON.parse(String(init?.body)) });
      return answer();
    }),
  );
  const onCreated = vi.fn();
  renderWithProviders(<CreateSysadminForm onCreated={onCreated} />, { route: '/admin/personas', session: testSession({ role: 'sysadmin' }) });
  return { posts, onCreated, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, email: string) {
  const form = screen.getByRole('region', { name: t.people.createSysadmin });
  await user.type(within(form).getByLabelText(t.people.emailLabel), email);
  await user.type(within(form).getByLabelText(t.people.passwordLabel), 'Consola-Segura-2026');
  await user.click(within(form).getByRole('button', { name: t.people.create }));
}

describe('CreateSysadminForm', () => {
  it('asks first, naming the e-mail and what happens; Cancelar sends nothing', async () => {
    const { posts, user } = renderForm(async () => json(201, { id: '8f0e7a1c-4b8e-4d5e-9f7a-1c2b3d4e5f60', created: true }));
    await fill(user, 'nueva.jefa@prueba.do');
    const ask = await screen.findByRole('alertdialog', { name: t.people.createAsk('nueva.jefa@prueba.do') });
    expect(ask.textContent).toContain(t.people.createWarning);
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: t.people.createCancel }));
    await user.click(within(ask).getByRole('button', { name: t.people.createCancel }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts).toHaveLength(0);
  });

  it('an invalid form is refused before any question', async () => {
    const { posts, user } = renderForm(async () => json(201, {}));
    await user.click(screen.getByRole('button', { name: t.people.create }));
    expect(await screen.findAllByText('Campo obligatorio.')).not.toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts).toHaveLength(0);
  });

  it('once confirmed sends one request even on a double tap, says so and empties the form', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { posts, onCreated, user } = renderForm(() => new Promise((resolve) => (answer = resolve)));
    await fill(user, 'nueva.jefa@prueba.do');
    const ask = await screen.findByRole('alertdialog', { name: t.people.createAsk('nueva.jefa@prueba.do') });
    await user.dblClick(within(ask).getByRole('button', { name: t.people.createConfirm }));
    expect((within(ask).getByRole('button', { name: t.people.creating }) as HTMLButtonElement).disabled).toBe(true);
    answer(json(201, { id: '8f0e7a1c-4b8e-4d5e-9f7a-1c2b3d4e5f60', created: true }));
    expect(await screen.findByText(t.people.created)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([{ url: '/api/admin/sysadmins', body: { email: 'nueva.jefa@prueba.do', password: 'Consola-Segura-2026' } }]);
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText(t.people.emailLabel) as HTMLInputElement).value).toBe('');
  });

  it('an e-mail that already has an account: the server’s refusal in the question and on the field', async () => {
    const { posts, onCreated, user } = renderForm(async () => json(409, { error: { code: 'CONFLICT', message: t.people.emailTaken, fields: { email: t.people.emailTaken } } }));
    await fill(user, 'carmen@prueba.do');
    const ask = await screen.findByRole('alertdialog', { name: t.people.createAsk('carmen@prueba.do') });
    await user.click(within(ask).getByRole('button', { name: t.people.createConfirm }));
    expect((await within(ask).findByRole('alert')).textContent).toBe(t.people.emailTaken);
    await user.click(within(ask).getByRole('button', { name: t.people.createCancel }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText(t.people.emailLabel).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(t.people.emailTaken)).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(onCreated).not.toHaveBeenCalled();
  });
});
