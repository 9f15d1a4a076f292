// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bankConsole as t, statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { dialog } from '@arreglaya/shared/i18n/common';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import type { MoneyAlertView, TransferReturnView } from '@arreglaya/shared/schemas/statements';
import '@/test/jsdom-css-escape.ts';
import { UNMATCHED, apiError, json, queueRegion, renderPage, setUpAdminBankPage } from '@/test/admin-bank-page.tsx';

// The console's bank page (issue 47): the queue's actions ask first, and a reference no transfer
// waits for is refused beside the reference; the money owed back by transfer; the money alerts.
// Only the network is replaced.

setUpAdminBankPage();

describe('the queue to assign or return', () => {
  it('lists each credit with its date, amount, payer, description and the reference found, to assign or give back', async () => {
    renderPage({ queue: [[UNMATCHED, { ...UNMATCHED, id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a41', payerName: null, reference: null }]] });
    const items = within(await screen.findByRole('list', { name: t.queue.listLabel })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: t.queue.line('RD$15,000.00', '14 mar 2025') })).toBeTruthy();
    expect(first.textContent).toContain('JUAN PEREZ MARTINEZ');
    expect(first.textContent).toContain('PAGO AY-24FJ-YFAS-2 REPARACION BANO');
    expect(first.textContent).toContain(`${t.queue.reference}: AY-24FJ-YFAS-2`);
    expect(within(first).getByRole('button', { name: new RegExp(`^${t.queue.assign}`) })).toBeTruthy();
    expect(within(first).getByRole('button', { name: new RegExp(`^${t.queue.giveBack}`) })).toBeTruthy();
    expect(second.textContent).toContain(t.queue.noPayer);
    expect(second.textContent).toContain(`${t.queue.reference}: ${t.queue.noReference}`);
  });

  it('says a reference no transfer waits for beside the reference, and checks its symbols before asking the server', async () => {
    const { writes, user } = renderPage({ queue: [[UNMATCHED]], answer: () => apiError(409, 'CONFLICT', ts.notAssigned) });
    const line = (await within(queueRegion()).findAllByRole('listitem'))[0]!;
    await user.click(within(line).getByRole('button', { name: new RegExp(`^${t.queue.assign}`) }));
    const reference = within(line).getByLabelText(t.queue.referenceLabel);
    expect(document.activeElement).toBe(reference);
    // A typo (the check symbol is wrong): refused here, nothing sent.
    await user.type(reference, 'AY-24FJ-YFAS-3');
    await user.click(within(line).getByRole('button', { name: t.queue.assign }));
    expect(within(line).getByRole('alert').textContent).toBe(t.queue.referenceInvalid);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.clear(reference);
    await user.type(reference, 'ay 24fj yfas 2');
    await user.click(within(line).getByRole('button', { name: t.queue.assign }));
    const confirm = await screen.findByRole('alertdialog', { name: t.queue.assignTitle });
    expect(confirm.textContent).toContain(t.queue.assignConfirm('RD$15,000.00', 'AY-24FJ-YFAS-2'));
    expect(writes()).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: t.queue.assignYes }));
    expect(await within(line).findByText(ts.notAssigned)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(reference).toHaveProperty('ariaInvalid', 'true');
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', url: `/api/admin/statement-lines/${UNMATCHED.id}/assign`, body: { reference: 'AY-24FJ-YFAS-2' } })]);
  });

  it('records a credit given back only after the confirmation, with the bank’s reference and day, once however often it is tapped, and reads the queue again', async () => {
    const { writes, calls, user } = renderPage({ queue: [[UNMATCHED], []], answer: () => json(200, { message: ts.returned }) });
    const line = (await within(queueRegion()).findAllByRole('listitem'))[0]!;
    await user.click(within(line).getByRole('button', { name: new RegExp(`^${t.queue.giveBack}`) }));
    expect(document.activeElement).toBe(within(line).getByLabelText(t.queue.returnRefLabel));
    // The day is today unless changed; nothing typed as reference: the shared schema's message.
    expect(within(line).getByLabelText(t.queue.returnedOnLabel)).toHaveProperty('value', todayIn('DO'));
    await user.click(within(line).getByRole('button', { name: t.queue.giveBack }));
    expect(within(line).getByText('Campo obligatorio.')).toBeTruthy();
    expect(within(line).getByLabelText(t.queue.returnRefLabel)).toHaveProperty('ariaInvalid', 'true');
    await user.type(within(line).getByLabelText(t.queue.returnRefLabel), 'TRF-2025-0315-77');
    const day = within(line).getByLabelText(t.queue.returnedOnLabel);
    await user.clear(day);
    await user.type(day, '2999-01-01');
    await user.click(within(line).getByRole('button', { name: t.queue.giveBack }));
    expect(within(line).getByText(ts.returns.dateInFuture)).toBeTruthy();
    expect(document.activeElement).toBe(day);
    await user.clear(day);
    await user.type(day, '2025-03-16');
    await user.click(within(line).getByRole('button', { name: t.queue.giveBack }));
    const confirm = await screen.findByRole('alertdialog', { name: t.queue.returnTitle });
    expect(confirm.textContent).toContain(t.queue.returnConfirm('RD$15,000.00', 'TRF-2025-0315-77'));
    // Backing out sends nothing.
    await user.click(within(confirm).getByRole('button', { name: dialog.keep }));
    expect(writes()).toHaveLength(0);

    await user.click(within(line).getByRole('button', { name: t.queue.giveBack }));
    const again = await screen.findByRole('alertdialog', { name: t.queue.returnTitle });
    await user.dblClick(within(again).getByRole('button', { name: t.queue.returnYes }));
    expect(await screen.findByText(ts.returned)).toBeTruthy();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'POST', url: `/api/admin/statement-lines/${UNMATCHED.id}/returned`, body: { returnRef: 'TRF-2025-0315-77', returnedOn: '2025-03-16' } }),
    ]);
    expect(await within(queueRegion()).findByText(t.queue.empty)).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/admin/statement-lines')).toHaveLength(2);
  });
});

