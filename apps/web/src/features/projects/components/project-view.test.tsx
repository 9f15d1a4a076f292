// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { socialLinks } from '@arreglaya/shared/i18n/profile';
import { projects as tp, projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { ProjectView } from './project-view.tsx';
import { testMoney, testProject } from '@/test/project-fixtures.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import '@/test/jsdom-css-escape.ts';

// The client's approval releases the whole price (MONEY_GATES 'approve'): it is offered only when
// nothing is short, and its dialog names what it releases and that the contractor receives it less
// ArreglaYa's fee. Until the money to begin is held, the contact section says the details come with it.

afterEach(cleanup);

// A staged plan: the first stage released, the last held.
const money = (extra: Partial<ProjectMoney>) =>
  testMoney({
    fundedMinor: 1_000_000,
    releasedMinor: 400_000,
    heldMinor: 600_000,
    funded: true,
    dueMinor: 0,
    payBy: null,
    releasedAt: '2026-11-26T15:00:00.000Z',
    milestones: [
      { id: 'm1', title: 'Materiales', amountMinor: 400_000, status: 'released', last: false },
      { id: 'm2', title: 'Final', amountMinor: 600_000, status: 'funded', last: true },
    ],
    ...extra,
  });

const project = (status: ProjectDetail['status'], m: ProjectMoney) =>
  testProject('client', { id: 'p1', title: 'Baño por etapas', description: 'Remodelar el baño.', status, conversationId: 'c7b8a9d0-1e2f-4a3b-8c4d-5e6f7a8b9c0d', money: m });

function renderView(p: ProjectDetail) {
  renderWithProviders(<ProjectView project={p} userId="u1" locale="es-DO" />);
  return userEvent.setup();
}

describe('ProjectView and the money', () => {
  it('the approval dialog names what it releases and the fee', async () => {
    const user = renderView(project('delivered', money({})));
    await user.click(screen.getByRole('button', { name: t.after.approve }));
    expect(screen.getByRole('alertdialog', { name: t.after.approve }).textContent).toContain(t.after.approveRelease('RD$6,000.00', 'RD$600.00', '10 %', 'RD$5,400.00'));
  });

  it('no approval while part of the price is unpaid: the reason instead', () => {
    const short = money({ fundedMinor: 400_000, heldMinor: 0, funded: false, dueMinor: 600_000 });
    short.milestones[1]!.status = 'pending';
    renderView(project('delivered', short));
    expect(screen.queryByRole('button', { name: t.after.approve })).toBeNull();
    expect(screen.getByText(tp.moneyRefused.approve('RD$6,000.00'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t.after.claim })).toBeTruthy();
  });

  it('an unpaid hire: the contact details wait for the money, the chat is there', () => {
    renderView(
      project(
        'assigned',
        money({ fundedMinor: 0, releasedMinor: 0, heldMinor: 0, funded: false, dueMinor: 400_000, payBy: '2026-11-30T18:00:00.000Z', releasedAt: null, milestones: [] }),
      ),
    );
    const contact = screen.getByRole('region', { name: t.page.contact });
    expect(contact.textContent).toContain(t.page.contactAfterPayment);
    expect(screen.getByRole('link', { name: t.page.conversation }).getAttribute('href')).toContain('conversation=c7b8a9d0');
  });
});

describe('ProjectView and the place', () => {
  const hired = (viewer: 'client' | 'contractor', extra: Partial<ProjectDetail>) =>
    testProject(viewer, { zone: 'SDE', sector: 'los-mina', money: money({}), status: 'in_progress', ...extra });

  it('shows the sector with the zone and city, and the client her own address with who will see it', async () => {
    renderView(hired('client', { address: { street: 'Calle Respaldo 7 #14', reference: 'Frente a la farmacia' } }));
    // The zone and the city at once, the sector once the country's places have arrived (decision 070).
    expect(screen.getByText('Santo Domingo Este, Santo Domingo')).toBeTruthy();
    expect(await screen.findByText('Los Mina, Santo Domingo Este, Santo Domingo')).toBeTruthy();
    const section = screen.getByRole('region', { name: t.page.address });
    expect(section.textContent).toContain('Calle Respaldo 7 #14');
    expect(section.textContent).toContain('Frente a la farmacia');
    expect(section.textContent).toContain(t.page.addressPrivate);
  });

  it('gives the paid contractor the address, and says so when the client left no phone', () => {
    renderView(
      hired('contractor', {
        address: { street: 'Calle Respaldo 7 #14', reference: null },
        clientContact: { name: 'Lucía Almonte', email: 'lucia@example.com', phone: null },
      }),
    );
    expect(screen.getByRole('region', { name: t.page.address }).textContent).toContain('Calle Respaldo 7 #14');
    expect(screen.getByRole('region', { name: t.page.contact }).textContent).toContain(t.page.noPhone);
  });

  it("gives the paid contractor the client's Instagram with her contact details", () => {
    renderView(
      hired('contractor', {
        clientContact: { name: 'Lucía Almonte', email: 'lucia@example.com', phone: null },
        clientSocial: { facebook: null, instagram: 'https://instagram.com/lucia.casa', linkedin: null },
      }),
    );
    const contact = screen.getByRole('region', { name: t.page.contact });
    const link = within(contact).getByRole('link', { name: socialLinks.linkName('Instagram', 'Lucía Almonte') });
    expect(link.getAttribute('href')).toBe('https://instagram.com/lucia.casa');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });

  it('shows no address section to a contractor the money has not reached', () => {
    renderView(hired('contractor', { status: 'assigned', money: testMoney() }));
    expect(screen.queryByRole('region', { name: t.page.address })).toBeNull();
  });
});
