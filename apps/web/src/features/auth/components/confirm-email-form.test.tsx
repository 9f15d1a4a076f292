// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { ConfirmEmailForm } from './confirm-email-form.tsx';

afterEach(cleanup);

describe('the confirm-e-mail step', () => {
  it('says once that a code was sent, then what to do with it', () => {
    // It signs the person in and goes back to the form on a confirmed code: the query cache and a router.
    renderWithProviders(<ConfirmEmailForm email="ana@example.com" />);
    const text = document.body.textContent ?? '';
    expect(text.match(/código de 6 dígitos/g)).toHaveLength(1);
    expect(screen.getByText(/ana@example\.com/)).toBeTruthy();
    expect(screen.getByText('Escríbelo abajo para confirmar tu cuenta.').getAttribute('role')).toBe('status');
  });
});
