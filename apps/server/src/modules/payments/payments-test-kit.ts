import { afterAll, beforeAll } from 'vitest';
import { captureLog, createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

// What the payments' route test files share (payments-cards: the sandbox processor and saved
// cards; payments-funding: paying a hire; payments-receipts: 'Mis pagos' and the receipts;
// payments-release: approval, claims, refunds and ledger:check; payout-runs: paying contractors
// out): the app, with its log at 'info' captured (the saved cards' test reads it), and a GET.

export const log = captureLog();
export let t: MailTestApp;

/** Registers the hooks that start and stop this file's app. */
export function setUpPaymentsApp(): void {
  beforeAll(async () => {
    t = await createTestAppWithMail({ LOG_LEVEL: 'info' }, { log });
  });
  afterAll(() => t.close());
}

export const get = (who: { headers: Record<string, string> }, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
