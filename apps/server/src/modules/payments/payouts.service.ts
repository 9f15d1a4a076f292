import { payments as tp } from '@arreglaya/shared/i18n/payments';
import type { BankAccountType, Currency } from '@arreglaya/shared/domain';
import type { Balance, PayoutAccountInputSchema } from '@arreglaya/shared/schemas/payments';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { balanceOf, post } from './ledger.repository.ts';
import type { CardProcessor } from './processor.ts';
import { formatAmount, queueReceipt, type ReceiptDeps } from './receipts.ts';
import {
  contractorMovements,
  findPayoutAccount,
  heldForContractor,
  insertPayout,
  listPendingPayouts,
  lockPayoutsOf,
  markPayoutSent,
  projectsOfPayout,
  payableBalances,
  payoutRunDone,
  recordPayoutRun,
  tryLockDailyPayouts,
  upsertPayoutAccount,
} from './payouts.repository.ts';

// Payouts (decision 021): a contractor's bank account (the number sealed as decision 010 does),
// their balance, and the payout run that sends what is available through the processor.

export interface PayoutsDeps {
  db: Db;
  processor: CardProcessor;
  cipher: DataCipher;
  log: { warn(obj: object, msg: string): void };
  /** Payout receipts by mail to the contractor; without it none are sent. */
  mail?: ReceiptDeps;
}

export async function getPayoutAccount(deps: PayoutsDeps, userId: string) {
  const a = await findPayoutAccount(deps.db, userId);
  return a ? { bank: a.bank, accountType: a.accountType, last4: a.last4, holderName: a.holderName } : null;
}

export async function savePayoutAccount(deps: PayoutsDeps, userId: string, input: z.output<typeof PayoutAccountInputSchema>) {
  await upsertPayoutAccount(deps.db, {
    userId,
    bank: input.bank,
    accountType: input.accountType as BankAccountType,
    accountNumberEnc: deps.cipher.seal(input.accountNumber),
    last4: input.accountNumber.slice(-4),
    holderName: input.holderName,
  });
  return getPayoutAccount(deps, userId);
}

/** The contractor's balance: held in escrow on their projects, available, paid out, and each movement with its project. */
export async function getBalance(deps: Pick<PayoutsDeps, 'db'>, userId: string): Promise<Balance> {
  const currency: Currency = 'DOP';
  const [pendingMinor, availableMinor, paidOutMinor, movements] = await Promise.all([
    heldForContractor(deps.db, userId),
    balanceOf(deps.db, { kind: 'contractor_payable', userId, currency }),
    balanceOf(deps.db, { kind: 'payouts', userId, currency }),
    contractorMovements(deps.db, userId),
  ]);
  return {
    currency,
    pendingMinor,
    availableMinor,
    paidOutMinor,
    movements: movements.map((m) => ({
      kind: m.kind as 'release' | 'payout',
      amountMinor: Number(m.amountMinor),
      projectId: m.projectId,
      projectTitle: m.projectTitle,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/**
 * The payout run (sysadmin button, and daily: `runDailyPayouts`): for each contractor with an available balance and
 * a bank account, the ledger moves it from their payable to payouts and a `payouts` row is written
 * (one transaction, under a per-contractor lock); then each pending payout goes to the processor
 * with the key `payout_<id>`, so a run repeated or crashed half-way never pays twice.
 */
export async function runPayouts(deps: PayoutsDeps): Promise<number> {
  for (const b of await payableBalances(deps.db)) {
    await deps.db.transaction(async (tx) => {
      await lockPayoutsOf(tx, b.userId);
      const available = await balanceOf(tx, { kind: 'contractor_payable', userId: b.userId, currency: b.currency as Currency });
      if (available <= 0) return;
      const id = crypto.randomUUID();
      const ledgerId = await post(tx, {
        kind: 'payout',
        idempotencyKey: `payout:${id}`,
        entries: [
          { account: { kind: 'contractor_payable', userId: b.userId, currency: b.currency as Currency }, amountMinor: -available },
          { account: { kind: 'payouts', userId: b.userId, currency: b.currency as Currency }, amountMinor: available },
        ],
      });
      await insertPayout(tx, { id, contractorId: b.userId, amountMinor: available, currency: b.currency as Currency, ledgerTransactionId: ledgerId! });
    });
  }
  let sent = 0;
  for (const p of await listPendingPayouts(deps.db)) {
    const account = await findPayoutAccount(deps.db, p.contractorId);
    if (!account) continue;
    try {
      const destination = { bank: account.bank, accountType: account.accountType, accountNumber: deps.cipher.open(account.accountNumberEnc), holderName: account.holderName };
      const { id } = await deps.processor.payout({ destination, amountMinor: p.amountMinor, currency: p.currency, idempotencyKey: `payout_${p.id}` });
      await deps.db.transaction(async (tx) => {
        if (!(await markPayoutSent(tx, p.id, id)) || !deps.mail) return;
        const projects = await projectsOfPayout(tx, p.contractorId, p.ledgerTransactionId);
        const bank = `${account.bank} •••• ${account.last4}`;
        await queueReceipt(tx, deps.mail, p.contractorId, null, id, { kind: 'payout', amountMinor: p.amountMinor, currency: p.currency, bank, projects });
        // And on the outside channels the contractor chose (decision 038), once per payout.
        const m = tp.receipts.payout;
        await deps.mail.notifications?.queue(tx, {
          userId: p.contractorId,
          type: 'payoutSent',
          body: `${m.title}. ${m.amount(formatAmount(p.amountMinor, p.currency))}`,
          url: `${deps.mail.appUrl}/profile/pagos`,
          // WhatsApp's payoutSent template: the amount, the link.
          templateParams: [formatAmount(p.amountMinor, p.currency), `${deps.mail.appUrl}/profile/pagos`],
          sourceKey: `payout:${p.id}`,
        });
      });
      sent++;
    } catch (err) {
      deps.log.warn({ payoutId: p.id, err }, 'payout failed; retried on the next run');
    }
  }
  if (sent > 0) deps.mail?.mailer.kick();
  return sent;
}

/** The daily payout run starts after this hour in the Dominican Republic (after the night's automatic approvals). */
export const PAYOUT_HOUR = 9;
/** The Dominican Republic keeps UTC−4 all year (no daylight saving time). */
const DR_UTC_OFFSET = '-04:00';

/**
 * Today's payout run, once per day in the Dominican Republic whatever restarts or how many
 * instances run: the run happens inside a transaction holding an advisory lock (another instance
 * skips), and that transaction records the day in `payout_runs` when the run has finished. A crash
 * half-way rolls the record back and the next sweep runs again, which `runPayouts` makes harmless.
 * Returns the day and the payouts sent, or null when it was not due or already done.
 */
export async function runDailyPayouts(deps: PayoutsDeps, now = new Date()): Promise<{ day: string; sent: number } | null> {
  const day = todayIn('DO', now);
  if (now < new Date(`${day}T${String(PAYOUT_HOUR).padStart(2, '0')}:00:00${DR_UTC_OFFSET}`)) return null;
  if (await payoutRunDone(deps.db, day)) return null;
  return deps.db.transaction(async (tx) => {
    if (!(await tryLockDailyPayouts(tx))) return null;
    if (await payoutRunDone(tx, day)) return null;
    const sent = await runPayouts(deps);
    await recordPayoutRun(tx, day, sent);
    return { day, sent };
  });
}
