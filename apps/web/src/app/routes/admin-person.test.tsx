// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import type { AdminPerson } from '@arreglaya/shared/schemas/admin-console';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';
import { Component as AdminPersonPage } from './admin-person.tsx';
import '@/test/jsdom-css-escape.ts';

// A person's page in the console (issue 46): suspending an account, lifting it, Verificado and
// Destacado each ask first, naming the person and what will happen; once confirmed one request
// goes (a double tap sends one), the message box says it is done and the page shows the new
// state. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '8f0e7a1c-4b8e-4d5e-9f7a-1c2b3d4e5f60';

function contractor(extra: Partial<AdminPerson> = {}): AdminPerson {
  return {
    id: ID,
    firstName: 'Ramón',
    lastName: 'Báez',
    email: 'ramon@prueba.do',
    phone: null,
    role: 'contractor',
    status: 'active',
    createdAt: '2026-03-05T15:00:00.000Z',
    emailVerified: true,
    bannedAt: null,
    contractor: { displayName: 'Ramón Báez', cedula: null, verifiedAt: null, featured: false },
    projects: [],
    quotes: [],
    reviews: [],
    whatsapp: null,
    sessions: [],
    logTrail: [],
    ...extra,
  };
}

/** The person as the server has them; each action's POST changes them as the server would. */
function renderPerson(start: AdminPerson) {
  let person = start;
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posts.push({ url, body });
        // Answered a moment later, as a network would: room for a second tap.
        await new Promise((r) => setTimeout(r, 20));
        const action = url.split('/').at(-1);
        if (action === 'ban') person = { ...person, status: 'banned', bannedAt: '2026-12-06T02:00:00.000Z' };
        if (action === 'unban') person = { ...person, status: 'active', bannedAt: null };
        if (action === 'verified') person = { ...person, contractor: { ...person.contractor!, verifiedAt: body.verified ? '2026-12-06T02:00:00.000Z' : null } };
        if (action === 'featured') person = { ...person, contractor: { ...person.contractor!, featured: Boolean(body.featured) } };
        return json(200, { ok: true });
      }
      if (url === `/api/admin/people/${ID}`) return json(200, person);
      return json(200, { items: [], next: null });
    }),
  );
  renderWithProviders(<AdminPersonPage />, { route: `/admin/personas/${ID}`, path: '/admin/personas/:id', session: testSession({ role: 'sysadmin' }) });
  return { posts };
}

const actions = () => screen.findByRole('region', { name: t.person.actions });

describe('Suspender cuenta', () => {
  it('asks first, naming the person, what happens and the reason; Cancelar sends nothing', async () => {
    const { posts } = renderPerson(contractor());
    const section = await actions();
    await userEvent.type(within(section).getByLabelText(t.person.banReason), 'Cobros fuera de la plataforma');
    await userEvent.click(within(section).getByRole('button', { name: t.person.banConfirm }));
    const ask = await screen.findByRole('alertdialog', { name: t.person.banAsk('Ramón Báez') });
    expect(ask.textContent).toContain(t.person.banWarning('ramon@prueba.do', 'Cobros fuera de la plataforma'));
    expect(posts).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: t.person.cancel }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts).toHaveLength(0);
  });

  it('once confirmed sends one request even on a double tap, says so, and the page shows the account suspended', async () => {
    const { posts } = renderPerson(contractor());
    const section = await actions();
    await userEvent.type(within(section).getByLabelText(t.person.banReason), 'Cobros fuera de la plataforma');
    await userEvent.click(within(section).getByRole('button', { name: t.person.banConfirm }));
    const ask = await screen.findByRole('alertdialog', { name: t.person.banAsk('Ramón Báez') });
    const confirm = within(ask).getByRole('button', { name: t.person.banConfirm });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText(t.person.banned)).toBeTruthy();
    expect(posts).toEqual([{ url: `/api/admin/people/${ID}/ban`, body: { reason: 'Cobros fuera de la plataforma' } }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await within(await actions()).findByRole('button', { name: t.person.unban })).toBeTruthy();
    expect(screen.getByText(t.person.bannedSince('').trim(), { exact: false })).toBeTruthy();
  });

  it('an empty reason is refused at the form, before any question', async () => {
    const { posts } = renderPerson(contractor());
    const section = await actions();
    await userEvent.click(within(section).getByRole('button', { name: t.person.banConfirm }));
    expect(await within(section).findByText(t.reasonRequired)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts).toHaveLength(0);
  });
});

