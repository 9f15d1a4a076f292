import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normalizeReference } from '@arreglaya/shared/transfer-reference';
import { payments, projects } from '../db/schema/index.ts';
import { importStatement } from '../modules/bank-statements/statement-matching.ts';
import { injectTransport } from '../modules/dlocal/sandbox/dlocal-sandbox.routes.ts';
import { deliverDueNotifications } from '../modules/dlocal/sandbox/notification-delivery.ts';
import type { PaymentsHandle } from '../wiring/payments.ts';

// The demo's hires paid in cash and by transfer (issue 47, decision 051), through the running
// app's own services rather than rows written by the seed: the client opens a voucher (at dLocal's
// built-in stand-in) and a cashier pays it, the stand-in's signed notification reaches our
// receiver and the money is held; the client opens a transfer reference and the bank's feed brings
// a line naming it for the whole amount. So the ledger and `npm run ledger:check` see exactly what
// a real cash or transfer funding leaves. Run once, right after the demo is seeded into an empty
// database; without the stand-in (DLOCAL_API_URL) or the transfer account, that hire stays unpaid.

export interface OfflineDemoResult {
  cash: string | null;
  transfer: string | null;
}

export async function fundDemoOffline(app: FastifyInstance & { payments: PaymentsHandle }, hires: readonly string[], log: (msg: string) => void): Promise<OfflineDemoResult> {
  const deps = app.payments.deps;
  const rails = deps.rails;
  const result: OfflineDemoResult = { cash: null, transfer: null };
  if (!rails) return result;
  const clientOf = async (projectId: string) => (await deps.db.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, projectId)))[0]?.clientId;
  const [cashHire, transferHire] = hires;

  const standIn = app.payments.dlocalSandbox;
  const cashClient = cashHire && (await clientOf(cashHire));
  if (cashHire && cashClient && standIn) {
    try {
      const opened = (await rails.open({ id: cashClient, role: 'client' }, cashHire, 'cash', `demo-cash-${cashHire}`)).body;
      const [row] = 'paymentId' in opened ? await deps.db.select().from(payments).where(eq(payments.id, opened.paymentId)) : [];
      // The cashier takes the money at a Banco Popular counter; dLocal's notification holds it.
      if (row?.processorRef && (await standIn.payTicket(row.processorRef))) {
        await deliverDueNotifications(standIn.deliveryDeps(injectTransport(app), app.log));
        result.cash = row.id;
      }
    } catch (err) {
      log(`Demo data: no cash funding (${err instanceof Error ? err.message : String(err)}).`);
    }
  }

  const transferClient = transferHire && (await clientOf(transferHire));
  if (transferHire && transferClient) {
    try {
      const opened = (await rails.open({ id: transferClient, role: 'client' }, transferHire, 'transfer', `demo-transfer-${transferHire}`)).body;
      const pending = 'pending' in opened ? opened.pending : null;
      if (pending?.transfer) {
        // The bank's feed: the client's transfer quoting the reference, for the whole amount.
        await importStatement(
          deps,
          [
            {
              bankTxId: `DEMO-${normalizeReference(pending.transfer.reference) ?? pending.paymentId}`,
              bookedOn: new Date().toISOString().slice(0, 10),
              amountMinor: pending.amountMinor,
              currency: pending.currency,
              direction: 'credit',
              reversal: false,
              reference: null,
              description: `TRANSF ${pending.transfer.reference} ARREGLAYA`,
              payerName: null,
            },
          ],
          { format: 'feed' },
        );
        result.transfer = pending.paymentId;
      }
    } catch (err) {
      // No transfer account configured (production without TRANSFER_*): the hire stays unpaid.
      log(`Demo data: no transfer funding (${err instanceof Error ? err.message : String(err)}).`);
    }
  }
  log(`Demo data: one hire funded by a paid cash voucher (${result.cash ?? 'none'}), one by a matched transfer (${result.transfer ?? 'none'}).`);
  return result;
}
