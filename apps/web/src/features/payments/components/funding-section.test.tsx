// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { FundingSection } from './funding-section.tsx';
import { testMoney } from '@/test/project-fixtures.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';

// The pay step's Idempotency-Key: the same request sent again after no answer (503) carries the
// same key (the server answers the first attempt, never charges twice); after a definitive
// answer (declined) the next attempt has a new key. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const money: ProjectMoney = testMoney({ payBy: null });
const card = { id: '8f0e7a1c-4b8e-4d5e-9f7a-1c2b3d4e5f60', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: true, createdAt: '2026-01-01T00:00:00Z' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fail = (status: number, code: string, message: string) => json(status, { error: { code, message } });

function renderSection(fundAnswers: Response[]) {
  const keys: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/me/payment-methods') return json(200, { items: [card] });
    if (url === '/api/projects/p1/fund') {
      keys.push((init?.headers as Record<string, string>)['idempotency-key']!);
      return fundAnswers.shift()!;
    }
    return fail(404, 'NOT_FOUND', 'No');
  });
  vi.stubGlobal('fetch', fetch);
  const onChanged = vi.fn(async () => {});
  renderWithProviders(<FundingSection projectId="p1" country="DO" status="assigned" money={money} viewer="client" clientId="u1" locale="es-DO" onChanged={onChanged} />, {
    route: '/proyectos/p1',
  });
  return { keys, onChanged };
}

describe('FundingSection', () => {
  it('retries with the same key after no answer, and uses a new one after a decline', async () => {
    const { keys, onChanged } = renderSection([
      fail(503, 'UNAVAILABLE', tp.fund.unknown),
      fail(402, 'PAYMENT_FAILED', tp.fund.declined),
      json(200, { message: tp.fund.funded, paymentId: card.id, status: 'succeeded', amountMinor: 1_000_000, currency: 'DOP', actionUrl: null }),
    ]);
    expect(screen.getByRole('region', { name: t.fund.title })).toBeTruthy();
    expect(await screen.findByRole('radio', { name: /Visa •••• 4242/ })).toHaveProperty('checked', true);
    const pay = () => fireEvent.click(screen.getByRole('button', { name: 'Pagar RD$10,000.00' }));

    pay();
    expect(await screen.findByText(tp.fund.unknown)).toBeTruthy();
    pay();
    expect(await screen.findByText(tp.fund.declined)).toBeTruthy();
    pay();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,60}$/);
  });
});

describe('FundingSection: paying with the amount in view, the card kept after a refusal (issue 46)', () => {
  function renderPay(m: ProjectMoney, fundAnswer: () => Response) {
    const sent: { url: string; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, body: String(init?.body ?? '') });
        if (url === '/api/me/payment-methods') return json(200, { items: [card] });
        if (url === '/api/payments/tokenizer') return json(200, { processor: 'sandbox', tokenizeUrl: '/sandbox-processor/v1/tokens' });
        if (url === '/sandbox-processor/v1/tokens') return json(201, { id: 'tok_declined1', brand: 'visa', last4: '0002', expMonth: 12, expYear: 2099 });
        if (url === '/api/projects/p1/fund') return fundAnswer();
        return fail(404, 'NOT_FOUND', 'No');
      }),
    );
    renderWithProviders(<FundingSection projectId="p1" country="DO" status="assigned" money={m} viewer="client" clientId="u1" locale="es-DO" onChanged={async () => {}} />, {
      route: '/proyectos/p1',
    });
    return sent;
  }

  it('the pay button reads the amount being paid: the agreed price, or the stage due of a staged plan', async () => {
    renderPay(testMoney({ priceMinor: 240_000, dueMinor: 240_000 }), () => fail(404, 'NOT_FOUND', 'No'));
    expect(await screen.findByRole('button', { name: 'Pagar RD$2,400.00' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: t.fund.newCard }));
    expect(screen.getByRole('button', { name: 'Pagar RD$2,400.00' })).toBeTruthy();
    cleanup();
    const staged = testMoney({
      priceMinor: 1_000_000,
      dueMinor: 300_000,
      milestones: [
        { id: 'm1', title: 'Materiales', amountMinor: 300_000, status: 'pending', last: false },
        { id: 'm2', title: 'Final', amountMinor: 700_000, status: 'pending', last: true },
      ],
    });
    renderPay(staged, () => fail(404, 'NOT_FOUND', 'No'));
    expect(await screen.findByRole('button', { name: 'Pagar RD$3,000.00' })).toBeTruthy();
  });

  it('after a refused payment the new card stays typed, only the CVC is asked again, and our API never got the card', async () => {
    const sent = renderPay(testMoney(), () => fail(402, 'PAYMENT_FAILED', tp.fund.declined));
    fireEvent.click(await screen.findByRole('radio', { name: t.fund.newCard }));
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(t.cardForm.number, '4000 0000 0000 0002');
    type(t.cardForm.expiry, '1299');
    type(t.cardForm.cvc, '846');
    type(t.cardForm.holderName, 'Yolanda Peña');
    fireEvent.change(screen.getByLabelText(t.cardForm.country), { target: { value: 'DO' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pagar RD$10,000.00' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === tp.fund.declined)).toBe(true));
    const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
    expect(value(t.cardForm.number)).toBe('4000 0000 0000 0002');
    expect(value(t.cardForm.expiry)).toBe('12/99');
    expect(value(t.cardForm.holderName)).toBe('Yolanda Peña');
    expect(value(t.cardForm.cvc)).toBe('');
    const ours = sent.filter((r) => r.url.startsWith('/api/'));
    expect(ours.map((r) => r.body).join(' ')).not.toMatch(/4000|0002|846/);
    expect(ours.find((r) => r.url === '/api/projects/p1/fund')!.body).toBe(JSON.stringify({ token: 'tok_declined1' }));
  });
});
