import { describe, expect, it } from 'vitest';
import { CARDS, fund, hired, post, setStatus, sysadmin, tokenize } from '../../../test/support/payment-factories.ts';
import { person } from '../../../test/support/project-factories.ts';
import { get, setUpPaymentsApp, t } from './payments-test-kit.ts';

// A client's list of payments ('Mis pagos': the stage, the card, what became of the money) and
// each payment's receipt.

setUpPaymentsApp();

describe("GET /api/me/payments ('Mis pagos') and each payment's receipt", () => {
  const mine = async (who: Awaited<ReturnType<typeof person>>) => (await get(who, '/api/me/payments')).json().items as Record<string, unknown>[];

  it('each row names the stage it paid, the saved card (brand, last 4) and what became of the money: held, then released on approval', async () => {
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Final', percent: 60 },
    ];
    const { client, contractor, projectId } = await hired(t, { stages });
    const card = (await post(t, client, '/api/me/payment-methods', { token: await tokenize(t, CARDS.mastercard) })).json().method;
    expect((await fund(t, client, projectId, { paymentMethodId: card.id })).statusCode).toBe(200);
    expect(await mine(client)).toEqual([
      expect.objectContaining({ amountMinor: 500_000, stage: { title: 'Materiales', position: 1, count: 2 }, card: { brand: 'mastercard', last4: '4444' }, moneyState: 'held' }),
    ]);
    // The first stage released while the work goes on: its row says so; the second is held.
    await setStatus(t, contractor, projectId, 'in_progress');
    const [first] = (await get(client, `/api/projects/${projectId}`)).json().money.milestones as { id: string }[];
    expect((await post(t, client, `/api/projects/${projectId}/milestones/${first!.id}/release`)).statusCode).toBe(200);
    expect((await fund(t, client, projectId, { paymentMethodId: card.id })).statusCode).toBe(200);
    expect((await mine(client)).map((p) => [p.amountMinor, (p.stage as { title: string }).title, p.moneyState])).toEqual([
      [750_000, 'Final', 'held'],
      [500_000, 'Materiales', 'released'],
    ]);
    // Approval releases the rest.
    await setStatus(t, contractor, projectId, 'delivered');
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    expect((await mine(client)).map((p) => p.moneyState)).toEqual(['released', 'released']);
  });

  it('a refunded payment says refunded, and a refused one has no money state', async () => {
    const { client, projectId } = await hired(t);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.declined) })).statusCode).toBe(402);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    expect((await post(t, await sysadmin(t), `/api/admin/projects/${projectId}/cancel`)).statusCode).toBe(200);
    expect((await mine(client)).map((p) => [p.status, p.moneyState])).toEqual([
      ['succeeded', 'refunded'],
      ['failed', null],
    ]);
  });

  it("shows a payment's receipt, with the words mailed, to its payer only", async () => {
    const { client, contractor, projectId } = await hired(t);
    const card = (await post(t, client, '/api/me/payment-methods', { token: await tokenize(t, CARDS.visa) })).json().method;
    const paid = (await fund(t, client, projectId, { paymentMethodId: card.id })).json();
    const res = await get(client, `/api/me/payments/${paid.paymentId}/receipt`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentId: paid.paymentId, projectId, title: 'Pago recibido', amountMinor: 1_250_000, currency: 'DOP' });
    const mailed = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Recibo de pago');
    for (const line of res.json().paragraphs as string[]) expect(mailed.text).toContain(line);
    expect(res.json().paragraphs).toContain('Monto: RD$12,500.00 (Visa •••• 4242)');
    // Nobody else reads it: another client gets the 404 of an unknown payment, the contractor the 403 of a client route.
    const stranger = await person(t, 'client');
    const other = await get(stranger, `/api/me/payments/${paid.paymentId}/receipt`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('No encontramos el recibo de ese pago.');
    expect((await get(contractor, `/api/me/payments/${paid.paymentId}/receipt`)).statusCode).toBe(403);
    expect((await get(client, '/api/me/payments/not-a-uuid/receipt')).statusCode).toBe(400);
  });
});
