// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drafts } from '@/test/memory-drafts.ts';
import { contact as t } from '@arreglaya/shared/i18n/contact';
import { success } from '@arreglaya/shared/i18n/common';
import { fillContactForm } from '@/test/contact-form.ts';
import { ContactForm } from './contact-form.tsx';
import { renderWithProviders, testQueryClient } from '@/test/render-with-providers.tsx';

// The /contactus form keeps its unsent text (decision 033): a reload, or the connection dropping
// on send, gives it back; once sent it is forgotten. The browser's draft store (IndexedDB, which
// jsdom lacks) is stood in for by a map; the network by fetch answers.

vi.mock('@/lib/form-drafts.ts', () => import('@/test/memory-drafts.ts'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  drafts.clear();
});

function renderForm(signedInAs: { firstName: string; email: string } | null = null) {
  const client = testQueryClient();
  return renderWithProviders(<ContactForm signedInAs={signedInAs} />, { queryClient: client });
}
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the contact form’s draft', () => {
  it('gives the typed text back after the connection dropped on send and the page was reloaded; forgets it once sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderForm();
    const user = userEvent.setup();
    await fillContactForm(user);
    await user.click(screen.getByRole('button', { name: t.submit }));
    await waitFor(() => expect(screen.getByRole('button', { name: t.submit })).toHaveProperty('disabled', false));

    // The reload: a new form, filled again from the draft.
    cleanup();
    renderForm();
    await waitFor(() => expect(value(t.message)).toBe('Una sugerencia para la página.'));
    expect(value(t.firstName)).toBe('Lucía');
    expect(value(t.email)).toBe('lucia@prueba.do');
    expect(value(t.messageType)).toBe('sugerencia');

    // Sent: the form is cleared and the draft forgotten (not kept again by the clearing).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: success.contactSent }), { status: 201, headers: { 'content-type': 'application/json' } })),
    );
    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(success.contactSent)).toBeTruthy();
    await waitFor(() => expect(drafts.has('contact')).toBe(false));
    expect(value(t.message)).toBe('');
  });

  it('never takes a signed-in person’s name and e-mail from a draft', async () => {
    drafts.set('contact', { firstName: 'Otra', email: 'otra@prueba.do', messageType: 'sugerencia', message: 'Mi mensaje sin enviar.' });
    renderForm({ firstName: 'Lucía', email: 'lucia@prueba.do' });
    await waitFor(() => expect(value(t.message)).toBe('Mi mensaje sin enviar.'));
    expect(value(t.firstName)).toBe('Lucía');
    expect(value(t.email)).toBe('lucia@prueba.do');
  });
});
