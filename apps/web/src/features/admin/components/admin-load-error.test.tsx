// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { ApiError } from '@/lib/api.ts';
import { authModals } from '@/lib/auth-modals.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { AdminLoadError } from './admin-load-error.tsx';

// A console page refused because the session is older than 12 hours (decision 025): the
// server's message and a button that opens the sign-in dialog, back to the same page.

afterEach(() => {
  cleanup();
  authModals.close();
});

function renderError(error: unknown) {
  const onRetry = vi.fn();
  renderWithProviders(<AdminLoadError error={error} onRetry={onRetry} retrying={false} />, { route: '/admin/personas?q=ana', messageBox: false });
  return onRetry;
}

describe('AdminLoadError', () => {
  it('asks to sign in again, back to the page, when the session is too old', () => {
    renderError(new ApiError(401, 'REAUTH_REQUIRED', apiErrors.REAUTH_REQUIRED));
    expect(screen.getByRole('alert').textContent).toContain(apiErrors.REAUTH_REQUIRED);
    fireEvent.click(screen.getByRole('button', { name: t.reauth }));
    expect(authModals.get()).toMatchObject({ view: 'sign-in', redirectTo: '/admin/personas?q=ana' });
  });

  it('offers a retry for any other failure', () => {
    const onRetry = renderError(new ApiError(503, 'UNAVAILABLE', apiErrors.UNAVAILABLE));
    expect(screen.getByText(apiErrors.UNAVAILABLE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.reauth })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(onRetry).toHaveBeenCalled();
  });
});
