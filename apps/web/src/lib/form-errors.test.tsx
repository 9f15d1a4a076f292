// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import { contact as t } from '@arreglaya/shared/i18n/contact';
import { ContactForm } from '@/features/contact/components/contact-form.tsx';
import { fillContactForm } from '@/test/contact-form.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';

// A real form (/contactus) answering a refused submission: the server's per-field messages
// (lib/form-errors.ts) go under their fields, the first one focused; anything else goes to the
// message box. Only the network is replaced: fetch answers as the server would.

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function renderForm() {
  return renderWithProviders(<ContactForm />);
}

async function fillAndSend() {
  const user = userEvent.setup();
  await fillContactForm(user);
  await user.click(screen.getByRole('button', { name: t.submit }));
}

describe('server errors on a form', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("puts the server's field messages under their fields, marks them invalid and focuses the first", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, { error: { code: 'VALIDATION', message: apiErrors.VALIDATION, fields: { email: 'Este correo no recibe mensajes.', message: 'Escríbelo de otra forma.' } } }),
    );
    renderForm();
    await fillAndSend();

    const email = screen.getByLabelText(t.email);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Este correo no recibe mensajes.').id).toBe(email.getAttribute('aria-describedby'));
    expect(screen.getByLabelText(t.message).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Escríbelo de otra forma.').id).toBe(screen.getByLabelText(t.message).getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(email);
    // The fields not named stay as they were, and the values are kept for correcting.
    expect(screen.getByLabelText(t.firstName).hasAttribute('aria-invalid')).toBe(false);
    expect((email as HTMLInputElement).value).toBe('lucia@prueba.do');
  });

  it('an error without fields (rate limit) goes to the message box; no field is marked', async () => {
    vi.stubGlobal('fetch', answer(429, { error: { code: 'RATE_LIMITED', message: apiErrors.RATE_LIMITED } }));
    renderForm();
    await fillAndSend();

    expect(await screen.findByText(apiErrors.RATE_LIMITED)).toBeTruthy();
    for (const label of [t.firstName, t.email, t.messageType, t.message]) expect(screen.getByLabelText(label).hasAttribute('aria-invalid'), label).toBe(false);
  });

  it('an answer that is not ours (a proxy page) shows the generic Spanish message, never its text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })),
    );
    renderForm();
    await fillAndSend();

    expect(await screen.findByText(apiErrors.INTERNAL)).toBeTruthy();
    expect(screen.queryByText(/Bad Gateway/)).toBeNull();
  });
});
