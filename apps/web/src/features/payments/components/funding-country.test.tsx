// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CountryCode } from '@arreglaya/shared/countries';
import { formatMoney } from '@arreglaya/shared/format-money';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { FundResult, PendingPayment, ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testMoney } from '@/test/project-fixtures.ts';
import { FundingSection } from './funding-section.tsx';
import '@/test/jsdom-css-escape.ts';

// The funding step per country (issue 51, decision 067): the project's country's ways to pay in
// FUNDING_CHOICES order, amounts in its currency as that country writes them, one request per tap,
// OXXO's voucher and SPEI's CLABE from the 202. Only `fetch` is replaced.

const o = t.offline;
const PAYMENT_ID = '3b2d6c1e-8f4a-4b7c-9d2e-5a6b7c8d9e0f';
const COP = testMoney({ currency: 'COP', priceMinor: 400_000_000, dueMinor: 400_000_000 });
const MXN = testMoney({ currency: 'MXN', priceMinor: 400_000, dueMinor: 400_000 });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mexicanPending(method: 'oxxo' | 'spei'): PendingPayment {
  return {
    paymentId: PAYMENT_ID,
    rail: 'cash',
    method,
    amountMinor: 400_000,
    currency: 'MXN',
    receivedMinor: 0,
    expiresAt: '2026-12-09T18:00:00.000Z',
    transfer: null,
    voucher:
      method === 'oxxo'
        ? { number: '93000262870312', barcode: '23790000000000000000000000000000000000000042', company: 'OXXO', url: 'https://sandbox.dlocal.com/tickets/T-1' }
        : { number: '646180157000000004', barcode: null, company: 'SPEI', url: null },
  };
}

/** A card the client saved (the funding step offers it first). */
const SAVED_CARD = { id: '8f0e7a1c-4b8e-4d5e-9f7a-1c2b3d4e5f60', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: true, createdAt: '2026-01-01T00:00:00Z' };

/** The section as the project page mounts it for its client; the fund request answers `answer` once `release` is called (or at once). */
function renderSection(country: CountryCode, money: ProjectMoney, answer?: FundResult, saved: (typeof SAVED_CARD)[] = []) {
  const funds: string[] = [];
  const tokenized: string[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/me/payment-methods') return json(200, { items: saved });
      if (url === '/api/payments/tokenizer') return json(200, { processor: 'sandbox', tokenizeUrl: '/sandbox-processor/v1/tokens' });
      if (url === '/sandbox-processor/v1/tokens') {
        tokenized.push(String(init?.body));
        return json(200, { id: 'tok_co', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099 });
      }
      if (url === '/api/projects/p1/fund' && answer) {
        funds.push(String(init?.body));
        await held;
        return json(202, answer);
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'No' } });
    }),
  );
  renderWithProviders(<FundingSection projectId="p1" country={country} status="assigned" money={money} viewer="client" clientId="u1" locale="es-DO" onChanged={async () => {}} />, {
    route: '/proyectos/p1',
  });
  return { funds, tokenized, release: () => release() };
}

const choices = () =>
  within(screen.getByRole('group', { name: o.choice }))
    .getAllByRole('radio')
    .map((r) => document.getElementById(r.getAttribute('aria-labelledby')!)!.textContent);

