import { expect, request, type Page } from '@playwright/test';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { formatMoment } from '../src/lib/format.ts';
import { API_HEADERS } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { testWithOwnServer, type AppServer } from './support/fixtures.ts';
import { hiredProject } from './support/hired-project.ts';

// Paying by bank transfer, in a phone's browser (issue 47): the client of a hired project chooses
// "Transferencia bancaria", gets ArreglaYa's account and her reference at 360 px with no sideways
// scroll (axe passes), copies the reference, and finds the same instructions after a reload. The
// bank's statement feed (this server's STATEMENT_FEED_TOKEN) then brings part of the money, which
// the page shows as received and missing, then the rest, and the money is held.

const FEED_TOKEN = 'e2e-statement-feed-token-0123456789abcdef';
let server: AppServer;
const test = testWithOwnServer({ STATEMENT_FEED_TOKEN: FEED_TOKEN });
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

const o = t.offline;
const ZONE = 'America/Santo_Domingo';

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

let line = 0;
/** One credit on ArreglaYa's account as the bank's feed sends it (no session of anyone's), quoting `reference` in its description. */
async function bankCredit(reference: string, amountMinor: number): Promise<void> {
  const bank = await request.newContext({ baseURL: server.baseURL });
  const answer = await bank.post('/api/bank/statement-lines', {
    headers: { authorization: `Bearer ${FEED_TOKEN}` },
    data: {
      lines: [
        {
          bankTxId: `E2E-${Date.now()}-${++line}`,
          bookedOn: new Date().toISOString().slice(0, 10),
          amount: (amountMinor / 100).toFixed(2),
          currency: 'DOP',
          direction: 'credit',
          description: `TRANSF ${reference} YOLANDA PEREZ`,
          payerName: 'Yolanda Pérez',
        },
      ],
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await bank.dispose();
}

test('a client pays by transfer on her phone: the instructions at 360 px, after a reload, then in part, then held', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { client, projectId } = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Calentador de agua',
    description: 'El calentador no enciende.',
    priceMinor: 410_000,
    offer: 'Cambio del termostato.',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
  await page.setViewportSize({ width: 360, height: 740 });
  expect((await page.request.post('/api/auth/sign-in', { data: { email: client.email, password: client.password }, headers: API_HEADERS })).status()).toBe(200);
  await page.goto(`/proyectos/${projectId}`);

  // The choice of how to pay, then one tap for the reference.
  const pay = page.getByRole('region', { name: t.fund.title });
  await pay.getByRole('radio', { name: o.rails.transfer.label }).check();
  await pay.getByRole('button', { name: o.generateTransfer('RD$4,100.00') }).click();

  await expect(page.getByTestId('message-box')).toContainText(tp.fund.transferOpened);
  const panel = pay.getByTestId('pending-payment');
  await expect(panel.getByRole('heading', { name: o.transferTitle })).toBeFocused();
  const referenceText = panel.getByTestId('transfer-reference');
  await expect(referenceText).toHaveText(/^AY-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
  const reference = (await referenceText.textContent())!;
  const money = ((await (await page.request.get(`/api/projects/${projectId}`)).json()) as ProjectDetail).money!;
  expect(money.pending?.transfer?.reference).toBe(reference);
  await expect(panel).toContainText(o.notHeld);
  await expect(panel).toContainText('RD$4,100.00');
  await expect(panel).toContainText(o.referenceHint);
  await expect(panel.getByRole('definition').first()).toHaveText(money.pending!.transfer!.bank);
  await expect(panel).toContainText(o.dueTransfer(formatMoment(money.pending!.expiresAt, 'es-DO', true, ZONE)));
  await expect(panel.getByRole('button', { name: o.otherWay })).toBeVisible();
  await noHorizontalScroll(page);
  await expectNoSeriousAxe(page, '/proyectos/:id transfer open 360px');

  // Copy: the clipboard holds the reference as shown, and the page says so.
  await panel.getByRole('button', { name: o.copyLabel(o.reference) }).click();
  await expect(panel.getByRole('status').filter({ hasText: o.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

  // A reload reads the same instructions back from the project.
  await page.reload();
  await expect(panel.getByTestId('transfer-reference')).toHaveText(reference);
  await expect(pay.getByRole('group', { name: o.choice })).toHaveCount(0);
  await noHorizontalScroll(page);

  // Part of the money arrives: what arrived and what is missing; nothing held, no cancelling.
  await bankCredit(reference, 200_000);
  await page.reload();
  await expect(panel).toContainText(o.partial('RD$2,000.00', 'RD$4,100.00', 'RD$2,100.00'));
  await expect(panel).toContainText(o.notHeld);
  await expect(panel.getByRole('button', { name: o.otherWay })).toHaveCount(0);
  await noHorizontalScroll(page);
  await expectNoSeriousAxe(page, '/proyectos/:id transfer in part 360px');

  // The rest: the money is held, the instructions are gone.
  await bankCredit(reference, 210_000);
  await page.reload();
  await expect(page.getByTestId('money-state')).toHaveText(t.state.heldClient('RD$4,100.00'));
  await expect(page.getByTestId('pending-payment')).toHaveCount(0);
});