const REFUND: TransferReturnView = {
  kind: 'refund',
  id: '7a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a50',
  amountMinor: 1_250_000,
  currency: 'DOP',
  reason: 'hireEnded',
  clientName: 'Yolanda Pérez',
  payerName: 'YOLANDA PEREZ GOMEZ',
  reference: 'AY24FJYFAS2',
  projectTitle: 'Cambiar tubería del baño',
  since: '2025-03-10T14:00:00.000Z',
};
const OVERPAID: TransferReturnView = {
  ...REFUND,
  kind: 'line',
  id: '7a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a51',
  amountMinor: 250_000,
  reason: 'overpayment',
  clientName: null,
  payerName: null,
  reference: null,
  projectTitle: null,
};

describe('the money owed back by transfer', () => {
  const returnsRegion = () => screen.getByRole('region', { name: t.returns.title });

  it('shows who, how much, why and since when as cards, and records a refund’s return with its day after the confirmation, once', async () => {
    const { writes, calls, user } = renderPage({ returns: [[REFUND, OVERPAID], [OVERPAID]], answer: () => json(200, { message: ts.returns.recorded }) });
    const items = within(await screen.findByRole('list', { name: t.returns.listLabel })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [refund, overpaid] = items as [HTMLElement, HTMLElement];
    const name = t.returns.item('RD$12,500.00', 'Yolanda Pérez');
    expect(within(refund).getByRole('heading', { name })).toBeTruthy();
    expect(refund.textContent).toContain(`${t.returns.reason}: ${t.returns.reasons.hireEnded}`);
    expect(refund.textContent).toContain(`${t.returns.payer}: YOLANDA PEREZ GOMEZ`);
    expect(refund.textContent).toContain(`${t.returns.reference}: AY-24FJ-YFAS-2`);
    expect(refund.textContent).toContain(`${t.returns.since}: 10 mar 2025`);
    // Nobody known: the heading says so, the details too.
    expect(within(overpaid).getByRole('heading', { name: t.returns.item('RD$2,500.00', t.returns.unknownPerson) })).toBeTruthy();
    expect(overpaid.textContent).toContain(t.returns.reasons.overpayment);
    expect(overpaid.textContent).toContain(`${t.returns.client}: ${t.returns.noClient}`);
    expect(overpaid.textContent).toContain(`${t.returns.payer}: ${t.returns.noPayer}`);

    const open = within(refund).getByRole('button', { name: t.queue.actionLabel(t.returns.record, name) });
    await user.click(open);
    expect(open).toHaveProperty('ariaExpanded', 'true');
    await user.type(within(refund).getByLabelText(t.queue.returnRefLabel), 'DEV-2025-0316-001');
    const day = within(refund).getByLabelText(t.queue.returnedOnLabel);
    await user.clear(day);
    await user.type(day, '2025-03-16');
    await user.click(within(refund).getByRole('button', { name: t.returns.record }));
    const confirm = await screen.findByRole('alertdialog', { name: t.returns.recordTitle });
    expect(confirm.textContent).toContain(t.returns.recordConfirm('RD$12,500.00', 'Yolanda Pérez', 'DEV-2025-0316-001', '16 mar 2025'));
    await user.dblClick(within(confirm).getByRole('button', { name: t.returns.recordYes }));
    expect(await screen.findByText(ts.returns.recorded)).toBeTruthy();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'POST', url: `/api/admin/transfer-refunds/${REFUND.id}/returned`, body: { returnRef: 'DEV-2025-0316-001', returnedOn: '2025-03-16' } }),
    ]);
    await vi.waitFor(() => expect(within(returnsRegion()).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((c) => c.url === '/api/admin/transfer-returns')).toHaveLength(2);
    // The focus goes back to the list's heading.
    expect(document.activeElement).toBe(within(returnsRegion()).getByRole('heading', { name: t.returns.title }));
  });

  it('records a statement line’s excess on the line’s route, and keeps the dialog’s message when the server refuses', async () => {
    const { writes, user } = renderPage({ returns: [[OVERPAID]], answer: () => apiError(409, 'CONFLICT', ts.returns.otherReference('DEV-1')) });
    const item = (await within(returnsRegion()).findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: new RegExp(`^${t.returns.record}`) }));
    await user.type(within(item).getByLabelText(t.queue.returnRefLabel), 'DEV-2');
    await user.click(within(item).getByRole('button', { name: t.returns.record }));
    const confirm = await screen.findByRole('alertdialog', { name: t.returns.recordTitle });
    await user.click(within(confirm).getByRole('button', { name: t.returns.recordYes }));
    expect(await within(confirm).findByText(ts.returns.otherReference('DEV-1'))).toBeTruthy();
    expect(writes()).toEqual([expect.objectContaining({ url: `/api/admin/statement-lines/${OVERPAID.id}/returned`, body: { returnRef: 'DEV-2', returnedOn: todayIn('DO') } })]);
  });
});

