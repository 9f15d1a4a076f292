// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { FundResult, PendingPayment, ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { formatMoment } from '@/lib/format.ts';
import { FundingSection } from './funding-section.tsx';
import { testMoney } from '@/test/project-fixtures.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import '@/test/jsdom-css-escape.ts';

// Paying by bank transfer or in cash (issue 47): the choice of how to pay, one request per tap
// with its Idempotency-Key, the instructions from the 202 and from a reload (money.pending), copy,
// print, paying another way (after a confirmation), a refusal's Spanish message, and a transfer
// that arrived in part. Only the network (and the clipboard, and printing) is replaced.

const o = t.offline;
const PAYMENT_ID = '3b2d6c1e-8f4a-4b7c-9d2e-5a6b7c8d9e0f';
const EXPIRES = '2026-11-30T18:00:00.000Z';
const DUE = formatMoment(EXPIRES, 'es-DO', true);

const transferPending = (extra: Partial<PendingPayment> = {}): PendingPayment => ({
  paymentId: PAYMENT_ID,
  rail: 'transfer',
  method: null,
  amountMinor: 1_000_000,
  currency: 'DOP',
  receivedMinor: 0,
  expiresAt: EXPIRES,
  transfer: {
    reference: 'AY-7K3M-9QXD-4',
    bank: 'Banco Popular Dominicano',
    accountType: 'Cuenta corriente',
    accountNumber: '812345678',
    holder: 'ArreglaYa SRL',
    taxId: '1-32-45678-9',
  },
  voucher: null,
  ...extra,
});

const cashPending = (extra: Partial<PendingPayment> = {}): PendingPayment => ({
  paymentId: PAYMENT_ID,
  rail: 'cash',
  method: 'popular',
  amountMinor: 1_000_000,
  currency: 'DOP',
  receivedMinor: 0,
  expiresAt: EXPIRES,
  transfer: null,
  voucher: { number: '4815162342001234', barcode: '23790000000000000000000000000000000000000042', company: 'Banco Popular', url: 'https://sandbox.dlocal.com/tickets/T-1' },
  ...extra,
});

const opened = (pending: PendingPayment): FundResult => ({
  message: pending.rail === 'cash' ? tp.fund.voucherOpened : tp.fund.transferOpened,
  paymentId: pending.paymentId,
  status: 'pending',
  amountMinor: pending.amountMinor,
  currency: pending.currency,
  actionUrl: null,
  pending,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fail = (status: number, code: string, message: string) => json(status, { error: { code, message } });

interface Sent {
  url: string;
  body: string;
  headers: Record<string, string>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The section as the project page mounts it for its client (or hired contractor); `answers` by URL, in order. */
function renderSection(money: ProjectMoney, answers: Record<string, Array<() => Response>> = {}, viewer: 'client' | 'contractor' = 'client') {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: String(init?.body ?? ''), headers: (init?.headers ?? {}) as Record<string, string> });
      if (url === '/api/me/payment-methods') return json(200, { items: [] });
      const next = answers[url]?.shift();
      return next ? next() : fail(404, 'NOT_FOUND', 'No');
    }),
  );
  const onChanged = vi.fn(async () => {});
  renderWithProviders(
    <FundingSection
      projectId="p1"
      country="DO"
      status="assigned"
      money={money}
      viewer={viewer}
      clientId={viewer === 'client' ? 'u1' : null}
      locale="es-DO"
      onChanged={onChanged}
    />,
    { route: '/proyectos/p1' },
  );
  const funds = () => sent.filter((r) => r.url === '/api/projects/p1/fund');
  return { sent, funds, onChanged };
}

const chooseRail = (label: string) => fireEvent.click(screen.getByRole('radio', { name: label }));

