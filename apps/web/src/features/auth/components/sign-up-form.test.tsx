// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { SignUpSchema } from '@arreglaya/shared/schemas/auth';
import { SignUpForm } from './sign-up-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-up form (issue 35)', () => {
  it('flags a short password and a mismatched confirmation together, before anything else is filled', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<SignUpForm role="client" />);
    fireEvent.change(screen.getByLabelText(t.password, { exact: true }), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText(t.signUp.confirmPassword), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: t.signUp.submit }));
    await waitFor(() => expect(screen.getByText(t.passwordTooShort)).toBeTruthy());
    expect(screen.getByText(t.passwordsDontMatch)).toBeTruthy();
    expect(screen.getByLabelText(t.signUp.confirmPassword).getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the terms checkbox is named by its own sentence, and no link sits inside its label (issue 46: a tap on the label opened the privacy page)', () => {
    render(<SignUpForm role="client" />);
    const box = screen.getByRole('checkbox', { name: t.signUp.acceptTerms });
    const label = box.closest('label')!;
    expect(label.querySelector('a')).toBeNull();
    fireEvent.click(label.querySelector('span')!);
    expect((box as HTMLInputElement).checked).toBe(true);
    // The texts are still one tap away, each on the line under it.
    expect(screen.getByRole('link', { name: new RegExp(t.signUp.terms) }).getAttribute('href')).toBe('/terminos');
    expect(screen.getByRole('link', { name: new RegExp(t.signUp.privacy) }).getAttribute('href')).toBe('/privacidad');
  });

  it('the shared schema names both paths at once; matching passwords raise no mismatch', () => {
    const paths = (v: Record<string, unknown>) => (SignUpSchema.safeParse(v).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ password: 'abc', confirmPassword: 'abd' })).toEqual(expect.arrayContaining(['password', 'confirmPassword']));
    expect(SignUpSchema.safeParse({ password: 'abc', confirmPassword: 'abd' }).error?.issues.find((i) => i.path[0] === 'confirmPassword')?.message).toBe(t.passwordsDontMatch);
    expect(paths({ password: 'abc', confirmPassword: 'abc' })).not.toContain('confirmPassword');
  });
});
