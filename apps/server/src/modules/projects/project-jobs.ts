import { sendDailyDigest } from './project-digest.ts';
import { autoApproveDelivered, lapseUnpaidHires, type MoneyHooks } from './projects.service.ts';
import { expireQuotes, type QuotesDeps } from './quotes.service.ts';

/**
 * The projects' scheduled work, every minute in each instance (no job runner yet; decision 020):
 * open quotes past their date expire, hires unpaid for HIRE_PAYMENT_HOURS lapse (the project reopens),
 * delivered work unanswered for 7 days is approved, and after 7:00 in the Dominican Republic the day's digest
 * goes to the contractors who have not had it. Both are safe to run in several instances at once
 * and to repeat after a restart.
 */
export function startProjectJobs(deps: QuotesDeps & { log: { warn(obj: object, msg: string): void }; money?: MoneyHooks }, intervalMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireQuotes(deps)
      .catch((err: unknown) => deps.log.warn({ err }, 'quote expiry sweep failed'))
      .then(() => lapseUnpaidHires(deps))
      .catch((err: unknown) => deps.log.warn({ err }, 'unpaid hire lapse sweep failed'))
      .then(() => autoApproveDelivered(deps))
      .catch((err: unknown) => deps.log.warn({ err }, 'automatic approval failed'))
      .then(() => sendDailyDigest(deps))
      .catch((err: unknown) => deps.log.warn({ err }, 'daily digest failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
