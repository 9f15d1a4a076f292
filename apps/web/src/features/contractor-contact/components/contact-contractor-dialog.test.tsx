// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractorContact as t } from '@arreglaya/shared/i18n/contractor-contact';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import '@/test/jsdom-css-escape.ts';
import { ContactContractorDialog } from './contact-contractor-dialog.tsx';
import { renderWithProviders, testQueryClient } from '@/test/render-with-providers.tsx';

// The service request refused by the server: the spec's failure text with the server's reason
// (§8 'Error al registrar la solicitud. - {error}'). Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDialog(answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'POST' ? answer : json({ projects: [], conversationId: null }, 200))),
  );
  const queryClient = testQueryClient();
  renderWithProviders(<ContactContractorDialog contractor={contractor} clientId="c1" onClose={() => {}} />, { queryClient });
}

describe('ContactContractorDialog when the server refuses', () => {
  it("shows the catalogue's failure with the server's reason, and keeps the message typed", async () => {
    const user = userEvent.setup();
    renderDialog(json({ error: { code: 'NOT_FOUND', message: t.contractorNotFound } }, 404));
    await user.type(screen.getByLabelText(t.message), 'Necesito cambiar una llave.');
    await user.click(screen.getByRole('button', { name: t.submit }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(t.sendError(t.contractorNotFound)));
    expect((screen.getByLabelText(t.message) as HTMLTextAreaElement).value).toBe('Necesito cambiar una llave.');
  });
});
