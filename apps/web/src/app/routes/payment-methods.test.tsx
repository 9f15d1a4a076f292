// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { Session } from '@/lib/session-user.ts';
import { Component as PaymentMethodsPage } from './payment-methods.tsx';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';

// Cards are verified by the processor when saved (issue 29): the page shows the processor's reason
// for a refused card in the form, and back from the bank's challenge (?verificacion=) it asks our
// API once, says how it ended and drops the parameter. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CARD_ID = '8f0e7a1c-4b8e-4d5e-9f7a-1c2b3d4e5f60';
const card = { id: CARD_ID, brand: 'visa', last4: '3220', expMonth: 12, expYear: 2099, isDefault: true, createdAt: '2026-01-01T00:00:00Z' };
const session: Session = testSession();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fail = (status: number, code: string, message: string) => json(status, { error: { code, message } });
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

function renderPage(url: string, answers: Record<string, () => Response>, as: Session = session) {
  const calls: string[] = [];
  const bodies: Record<string, unknown> = {};
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (typeof init?.body === 'string') bodies[`${init.method} ${path}`] = JSON.parse(init.body);
    return (answers[`${init?.method ?? 'GET'} ${path}`] ?? (() => fail(404, 'NOT_FOUND', 'No')))();
  });
  vi.stubGlobal('fetch', fetch);
  const { router } = renderWithProviders(<PaymentMethodsPage />, { route: url, session: as });
  return { calls, bodies, router };
}

function fillCard(number: string, country = 'DO') {
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(t.cardForm.number, number);
  type(t.cardForm.expiry, `12${nextYear}`);
  type(t.cardForm.cvc, '846');
  type(t.cardForm.postalCode, '10101');
  fireEvent.change(screen.getByLabelText(t.cardForm.country), { target: { value: country } });
}

describe('/perfil/formas-pago: cards verified when saved', () => {
  it("shows the processor's reason when it refuses the card at save", async () => {
    renderPage('/perfil/formas-pago', {
      'GET /api/me/payment-methods': () => json(200, { items: [] }),
      'GET /api/payments/tokenizer': () => json(200, { processor: 'sandbox', tokenizeUrl: '/sandbox-processor/v1/tokens' }),
      'POST /sandbox-processor/v1/tokens': () => json(201, { id: 'tok_abc123', brand: 'visa', last4: '9995', expMonth: 12, expYear: 2099 }),
      'POST /api/me/payment-methods': () => fail(402, 'PAYMENT_FAILED', tp.fund.insufficientFunds),
    });
    expect(await screen.findByText(t.methods.empty)).toBeTruthy();
    fillCard('4000 0000 0000 9995');
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === tp.fund.insufficientFunds)).toBe(true));
    expect(screen.queryByText(tp.methodAddError)).toBeNull();
  });

  it('back from the challenge, asks once, announces the saved card and drops the parameter', async () => {
    const { calls, router } = renderPage(`/perfil/formas-pago?verificacion=${CARD_ID}`, {
      'GET /api/me/payment-methods': () => json(200, { items: [card] }),
      [`POST /api/me/payment-methods/${CARD_ID}/verify`]: () => json(200, { message: tp.methodAdded, method: card }),
    });
    expect(await screen.findByText(tp.methodAdded)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.filter((c) => c.endsWith('/verify'))).toHaveLength(1);
  });

  it('back from a cancelled challenge, says why in an alert', async () => {
    const { router } = renderPage(`/perfil/formas-pago?verificacion=${CARD_ID}`, {
      'GET /api/me/payment-methods': () => json(200, { items: [] }),
      [`POST /api/me/payment-methods/${CARD_ID}/verify`]: () => fail(402, 'PAYMENT_FAILED', tp.verification.cancelled),
    });
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === tp.verification.cancelled)).toBe(true));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe("/perfil/formas-pago: a card saved in the account's country (decision 067)", () => {
  const saving = {
    'GET /api/me/payment-methods': () => json(200, { items: [] }),
    'GET /api/payments/tokenizer': () => json(200, { processor: 'sandbox', tokenizeUrl: '/sandbox-processor/v1/tokens' }),
    'POST /sandbox-processor/v1/tokens': () => json(201, { id: 'tok_abc123', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099 }),
    'POST /api/me/payment-methods': () => json(201, { message: tp.methodAdded, method: { ...card, last4: '4242' } }),
  };

  it("in Colombia asks the payer's cédula de ciudadanía before the card leaves the page, and sends it with the token", async () => {
    const { calls, bodies } = renderPage('/perfil/formas-pago', saving, testSession({ country: 'CO' }));
    expect(await screen.findByText(t.methods.empty)).toBeTruthy();
    fillCard('4242 4242 4242 4242', 'CO');
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    // Without it: the field says why, takes the focus, and nothing is tokenized or saved.
    const field = screen.getByLabelText(idDocuments.co_cc.label);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByText(tp.fund.payerDocumentRequired(idDocuments.co_cc.short, 'Colombia'))).toBeTruthy();
    fireEvent.change(field, { target: { value: 'ABC123' } });
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    expect(await screen.findByText(idDocuments.co_cc.invalid)).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    fireEvent.change(field, { target: { value: ' 1.020.304.050 ' } });
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    expect(await screen.findByText(tp.methodAdded)).toBeTruthy();
    // The card's number and CVC went to the processor only; our API got its token and the document.
    expect(bodies['POST /api/me/payment-methods']).toEqual({ token: 'tok_abc123', makeDefault: false, payerDocument: '1.020.304.050' });
    // Not kept once used.
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
  });

  it("in Mexico asks the CURP and shows the server's refusal of it on the field", async () => {
    const { bodies } = renderPage(
      '/perfil/formas-pago',
      {
        ...saving,
        'POST /api/me/payment-methods': () =>
          json(400, { error: { code: 'VALIDATION', message: idDocuments.mx_curp.invalid, fields: { payerDocument: idDocuments.mx_curp.invalid } } }),
      },
      testSession({ country: 'MX' }),
    );
    expect(await screen.findByText(t.methods.empty)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(idDocuments.mx_curp.label), { target: { value: 'GOMA850312HDFRRN09' } });
    fillCard('4242 4242 4242 4242', 'MX');
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    await waitFor(() => expect(screen.getAllByText(idDocuments.mx_curp.invalid).length).toBeGreaterThan(0));
    expect(bodies['POST /api/me/payment-methods']).toMatchObject({ payerDocument: 'GOMA850312HDFRRN09' });
  });

  it('in the Dominican Republic asks no document', async () => {
    const { bodies } = renderPage('/perfil/formas-pago', saving);
    expect(await screen.findByText(t.methods.empty)).toBeTruthy();
    expect(screen.queryByLabelText(idDocuments.co_cc.label)).toBeNull();
    fillCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    expect(await screen.findByText(tp.methodAdded)).toBeTruthy();
    expect(bodies['POST /api/me/payment-methods']).toEqual({ token: 'tok_abc123', makeDefault: false });
  });
});
