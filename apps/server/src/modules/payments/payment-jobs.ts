import type { JobDefinition } from '../jobs/job-queue.ts';
import { jobTime } from '../jobs/job-queue.ts';
import { flushRefunds, reconcile, type PaymentsDeps } from './payments.service.ts';
import { runDailyPayouts, type PayoutsDeps } from './payouts.service.ts';
import { expireDuePayments } from './payment-expiry.ts';
import { releaseDueHoldbacks } from './warranty.service.ts';

/**
 * Payment protection's scheduled work, as jobs of the queue (decision 035; what each does:
 * decision 021): decided refunds go to the processor (also sent at once after a decision
 * commits), payments the processor left unanswered are reconciled, and after 9:00 in the
 * Dominican Republic the day's payout run happens once (a row per day in payout_runs). All are
 * idempotent: every processor call carries the idempotency key of its record, and settling a
 * payment is done once under its lock.
 */
export function paymentJobs(deps: PaymentsDeps, payouts: PayoutsDeps): JobDefinition[] {
  return [
    { name: 'payments-refunds', cron: '* * * * *', run: () => flushRefunds(deps) },
    {
      name: 'payments-reconcile',
      cron: '* * * * *',
      run: async () => {
        const report = await reconcile(deps);
        if (report.differences.length > 0) deps.log.warn({ differences: report.differences }, 'reconciliation found differences with the processor');
        return { settled: report.settled.length, notCharged: report.notCharged.length, differences: report.differences.length };
      },
    },
    // Nothing pending holds a hire forever (decision 051): open challenges, vouchers and transfer references past their time expire.
    { name: 'payments-expiry', cron: '* * * * *', run: (data) => expireDuePayments(deps, deps.actionMinutes, jobTime(data)) },
    { name: 'payouts-daily', cron: '*/5 * * * *', run: async (data) => (await runDailyPayouts(payouts, jobTime(data))) ?? null },
    // Warranty holdbacks past their window go to the contractor unless a claim is open (decision 055).
    { name: 'warranty-holdbacks', cron: '*/5 * * * *', run: (data) => releaseDueHoldbacks(deps, jobTime(data)) },
  ];
}