describe('FundingSection: the ways to pay of the project’s country', () => {
  it('a Colombian project offers card, PSE and Efecty (no transfer to ArreglaYa’s Dominican account), in pesos colombianos', () => {
    renderSection('CO', COP);
    expect(choices()).toEqual([o.rails.card.label, o.methods.pse.label, o.methods.efecty.label]);
    expect(screen.queryByRole('radio', { name: o.rails.transfer.label })).toBeNull();
    expect(screen.getByText(o.methods.efecty.hint)).toBeTruthy();
    const cop = formatMoney(400_000_000, 'COP');
    expect(cop.replace(/\s/g, ' ')).toBe('$ 4.000.000');
    fireEvent.click(screen.getByRole('radio', { name: o.methods.pse.label }));
    expect(screen.getByText(o.pseIntro)).toBeTruthy();
    expect(screen.getByRole('button', { name: o.goToBankAmount(cop) })).toBeTruthy();
  });

  it('a Mexican project offers card, SPEI and OXXO, in pesos mexicanos', () => {
    renderSection('MX', MXN);
    expect(choices()).toEqual([o.rails.card.label, o.methods.spei.label, o.methods.oxxo.label]);
    fireEvent.click(screen.getByRole('radio', { name: o.methods.spei.label }));
    expect(screen.getByRole('button', { name: o.generateClabe('$4,000.00') })).toBeTruthy();
  });

  it('OXXO: a double tap posts {rail: cash, method: oxxo} once, then the voucher shows its number, amount and store', async () => {
    const pending = mexicanPending('oxxo');
    const { funds, release } = renderSection('MX', MXN, {
      message: tp.fund.voucherOpened,
      paymentId: PAYMENT_ID,
      status: 'pending',
      amountMinor: 400_000,
      currency: 'MXN',
      actionUrl: null,
      pending,
    });
    fireEvent.click(screen.getByRole('radio', { name: o.methods.oxxo.label }));
    const button = screen.getByRole('button', { name: o.generateCash('$4,000.00') });
    // dLocal asks the payer's CURP in Mexico (decision 067): without it, the field says so and nothing is sent.
    fireEvent.click(button);
    const curp = screen.getByLabelText(idDocuments.mx_curp.label);
    expect(curp.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(tp.fund.payerDocumentRequired('CURP', 'México'))).toBeTruthy();
    expect(funds).toHaveLength(0);
    fireEvent.change(curp, { target: { value: 'GOMA850312HDFRRN08' } });
    fireEvent.click(button);
    expect(screen.getByText(idDocuments.mx_curp.invalid)).toBeTruthy();
    fireEvent.change(curp, { target: { value: 'GOMA850312HDFRRN09' } });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(funds).toHaveLength(1));
    expect(screen.getByRole('button', { name: o.generating })).toHaveProperty('disabled', true);
    release();
    const panel = await screen.findByTestId('pending-payment');
    expect(funds.map((b) => JSON.parse(b) as unknown)).toEqual([{ rail: 'cash', method: 'oxxo', payerDocument: 'GOMA850312HDFRRN09' }]);
    expect(within(panel).getByTestId('voucher-number').textContent).toBe('93000262870312');
    expect(panel.textContent).toContain('$4,000.00');
    expect(panel.textContent).toContain('OXXO');
    expect(within(panel).getByRole('heading', { name: o.cashTitle })).toBeTruthy();
  });

  it('a card in Colombia asks the cédula de ciudadanía first, as PSE does: without it nothing is sent, not even the card to the processor', async () => {
    const cop = formatMoney(400_000_000, 'COP');
    const funded: FundResult = { message: tp.fund.funded, paymentId: PAYMENT_ID, status: 'succeeded', amountMinor: 400_000_000, currency: 'COP', actionUrl: null, pending: null };
    const { funds, tokenized, release } = renderSection('CO', COP, funded);
    release();
    expect(screen.getByRole('radio', { name: o.rails.card.label })).toHaveProperty('checked', true);
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(t.cardForm.number, '4242 4242 4242 4242');
    type(t.cardForm.expiry, '1299');
    type(t.cardForm.cvc, '846');
    fireEvent.change(screen.getByLabelText(t.cardForm.country), { target: { value: 'CO' } });
    fireEvent.click(screen.getByRole('button', { name: t.fund.payAmount(cop) }));
    const cedula = screen.getByLabelText(idDocuments.co_cc.label);
    await waitFor(() => expect(document.activeElement).toBe(cedula));
    expect(cedula.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(tp.fund.payerDocumentRequired('cédula de ciudadanía', 'Colombia'))).toBeTruthy();
    expect(tokenized).toHaveLength(0);
    expect(funds).toHaveLength(0);
    // Typed as people write it; the card goes to the processor, its token and the cédula to our API.
    fireEvent.change(cedula, { target: { value: '1.020.304.050' } });
    fireEvent.click(screen.getByRole('button', { name: t.fund.payAmount(cop) }));
    await waitFor(() => expect(funds).toHaveLength(1));
    expect(tokenized).toHaveLength(1);
    expect(JSON.parse(funds[0]!)).toEqual({ token: 'tok_co', payerDocument: '1.020.304.050' });
  });

  it('a saved card in Mexico is paid with the CURP, checked by its digit before anything is sent', async () => {
    const funded: FundResult = { message: tp.fund.funded, paymentId: PAYMENT_ID, status: 'succeeded', amountMinor: 400_000, currency: 'MXN', actionUrl: null, pending: null };
    const { funds, release } = renderSection('MX', MXN, funded, [SAVED_CARD]);
    release();
    // Once the saved cards are read, the saved one is chosen: no card form, one pay button.
    await waitFor(() => expect(screen.queryByLabelText(t.cardForm.number)).toBeNull());
    const pay = screen.getByRole('button', { name: t.fund.payAmount('$4,000.00') });
    const curp = screen.getByLabelText(idDocuments.mx_curp.label);
    fireEvent.change(curp, { target: { value: 'GOMA850312HDFRRN08' } });
    fireEvent.click(pay);
    expect(screen.getByText(idDocuments.mx_curp.invalid)).toBeTruthy();
    expect(funds).toHaveLength(0);
    fireEvent.change(curp, { target: { value: 'GOMA850312HDFRRN09' } });
    fireEvent.click(pay);
    await waitFor(() => expect(funds).toHaveLength(1));
    expect(JSON.parse(funds[0]!)).toEqual({ paymentMethodId: SAVED_CARD.id, payerDocument: 'GOMA850312HDFRRN09' });
  });

  it('a Dominican card asks no document', async () => {
    const dop = testMoney({ currency: 'DOP', priceMinor: 1_000_000, dueMinor: 1_000_000 });
    renderSection('DO', dop, undefined, [SAVED_CARD]);
    await waitFor(() => expect(screen.queryByLabelText(t.cardForm.number)).toBeNull());
    expect(screen.getByRole('button', { name: t.fund.payAmount(formatMoney(1_000_000, 'DOP')) })).toBeTruthy();
    expect(screen.queryByLabelText(idDocuments.do_cedula.label)).toBeNull();
  });

  it('SPEI: the CLABE to transfer to, with its copy button, and the exact amount', async () => {
    const { release } = renderSection('MX', MXN, {
      message: tp.fund.speiOpened,
      paymentId: PAYMENT_ID,
      status: 'pending',
      amountMinor: 400_000,
      currency: 'MXN',
      actionUrl: null,
      pending: mexicanPending('spei'),
    });
    release();
    fireEvent.click(screen.getByRole('radio', { name: o.methods.spei.label }));
    fireEvent.change(screen.getByLabelText(idDocuments.mx_curp.label), { target: { value: 'GOMA850312HDFRRN09' } });
    fireEvent.click(screen.getByRole('button', { name: o.generateClabe('$4,000.00') }));
    const panel = await screen.findByTestId('pending-payment');
    expect(within(panel).getByRole('heading', { name: o.speiTitle })).toBeTruthy();
    expect(within(panel).getByTestId('spei-clabe').textContent).toBe('646180157000000004');
    expect(within(panel).getByRole('button', { name: o.copyLabel(o.clabe) })).toBeTruthy();
    expect(panel.textContent).toContain('$4,000.00');
  });

  it('PSE opened and not yet confirmed by the bank: the page says so, with the way back to the bank; the contractor reads that the client pays from her bank', () => {
    const pse: PendingPayment = {
      paymentId: PAYMENT_ID,
      rail: 'cash',
      method: 'pse',
      amountMinor: 400_000_000,
      currency: 'COP',
      receivedMinor: 0,
      expiresAt: '2026-12-09T18:00:00.000Z',
      transfer: null,
      voucher: { number: 'D-4-1', barcode: null, company: 'PSE', url: 'https://sandbox.dlocal.com/tickets/D-4-1' },
    };
    renderSection('CO', { ...COP, pending: pse });
    const panel = screen.getByTestId('pending-payment');
    expect(within(panel).getByRole('heading', { name: o.pseTitle })).toBeTruthy();
    expect(panel.textContent).toContain(o.pseWaiting);
    expect(within(panel).getByRole('link', { name: o.goToBank }).getAttribute('href')).toBe('https://sandbox.dlocal.com/tickets/D-4-1');
    expect(panel.textContent?.replace(/\s/g, ' ')).toContain('$ 4.000.000');
    cleanup();

    renderWithProviders(
      <FundingSection
        projectId="p1"
        country="CO"
        status="assigned"
        money={{ ...COP, pending: pse }}
        viewer="contractor"
        clientId={null}
        locale="es-DO"
        onChanged={async () => {}}
      />,
      {
        route: '/proyectos/p1',
      },
    );
    expect(screen.getByText(o.contractorWaitingBank)).toBeTruthy();
  });
});
