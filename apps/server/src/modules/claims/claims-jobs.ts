import type { Db } from '../../db/client.ts';
import { jobTime, type JobDefinition } from '../jobs/job-queue.ts';
import { runClaimDeadlines } from './claims.service.ts';

/** The guarantee's deadlines (decision 054), every minute: unanswered claims escalated, late decisions alerted. Idempotent. */
export function claimsJobs(db: Db): JobDefinition[] {
  return [{ name: 'claims-deadlines', cron: '* * * * *', run: (data) => runClaimDeadlines(db, jobTime(data)) }];
}
