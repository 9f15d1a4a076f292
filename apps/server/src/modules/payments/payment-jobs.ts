import { flushRefunds, reconcile, type PaymentsDeps } from './payments.service.ts';
import { runDailyPayouts, type PayoutsDeps } from './payouts.service.ts';

/**
 * Payment protection's scheduled work, every minute in each instance (no job runner yet, as the
 * projects' sweeps): decided refunds go to the processor, and payments the processor left
 * unanswered are reconciled, and after 9:00 in the Dominican Republic the day's payout run happens
 * once (a row per day in payout_runs, decision 021). All are safe in several instances at once: every processor call
 * carries the idempotency key of its record, and settling a payment is done once under its lock.
 * `kick()` sends decided refunds at once (after a decision commits).
 */
export function startPaymentJobs(deps: PaymentsDeps, payouts: PayoutsDeps, intervalMs = 60_000): { kick(): void; stop(): void } {
  let running: Promise<unknown> | null = null;
  const refunds = () => flushRefunds(deps).catch((err: unknown) => deps.log.warn({ err }, 'refund sweep failed'));
  const timer = setInterval(() => {
    if (running) return;
    running = refunds()
      .then(() => reconcile(deps))
      .then((report) => {
        if (report.differences.length > 0) deps.log.warn({ differences: report.differences }, 'reconciliation found differences with the processor');
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'reconciliation failed'))
      .then(() => runDailyPayouts(payouts))
      .catch((err: unknown) => deps.log.warn({ err }, 'daily payout run failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    kick: () => void refunds(),
    stop: () => clearInterval(timer),
  };
}