describe('FundingSection: how to pay', () => {
  it('offers card, transfer and cash, each with its hint; card (today’s flow) is chosen first', async () => {
    renderSection(testMoney());
    const group = screen.getByRole('group', { name: o.choice });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)!.textContent)).toEqual([
      o.rails.card.label,
      o.rails.transfer.label,
      o.rails.cash.label,
    ]);
    expect(screen.getByRole('radio', { name: o.rails.card.label })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: o.rails.transfer.label }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(o.rails.transfer.hint)).toBeTruthy();
    expect(screen.getByText(o.rails.cash.hint)).toBeTruthy();
    // The card step as before: its cards, the pay button with the amount.
    expect(await screen.findByRole('radio', { name: t.fund.newCard })).toBeTruthy();
    chooseRail(o.rails.transfer.label);
    expect(screen.queryByRole('radio', { name: t.fund.newCard })).toBeNull();
    expect(screen.getByRole('button', { name: o.generateTransfer('RD$10,000.00') })).toBeTruthy();
    chooseRail(o.rails.cash.label);
    expect(screen.getByRole('button', { name: o.generateCash('RD$10,000.00') })).toBeTruthy();
  });

  it('transfer: one tap sends { rail: "transfer" } once with an Idempotency-Key, and the instructions come from the 202', async () => {
    const { funds, onChanged } = renderSection(testMoney(), {
      '/api/projects/p1/fund': [() => fail(503, 'UNAVAILABLE', tp.fund.unknown), () => json(202, opened(transferPending()))],
    });
    chooseRail(o.rails.transfer.label);
    const generate = screen.getByRole('button', { name: o.generateTransfer('RD$10,000.00') });
    fireEvent.click(generate);
    fireEvent.click(generate);
    expect(await screen.findByText(tp.fund.unknown)).toBeTruthy();
    expect(funds()).toHaveLength(1);
    expect(funds()[0]!.body).toBe(JSON.stringify({ rail: 'transfer' }));
    const key = funds()[0]!.headers['idempotency-key']!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,60}$/);

    // The same attempt again after no answer: the same key. While it is in flight, the button is disabled.
    fireEvent.click(screen.getByRole('button', { name: o.generateTransfer('RD$10,000.00') }));
    expect(screen.getByRole('button', { name: o.generating })).toHaveProperty('disabled', true);
    const panel = await screen.findByTestId('pending-payment');
    expect(funds()).toHaveLength(2);
    expect(funds()[1]!.headers['idempotency-key']).toBe(key);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());

    const instructions = within(panel);
    expect(instructions.getByRole('heading', { name: o.transferTitle })).toBe(document.activeElement);
    expect(instructions.getByTestId('transfer-reference').textContent).toBe('AY-7K3M-9QXD-4');
    expect(instructions.getByText(o.referenceHint)).toBeTruthy();
    expect(instructions.getByText(o.notHeld)).toBeTruthy();
    expect(panel.textContent).toContain(o.exactAmount);
    expect(panel.textContent).toContain('RD$10,000.00');
    const terms = [...panel.querySelectorAll('dt')].map((d) => [d.textContent, d.nextElementSibling!.textContent]);
    expect(terms).toEqual([
      [o.bank, 'Banco Popular Dominicano'],
      [o.accountType, 'Cuenta corriente'],
      [o.accountNumber, `812345678${o.copy}`],
      [o.holder, 'ArreglaYa SRL'],
      [o.taxId, '1-32-45678-9'],
    ]);
    expect(instructions.getByText(o.dueTransfer(DUE))).toBeTruthy();
    expect(DUE).toMatch(/\b2026\b/);
    expect(instructions.getByText(o.nextTransfer)).toBeTruthy();
    // The choice is gone while the transfer is open.
    expect(screen.queryByRole('group', { name: o.choice })).toBeNull();
  });

  it('a reload with money.pending shows the instructions, without any request', () => {
    const { sent } = renderSection(testMoney({ pending: transferPending() }));
    const panel = screen.getByTestId('pending-payment');
    expect(within(panel).getByTestId('transfer-reference').textContent).toBe('AY-7K3M-9QXD-4');
    expect(within(panel).getByText(o.dueTransfer(DUE))).toBeTruthy();
    // Read back, not just opened: the focus stays where it was.
    expect(within(panel).getByRole('heading', { name: o.transferTitle })).not.toBe(document.activeElement);
    expect(sent).toEqual([]);
  });

  it('a voucher that ran out unpaid: says so over the choice, which is offered again', () => {
    renderSection(testMoney({ expired: { rail: 'cash', expiresAt: EXPIRES } }));
    expect(screen.getByTestId('offline-expired').textContent).toBe(o.expired.cash);
    expect(screen.getByRole('group', { name: o.choice })).toBeTruthy();
    expect(screen.queryByTestId('pending-payment')).toBeNull();
  });

  it('copies the reference and the account number, and says so politely', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderSection(testMoney({ pending: transferPending() }));
    fireEvent.click(screen.getByRole('button', { name: o.copyLabel(o.reference) }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('AY-7K3M-9QXD-4'));
    const status = await screen.findByText(o.copied);
    expect(status.getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: o.copyLabel(o.accountNumber) }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('812345678'));
  });

  it('copy refused by the browser: says to select the text instead', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    renderSection(testMoney({ pending: transferPending() }));
    fireEvent.click(screen.getByRole('button', { name: o.copyLabel(o.reference) }));
    expect(await screen.findByText(o.copyFailed)).toBeTruthy();
  });

  it('"Pagar de otra forma": after the confirmation the cancel route is called, and the choice comes back', async () => {
    const { sent, onChanged } = renderSection(testMoney({ pending: transferPending() }), {
      [`/api/projects/p1/payments/${PAYMENT_ID}/cancel`]: [() => json(200, { message: tp.fund.offlineCancelled })],
    });
    fireEvent.click(screen.getByRole('button', { name: o.otherWay }));
    const dialog = await screen.findByRole('alertdialog', { name: o.otherWayTitle });
    expect(dialog.textContent).toContain(o.otherWayTransfer);
    expect(sent.filter((r) => r.url.includes('/cancel'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: o.otherWayConfirm }));
    const card = await screen.findByRole('radio', { name: o.rails.card.label });
    const cancels = sent.filter((r) => r.url === `/api/projects/p1/payments/${PAYMENT_ID}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.headers['x-requested-with']).toBe('arreglaya');
    expect(screen.queryByTestId('pending-payment')).toBeNull();
    expect(screen.getByTestId('message-box').textContent).toContain(tp.fund.offlineCancelled);
    expect(onChanged).toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it('"Pagar de otra forma" refused: the Spanish reason stays in the dialog', async () => {
    renderSection(testMoney({ pending: transferPending() }), {
      [`/api/projects/p1/payments/${PAYMENT_ID}/cancel`]: [() => fail(409, 'CONFLICT', tp.fund.cannotCancel)],
    });
    fireEvent.click(screen.getByRole('button', { name: o.otherWay }));
    const dialog = await screen.findByRole('alertdialog', { name: o.otherWayTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: o.otherWayConfirm }));
    expect(await within(dialog).findByText(tp.fund.cannotCancel)).toBeTruthy();
    expect(screen.getByTestId('pending-payment')).toBeTruthy();
  });

  it('cash: sends { rail: "cash" }, shows the voucher, where and by when, prints it and links to the processor’s page', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { funds } = renderSection(testMoney(), { '/api/projects/p1/fund': [() => json(202, opened(cashPending()))] });
    chooseRail(o.rails.cash.label);
    fireEvent.click(screen.getByRole('button', { name: o.generateCash('RD$10,000.00') }));
    const panel = await screen.findByTestId('pending-payment');
    expect(funds().map((r) => r.body)).toEqual([JSON.stringify({ rail: 'cash' })]);
    const voucher = within(panel);
    expect(voucher.getByRole('heading', { name: o.cashTitle })).toBe(document.activeElement);
    expect(voucher.getByTestId('voucher-number').textContent).toBe('4815162342001234');
    expect(voucher.getByText('23790000000000000000000000000000000000000042')).toBeTruthy();
    expect(voucher.getByText('Banco Popular')).toBeTruthy();
    expect(panel.textContent).toContain('RD$10,000.00');
    expect(voucher.getByText(o.dueCash(DUE))).toBeTruthy();
    expect(voucher.getByText(o.nextCash)).toBeTruthy();
    // The voucher alone is printed (its block carries the print class; the buttons are left out).
    expect(voucher.getByTestId('voucher-number').closest('.print-voucher')).toBeTruthy();
    fireEvent.click(voucher.getByRole('button', { name: o.print }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(voucher.getByRole('button', { name: o.print }).closest('.print-voucher')).toBeNull();
    const link = voucher.getByRole('link', { name: o.voucherPage });
    expect(link.getAttribute('href')).toBe('https://sandbox.dlocal.com/tickets/T-1');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(voucher.getByRole('button', { name: o.otherWay }));
    expect((await screen.findByRole('alertdialog', { name: o.otherWayTitle })).textContent).toContain(o.otherWayCash);
  });

  it('cash without a voucher from the processor: says so, no print, and offers paying another way', () => {
    renderSection(testMoney({ pending: cashPending({ voucher: null }) }));
    expect(screen.getByText(o.voucherMissing)).toBeTruthy();
    expect(screen.queryByRole('button', { name: o.print })).toBeNull();
    expect(screen.getByRole('button', { name: o.otherWay })).toBeTruthy();
  });

  it('a 409 shows its Spanish message, the choice stays, and the next tap is a new attempt', async () => {
    const { funds } = renderSection(testMoney(), {
      '/api/projects/p1/fund': [() => fail(409, 'CONFLICT', tp.fund.transferUnavailable), () => fail(409, 'CONFLICT', tp.fund.tooLateForOffline)],
    });
    chooseRail(o.rails.transfer.label);
    fireEvent.click(screen.getByRole('button', { name: o.generateTransfer('RD$10,000.00') }));
    const alert = await screen.findByText(tp.fund.transferUnavailable);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('radio', { name: o.rails.transfer.label })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: o.generateTransfer('RD$10,000.00') }));
    expect(await screen.findByText(tp.fund.tooLateForOffline)).toBeTruthy();
    expect(funds()).toHaveLength(2);
    expect(funds()[1]!.headers['idempotency-key']).not.toBe(funds()[0]!.headers['idempotency-key']);
    // Another choice clears the refusal.
    chooseRail(o.rails.card.label);
    expect(screen.queryByText(tp.fund.tooLateForOffline)).toBeNull();
  });

  it('a transfer that arrived in part: what arrived and what is missing, to complete with the same reference (no cancelling)', () => {
    renderSection(testMoney({ pending: transferPending({ receivedMinor: 400_000 }) }));
    const panel = screen.getByTestId('pending-payment');
    expect(within(panel).getByText(o.partial('RD$4,000.00', 'RD$10,000.00', 'RD$6,000.00'))).toBeTruthy();
    expect(within(panel).getByText(o.partialNote)).toBeTruthy();
    expect(panel.textContent).toContain(`${o.missingAmount}RD$6,000.00`);
    expect(within(panel).getByText(o.notHeld)).toBeTruthy();
    expect(screen.queryByRole('button', { name: o.otherWay })).toBeNull();
  });

  it('the hired contractor reads that the client chose a transfer, without the instructions', () => {
    renderSection(testMoney({ pending: transferPending() }), {}, 'contractor');
    expect(screen.getByTestId('money-state').textContent).toContain(o.contractorWaiting.transfer);
    expect(screen.queryByTestId('pending-payment')).toBeNull();
  });

  it('the money arrived (a reload with nothing pending): the instructions opened here are not shown again', async () => {
    const { rerender } = renderWithRerender();
    chooseRail(o.rails.transfer.label);
    fireEvent.click(screen.getByRole('button', { name: o.generateTransfer('RD$10,000.00') }));
    expect(await screen.findByTestId('pending-payment')).toBeTruthy();
    act(() => rerender(testMoney({ fundedMinor: 1_000_000, heldMinor: 1_000_000, funded: true, dueMinor: 0, payBy: null })));
    expect(screen.queryByTestId('pending-payment')).toBeNull();
    expect(screen.getByTestId('money-state').textContent).toContain(t.state.heldClient('RD$10,000.00'));
  });
});

/** The section with a `rerender(money)` standing for the page's reload of the project. */
function renderWithRerender() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/me/payment-methods') return json(200, { items: [] });
      if (url === '/api/projects/p1/fund') return json(202, opened(transferPending()));
      return fail(404, 'NOT_FOUND', 'No');
    }),
  );
  const page = { reload: (_money: ProjectMoney): void => undefined };
  function Page() {
    const [money, setMoney] = useState(() => testMoney());
    useEffect(() => {
      page.reload = setMoney;
    }, []);
    return <FundingSection projectId="p1" country="DO" status="assigned" money={money} viewer="client" clientId="u1" locale="es-DO" onChanged={async () => {}} />;
  }
  renderWithProviders(<Page />);
  return { rerender: (money: ProjectMoney) => page.reload(money) };
}
