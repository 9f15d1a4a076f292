// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractorContact as t } from '@arreglaya/shared/i18n/contractor-contact';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import { authModals } from '@/lib/auth-modals.ts';
import { SESSION_QUERY_KEY, SIGNED_OUT } from '@/lib/session-user.ts';
import { testSession } from '@/test/session-fixtures.ts';
import '@/test/jsdom-css-escape.ts';
import { ContactContractorButton } from './contact-contractor-button.tsx';
import { resumeHash } from './resume-hash.ts';

// A visitor's 'Contactar' leads through signing in (or up) and back to the page with the contact
// dialog open: nobody taps 'Contactar' twice (issue 46). Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const contractor: ContractorCard = {
  id: '7a1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Ramón Báez',
  companyName: null,
  avatarPhotoId: null,
  services: ['plomeria'],
  country: 'DO',
  city: 'santo-domingo',
  ratingAvg: 0,
  ratingCount: 0,
  completedProjects: 0,
  distanceKm: null,
  memberSince: '2026-01-01T00:00:00.000Z',
  badges: { isNew: true, verified: false, featured: false },
  medianResponseMinutes: null,
  hiresCount: 0,
  priceGuide: [],
  portfolioThumbs: [],
};

function renderButton(url: string, signedIn: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ projects: [], conversationId: null }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  const queryData = [[SESSION_QUERY_KEY, signedIn ? testSession() : SIGNED_OUT]] as const;
  return renderWithProviders(<ContactContractorButton contractor={contractor} />, { route: url, path: '/contractors/:id', queryData, messageBox: false }).router;
}

describe('Contactar for a visitor', () => {
  it('asks to sign in and asks to come back to this page with the dialog to open', async () => {
    const openSignIn = vi.spyOn(authModals, 'openSignIn').mockImplementation(() => undefined);
    renderButton(`/contractors/${contractor.id}?ref=busqueda`, false);
    await userEvent.click(screen.getByRole('button', { name: t.openFor(contractor.name) }));
    expect(openSignIn).toHaveBeenCalledWith({ redirectTo: `/contractors/${contractor.id}?ref=busqueda${resumeHash(contractor.id)}` });
  });

  it('once signed in, comes back with the contact dialog open, once', async () => {
    const router = renderButton(`/contractors/${contractor.id}${resumeHash(contractor.id)}`, true);
    expect(await screen.findByRole('dialog', { name: t.title }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.hash).toBe('');
  });

  it('another contractor’s hash opens nothing', async () => {
    renderButton(`/contractors/${contractor.id}${resumeHash('0c9a1f3e-2b4d-4e6f-8a1b-2c3d4e5f6a7b')}`, true);
    await screen.findByRole('button', { name: t.openFor(contractor.name) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
