// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { MyPayments } from '@arreglaya/shared/schemas/payments';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';
import { Component as ClientPaymentsPage } from './client-payments.tsx';
import { Component as ReceiptPage } from './client-payment-receipt.tsx';

// "Mis pagos" (issue 46): each payment says which stage it paid, with which card, what became of
// the money (never "retenido" for money already released) and links to its receipt. Only the
// network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PROJECT = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const row = (id: string, extra: Partial<MyPayments['items'][number]>): MyPayments['items'][number] => ({
  id,
  projectId: PROJECT,
  projectTitle: 'Remodelar la cocina',
  amountMinor: 240_000,
  currency: 'DOP',
  status: 'succeeded',
  createdAt: '2026-11-20T15:00:00.000Z',
  stage: null,
  rail: 'card',
  card: null,
  moneyState: 'held',
  ...extra,
});
const items: MyPayments['items'] = [
  row('a1a1a1a1-0000-4000-8000-000000000001', { stage: { title: 'Final', position: 2, count: 2 }, card: { brand: 'mastercard', last4: '4444' }, moneyState: 'held' }),
  row('a1a1a1a1-0000-4000-8000-000000000002', { stage: { title: 'Materiales', position: 1, count: 2 }, card: { brand: 'visa', last4: '4242' }, moneyState: 'released' }),
  row('a1a1a1a1-0000-4000-8000-000000000003', { projectTitle: 'Pintar la sala', moneyState: 'refunded' }),
  row('a1a1a1a1-0000-4000-8000-000000000004', { projectTitle: 'Pintar la sala', status: 'failed', moneyState: null }),
  row('a1a1a1a1-0000-4000-8000-000000000005', { projectTitle: 'Arreglar el techo', rail: 'transfer', status: 'expired', moneyState: null }),
];
const receipt = {
  paymentId: items[1]!.id,
  projectId: PROJECT,
  title: 'Pago recibido',
  paragraphs: ['Hola Yolanda:', 'Recibimos tu pago por «Remodelar la cocina».', 'Monto: RD$2,400.00 (Visa •••• 4242)', 'Referencia: ch_123'],
  amountMinor: 240_000,
  currency: 'DOP',
  createdAt: '2026-11-20T15:00:00.000Z',
};

function renderPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/me/payments') return json(200, { items });
      if (url === `/api/me/payments/${receipt.paymentId}/receipt`) return json(200, receipt);
      return json(404, { error: { code: 'NOT_FOUND', message: 'No encontramos el recibo de ese pago.' } });
    }),
  );
  const { router } = renderWithProviders(<ClientPaymentsPage />, {
    route: '/perfil/pagos',
    routes: [{ path: '/perfil/pagos/:paymentId/recibo', element: <ReceiptPage /> }],
    session: testSession(),
  });
  return router;
}

describe('/perfil/pagos (Mis pagos)', () => {
  it('each row shows the stage, the card, what became of the money, and a receipt link for a payment that went through', async () => {
    renderPage();
    const rows = within(await screen.findByRole('list', { name: t.myPayments.title })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Etapa 2 de 2: Final · Mastercard •••• 4444.*Retenido hasta que apruebes el trabajo.*RD\$2,400\.00.*Ver recibo/),
      expect.stringMatching(/Etapa 1 de 2: Materiales · Visa •••• 4242.*Liberado al contratista.*Ver recibo/),
      expect.stringMatching(/Precio completo · Tarjeta nueva \(no guardada\).*Reembolsado.*Ver recibo/),
      expect.stringMatching(/No se completó/),
      // Paid by transfer (decision 051), its due time passed: named by how it was paid, never as a card.
      expect.stringMatching(/Precio completo · Transferencia bancaria.*Venció/),
    ]);
    // Money already released never reads as held.
    expect(rows[1]!.textContent).not.toMatch(/retenido/i);
    expect(within(rows[3]!).queryByRole('link', { name: /Ver recibo/ })).toBeNull();
    expect(screen.getByText(t.myPayments.intro).textContent).not.toMatch(/queda retenido/);
  });

  it('the receipt link opens the receipt with the mailed words and its date', async () => {
    const router = renderPage();
    const rows = within(await screen.findByRole('list', { name: t.myPayments.title })).getAllByRole('listitem');
    fireEvent.click(within(rows[1]!).getByRole('link', { name: /^Ver recibo del pago de «Remodelar la cocina»/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago recibido' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/perfil/pagos/${receipt.paymentId}/recibo`);
    expect(screen.getByText('Monto: RD$2,400.00 (Visa •••• 4242)')).toBeTruthy();
    expect(screen.getByText(/^Fecha: 20 nov 2026/)).toBeTruthy();
  });
});