describe('the other actions on a person', () => {
  it('Levantar suspensión asks, then lifts it once and says so', async () => {
    const { posts } = renderPerson(contractor({ status: 'banned', bannedAt: '2026-12-01T02:00:00.000Z' }));
    await userEvent.click(within(await actions()).getByRole('button', { name: t.person.unban }));
    const ask = await screen.findByRole('alertdialog', { name: t.person.unbanAsk('Ramón Báez') });
    expect(ask.textContent).toContain(t.person.unbanWarning);
    expect(posts).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: t.person.unban }));
    expect(await screen.findByText(t.person.unbanned)).toBeTruthy();
    expect(posts.map((p) => p.url)).toEqual([`/api/admin/people/${ID}/unban`]);
    expect(await within(await actions()).findByLabelText(t.person.banReason)).toBeTruthy();
  });

  it('Verificado and Destacado ask, naming the person, before they change anything', async () => {
    const { posts } = renderPerson(contractor());
    const section = await actions();
    // Without the tick it does not even ask.
    await userEvent.click(within(section).getByRole('button', { name: t.person.verify }));
    expect(await within(section).findByText(t.person.cedulaCheckRequired)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(within(section).getByLabelText(t.person.cedulaChecked));
    await userEvent.click(within(section).getByRole('button', { name: t.person.verify }));
    let ask = await screen.findByRole('alertdialog', { name: t.person.verifyAsk('Ramón Báez') });
    expect(ask.textContent).toContain(t.person.verifyWarning);
    expect(posts).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: t.person.verify }));
    expect(await screen.findByText(t.person.verifiedSaved)).toBeTruthy();
    expect(await within(section).findByRole('button', { name: t.person.unverify })).toBeTruthy();

    await userEvent.click(within(section).getByRole('button', { name: t.person.feature }));
    ask = await screen.findByRole('alertdialog', { name: t.person.featureAsk('Ramón Báez') });
    expect(ask.textContent).toContain(t.person.featureWarning);
    await userEvent.click(within(ask).getByRole('button', { name: t.person.feature }));
    expect(await screen.findByText(t.person.featuredSaved)).toBeTruthy();
    expect(await within(section).findByRole('button', { name: t.person.unfeature })).toBeTruthy();
    expect(posts).toEqual([
      { url: `/api/admin/people/${ID}/verified`, body: { verified: true, cedulaChecked: true } },
      { url: `/api/admin/people/${ID}/featured`, body: { featured: true } },
    ]);
  });
});

describe('WhatsApp', () => {
  it('shows the number, how it opted out and when, and whether free text can still reach the person', async () => {
    renderPerson(
      contractor({
        whatsapp: {
          number: '+18295551234',
          verifiedAt: '2026-12-01T14:00:00.000Z',
          optedInAt: '2026-12-01T14:00:00.000Z',
          optInSource: 'settings',
          optedOutAt: '2026-12-05T15:30:00.000Z',
          optOutSource: 'message',
          lastInboundAt: '2026-12-05T15:30:00.000Z',
          windowOpenUntil: null,
        },
      }),
    );
    const profile = await screen.findByRole('region', { name: t.person.profile });
    const state = within(profile).getByText(t.person.whatsapp.label).nextElementSibling!;
    expect(state.textContent).toMatch(/^\+18295551234: dado de baja el .+ \(por mensaje\)$/);
    expect(within(profile).getByText(t.person.whatsapp.lastInbound).nextElementSibling!.textContent).toContain('solo plantillas');
  });

  it('says when a person has no number', async () => {
    renderPerson(contractor());
    const profile = await screen.findByRole('region', { name: t.person.profile });
    expect(within(profile).getByText(t.person.whatsapp.label).nextElementSibling!.textContent).toBe(t.person.whatsapp.none);
  });
});
