import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { DlocalClient, fetchDlocalTransport } from './dlocal-client.ts';
import type { DlocalCredentials } from './dlocal-signature.ts';
import { DlocalSandbox } from './sandbox/dlocal-sandbox.ts';
import { DLOCAL_SANDBOX_PREFIX } from './sandbox/sandbox-core.ts';
import { dlocalSandboxRoutes, dlocalSandboxTransport, injectTransport, notificationTransport } from './sandbox/dlocal-sandbox.routes.ts';
import { dlocalSandboxJobs } from './sandbox/notification-delivery.ts';

/**
 * dLocal for this server (decision 051): its client, and with DLOCAL_API_URL=sandbox (the default
 * outside production) the built-in stand-in mounted under /dlocal-sandbox, called in-process with
 * the same HTTP contract, its ticket expiry and notification delivery run by the job queue.
 */
export async function mountDlocal(
  app: FastifyInstance,
  db: Db,
  config: { dlocalApiUrl: string | null; appUrl: string; DLOCAL_LOGIN?: string; DLOCAL_TRANS_KEY?: string; DLOCAL_SECRET_KEY?: string },
  jobs: JobQueue,
): Promise<{ client: DlocalClient; credentials: DlocalCredentials; sandbox: DlocalSandbox | null }> {
  if (config.dlocalApiUrl === 'sandbox') {
    const sandbox = new DlocalSandbox(db, { publicUrl: `${config.appUrl}${DLOCAL_SANDBOX_PREFIX}` });
    const deliverNow = () => void jobs.send('dlocal-sandbox-notifications').catch((err: unknown) => app.log.warn({ err }, 'dLocal stand-in: delivery not woken'));
    await app.register(dlocalSandboxRoutes(sandbox, deliverNow));
    jobs.define(...dlocalSandboxJobs(sandbox.deliveryDeps(notificationTransport(config.appUrl, injectTransport(app), fetchDlocalTransport()), app.log)));
    const client = new DlocalClient({
      baseUrl: `${config.appUrl}${DLOCAL_SANDBOX_PREFIX}`,
      credentials: sandbox.credentials,
      transport: dlocalSandboxTransport(app, sandbox),
      log: app.log,
    });
    return { client, credentials: sandbox.credentials, sandbox };
  }
  const credentials = { login: config.DLOCAL_LOGIN!, transKey: config.DLOCAL_TRANS_KEY!, secretKey: config.DLOCAL_SECRET_KEY! };
  return { client: new DlocalClient({ baseUrl: config.dlocalApiUrl!, credentials, transport: fetchDlocalTransport(), log: app.log }), credentials, sandbox: null };
}
