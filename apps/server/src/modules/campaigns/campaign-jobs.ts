import type { JobDefinition } from '../jobs/job-queue.ts';
import { runCampaignJob, type CampaignsDeps } from './campaigns.service.ts';

/**
 * The campaigns' job (decision 041): `campaign-send`, sent by "Enviar" after its commit with the
 * campaign's id (its key), and every 5 minutes without one, resuming any campaign left sending (a
 * job lost between the commit and its send, a fan-out cut short). Idempotent: nobody is mailed twice.
 */
export function campaignJobs(deps: CampaignsDeps): JobDefinition[] {
  return [{ name: 'campaign-send', cron: '*/5 * * * *', run: (data) => runCampaignJob(deps, data.campaignId) }];
}