describe('money alerts', () => {
  const ALERT: MoneyAlertView = {
    id: '8b1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a60',
    kind: 'amount_mismatch',
    paymentId: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
    expected: { amountMinor: 1_250_000, currency: 'DOP' },
    received: { amountMinor: 12_500, currency: 'USD' },
    clientName: 'Yolanda Pérez',
    projectTitle: 'Cambiar tubería del baño',
    createdAt: '2025-03-12T15:00:00.000Z',
  };

  it('shows what was expected and what came, and marks one reviewed with a note after the confirmation', async () => {
    const { writes, user } = renderPage({ alerts: [[ALERT], []], answer: () => json(200, { message: ts.alerts.reviewed }) });
    const region = screen.getByRole('region', { name: t.alerts.title });
    const item = (await within(region).findAllByRole('listitem'))[0]!;
    expect(within(item).getByRole('heading', { name: t.alerts.heading(t.alerts.kinds.amount_mismatch!, '12 mar 2025') })).toBeTruthy();
    expect(item.textContent).toContain(`${t.alerts.expected}: RD$12,500.00`);
    expect(item.textContent).toContain(`${t.alerts.received}: US$125.00`);
    expect(item.textContent).toContain('Yolanda Pérez');
    await user.click(within(item).getByRole('button', { name: new RegExp(`^${t.alerts.review}`) }));
    const note = within(item).getByLabelText(t.alerts.noteLabel);
    expect(document.activeElement).toBe(note);
    await user.click(within(item).getByRole('button', { name: t.alerts.review }));
    expect(within(item).getByText('Campo obligatorio.')).toBeTruthy();
    await user.type(note, 'El cliente pagó en dólares; se le devuelve.');
    await user.click(within(item).getByRole('button', { name: t.alerts.review }));
    const confirm = await screen.findByRole('alertdialog', { name: t.alerts.reviewTitle });
    await user.click(within(confirm).getByRole('button', { name: t.alerts.reviewYes }));
    expect(await within(region).findByText(t.alerts.empty)).toBeTruthy();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'POST', url: `/api/admin/money-alerts/${ALERT.id}/reviewed`, body: { note: 'El cliente pagó en dólares; se le devuelve.' } }),
    ]);
  });
});
