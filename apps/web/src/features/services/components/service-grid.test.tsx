// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { services as t } from '@arreglaya/shared/i18n/site-pages';
import { authModals } from '@/lib/auth-modals.ts';
import { setCountry } from '@/lib/country.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { ServiceGrid } from './service-grid.tsx';

// The landing's service tiles (issue 55): no '0 contratistas' for a service nobody offers yet, an
// invitation to contractors instead; one contractor reads '1 contratista'. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderGrid(counts: { service: string; contractors: number }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ counts }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  renderWithProviders(<ServiceGrid />);
}

describe('ServiceGrid', () => {
  it('never says 0 contratistas: an empty service invites contractors; 1 and 12 are counted right', async () => {
    renderGrid([
      { service: 'plomeria', contractors: 12 },
      { service: 'pintura', contractors: 1 },
      { service: 'herreria', contractors: 0 },
    ]);
    expect(await screen.findByText('12 contratistas')).toBeTruthy();
    expect(screen.getByText('1 contratista')).toBeTruthy();
    expect(screen.queryByText(/^0 contratistas$/)).toBeNull();
    const herreria = screen.getByRole('link', { name: t.beFirstFor(SERVICE_LABELS.herreria) });
    expect(herreria.textContent).toBe(t.beFirst);
    // The service itself still leads to its search.
    expect(screen.getByRole('link', { name: SERVICE_LABELS.herreria }).getAttribute('href')).toBe('/busqueda?type=herreria');
  });

  it('opens the contractor sign-up from the invitation', async () => {
    const openSignUp = vi.spyOn(authModals, 'openSignUp').mockImplementation(() => undefined);
    renderGrid([{ service: 'herreria', contractors: 0 }]);
    await userEvent.setup().click(await screen.findByRole('link', { name: t.beFirstFor(SERVICE_LABELS.herreria) }));
    expect(openSignUp).toHaveBeenCalledWith({ role: 'contractor' });
  });

  it("counts the chosen country's contractors (footer picker, decision 066)", async () => {
    setCountry('CO');
    try {
      renderGrid([{ service: 'plomeria', contractors: 3 }]);
      expect(await screen.findByText('3 contratistas')).toBeTruthy();
      const [url] = vi.mocked(fetch).mock.calls[0]!;
      expect(String(url)).toContain('/api/services/counts?country=CO');
    } finally {
      setCountry('DO');
    }
  });
});
