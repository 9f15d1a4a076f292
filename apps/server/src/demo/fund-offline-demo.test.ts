import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema/index.ts';
import { escrow, funded, hired } from '../../test/support/payment-factories.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { checkLedger } from '../modules/payments/ledger-check.ts';
import { fundDemoOffline } from './fund-offline-demo.ts';

// The demo's hires funded in cash and by transfer (issue 47) go through the app's own services:
// a voucher paid at dLocal's stand-in and notified, a transfer matched from a statement line; with
// a card-funded hire beside them, the ledger check finds nothing wrong.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('fundDemoOffline', () => {
  it('funds one hire by a paid cash voucher and one by a matched transfer, and the ledger is clean', async () => {
    const card = await funded(t);
    const cash = await hired(t);
    const transfer = await hired(t);
    const logs: string[] = [];
    const result = await fundDemoOffline(t.app, [cash.projectId, transfer.projectId], (m) => logs.push(m));
    expect(result).toEqual({ cash: expect.any(String), transfer: expect.any(String) });

    const succeeded = async (projectId: string) =>
      t.db
        .select({ rail: payments.rail, status: payments.status })
        .from(payments)
        .where(and(eq(payments.projectId, projectId), eq(payments.status, 'succeeded')));
    expect(await succeeded(card.projectId)).toEqual([{ rail: 'card', status: 'succeeded' }]);
    expect(await succeeded(cash.projectId)).toEqual([{ rail: 'cash', status: 'succeeded' }]);
    expect(await succeeded(transfer.projectId)).toEqual([{ rail: 'transfer', status: 'succeeded' }]);
    for (const p of [card, cash, transfer]) expect(await escrow(t, p.projectId)).toMatchObject({ fundedMinor: 1_250_000, heldMinor: 1_250_000 });
    expect(await checkLedger(t.db)).toEqual([]);
    expect(logs.at(-1)).toContain(result.cash!);
  });
});
