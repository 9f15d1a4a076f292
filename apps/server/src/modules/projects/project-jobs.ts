import type { JobDefinition } from '../jobs/job-queue.ts';
import { jobTime } from '../jobs/job-queue.ts';
import { refreshContractorTrust } from '../../db/contractor-trust.ts';
import { sendDailyDigest } from './project-digest.ts';
import { sendProjectAlerts } from './project-alerts.ts';
import { autoApproveDelivered } from './project-progress.service.ts';
import { lapseUnpaidHires } from './hire-end.service.ts';
import type { MoneyHooks } from './project-deps.ts';
import type { QuotesDeps } from './quotes.service.ts';
import { expireQuotes } from './quote-expiry.ts';

/**
 * The projects' scheduled work, as jobs of the queue (decision 035; what each does: decision 020):
 * open quotes past their date expire, hires unpaid for HIRE_PAYMENT_HOURS lapse (the project
 * reopens), delivered work unanswered for 7 days is approved, and after 7:00 in the Dominican
 * Republic the day's digest goes to the contractors who have not had it. Each is idempotent
 * (conditional updates on rows taken FOR UPDATE SKIP LOCKED, a row per contractor and day for the
 * digest): a second run, on any instance, changes nothing. Each returns how many it handled.
 */
export function projectJobs(deps: QuotesDeps & { money?: MoneyHooks }): JobDefinition[] {
  return [
    { name: 'quotes-expire', cron: '* * * * *', run: (data) => expireQuotes(deps, jobTime(data)) },
    { name: 'hires-lapse', cron: '* * * * *', run: (data) => lapseUnpaidHires(deps, jobTime(data)) },
    { name: 'deliveries-auto-approve', cron: '* * * * *', run: (data) => autoApproveDelivered(deps, jobTime(data)) },
    { name: 'digest-daily', cron: '*/5 * * * *', run: (data) => sendDailyDigest(deps, jobTime(data)) },
    // Sent by the publishing request after its commit, one per project (its id is the job's key): decision 036.
    { name: 'project-alerts', run: (data) => sendProjectAlerts(deps, data.projectId) },
    // Every contractor's trust data, set-based (decision 043): response times move with time, not only with events.
    { name: 'contractor-trust', cron: '*/15 * * * *', run: (data) => refreshContractorTrust(deps.db, undefined, jobTime(data)) },
  ];
}
