import { expect, type Browser, type Page } from '@playwright/test';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { formatMoney } from '@arreglaya/shared/format-money';
import { auth } from '@arreglaya/shared/i18n/auth';
import { dlocalSandboxPages as standIn } from '@arreglaya/shared/i18n/dlocal-sandbox';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { landing } from '@arreglaya/shared/i18n/landing';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { places } from '@arreglaya/shared/i18n/places';
import { profile as tprofile } from '@arreglaya/shared/i18n/profile';
import { projects as tproj, projectsWeb as tpw, quotes as tq } from '@arreglaya/shared/i18n/projects';
import { offerForm, offerPanel } from '@arreglaya/shared/i18n/quotes-web';
import { shell } from '@arreglaya/shared/i18n/shell';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import { createConfirmedAccount, fillSignUp, newAccount, readCode, signIn, type TestAccount } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { dayFromToday } from './support/dates.ts';
import { testWithOwnServer, waitForAppOnNavigation, watchPageErrors, type AppServer } from './support/fixtures.ts';
import { fillOfferTerms } from './support/offer-terms.ts';

// Issue 51's "done when": the whole story in Medellín and in Ciudad de México, at 360 px, through
// the pages: a contractor signs up choosing the country, saves his profile with the country's
// document and a base in its city; a client there posts a project and finds him by searching
// "plomero"; he offers in the country's currency, she accepts and pays by the country's method
// through dLocal's stand-in (PSE's bank site, an OXXO voucher paid at the counter); he delivers,
// she approves, and he sends his balance to a bank of his country. Decisions 065, 066 and 067.

let server: AppServer;
const test = testWithOwnServer();
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});
// The stand-in's pages (dLocal's, not ours) have no icon, so Chromium's /favicon.ico is a 404.
test.use({ viewport: { width: 360, height: 740 }, allowedErrors: [/\/favicon\.ico: .*status of 404/] });

interface Story {
  country: 'CO' | 'MX';
  countryName: string;
  city: { key: string; name: string };
  base: { slug: string; name: string };
  clientPlace: { slug: string; name: string };
  phone: string;
  document: { label: string; number: string };
  currency: 'COP' | 'MXN';
  priceTyped: string;
  priceMinor: number;
  pay: 'pse' | 'oxxo';
  payer: { label: string; number: string };
  bank: { name: string; accountLabel: string; account: string; documentType: string; document: string };
}

const STORIES: Story[] = [
  {
    country: 'CO',
    countryName: 'Colombia',
    city: { key: 'medellin', name: 'Medellín' },
    base: { slug: 'laureles', name: 'Laureles' },
    clientPlace: { slug: 'el-poblado', name: 'El Poblado' },
    phone: '301 234 5678',
    document: { label: idDocuments.co_cc.label, number: '1.020.304.050' },
    currency: 'COP',
    priceTyped: '4000000',
    priceMinor: 400_000_000,
    pay: 'pse',
    payer: { label: idDocuments.co_cc.label, number: '43.123.456' },
    bank: { name: 'Bancolombia', accountLabel: t.balance.accountNumber, account: '12345678901', documentType: 'cc', document: '1020304050' },
  },
  {
    country: 'MX',
    countryName: 'México',
    city: { key: 'ciudad-de-mexico', name: 'Ciudad de México' },
    base: { slug: 'narvarte', name: 'Narvarte' },
    clientPlace: { slug: 'roma-norte', name: 'Roma Norte' },
    phone: '55 1234 5678',
    document: { label: idDocuments.mx_curp.label, number: 'GOMA850312HDFRRN09' },
    currency: 'MXN',
    priceTyped: '4000',
    priceMinor: 400_000,
    pay: 'oxxo',
    payer: { label: idDocuments.mx_curp.label, number: 'BOXW310820HNERXN09' },
    bank: { name: 'BBVA México', accountLabel: t.balance.clabe, account: '012180001234567899', documentType: 'curp', document: 'GOMA850312HDFRRN09' },
  },
];

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** A control of the page's main part by its label (the footer has its own 'País'). */
const field = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('input, select, textarea')
    .and(page.getByLabel(label, { exact: true }));

/** A phone's browser of its own (its own cookies) for the second person, failing on its page errors too. */
async function phone(browser: Browser, baseURL: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = waitForAppOnNavigation(await context.newPage());
  const errors = watchPageErrors(page, [/\/favicon\.ico: .*status of 404/]);
  return { page, errors, close: () => context.close() };
}

/** The footer's country picker, as a visitor from there does first. */
async function chooseCountry(page: Page, name: string): Promise<void> {
  await page.getByRole('contentinfo').getByLabel('País').selectOption({ label: name });
}

/** Signs up through the navbar's "Regístrate" (a contractor) and confirms with the mailed code. */
async function signUpContractor(page: Page, account: TestAccount): Promise<void> {
  // On a phone the navbar is folded under its menu button.
  await page.getByRole('button', { name: shell.nav.openMenu }).click();
  await page.getByRole('navigation', { name: shell.nav.label }).getByRole('link', { name: 'Regístrate' }).click();
  const since = server.mailbox.messages.length;
  const dialog = await fillSignUp(page, account, { chooseRole: false });
  await dialog.getByRole('button', { name: auth.signUp.submit }).click();
  const confirm = page.getByRole('dialog', { name: auth.confirmEmail.title });
  await confirm.getByLabel(auth.confirmEmail.code).fill(await readCode(server.mailbox, account.email, auth.mail.signUpSubject, since));
  await confirm.getByRole('button', { name: auth.confirmEmail.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/contractor\/profile$/);
}

for (const s of STORIES) {
  test(`${s.city.name}: sign-up, profile with ${s.document.label}, found by "plomero", offer in ${s.currency}, paid by ${s.pay.toUpperCase()}, delivered, approved, paid out`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(100_000);
    const price = formatMoney(s.priceMinor, s.currency);
    const contractor = { ...newAccount('contractor'), firstName: s.country === 'CO' ? 'Jhon' : 'Jorge', lastName: s.country === 'CO' ? 'Restrepo' : 'Ramírez' };
    const name = `${contractor.firstName} ${contractor.lastName}`;

    // 1. He signs up from his phone, Colombia or Mexico chosen in the footer.
    await page.goto('/');
    await chooseCountry(page, s.countryName);
    await signUpContractor(page, contractor);

    // 2. His profile: the country's document, a phone of the country, a base in the city ("Barrio" / "Colonia").
    await field(page, tprofile.fields.country).selectOption(s.country);
    await expect(field(page, s.document.label)).toBeVisible();
    await field(page, s.document.label).fill(s.document.number);
    await field(page, tprofile.fields.phone).fill(s.phone);
    await field(page, tprofile.fields.companyName).fill(`${contractor.lastName} Plomería`);
    await page.getByRole('checkbox', { name: SERVICE_LABELS.plomeria }).check();
    await field(page, tprofile.fields.street).fill('Calle 10 # 43-20');
    await field(page, tprofile.fields.city).selectOption(s.city.key);
    await field(page, places.field.byCountry[s.country].baseSector).selectOption(s.base.slug);
    await field(page, tprofile.fields.description).fill(`Plomería residencial en ${s.city.name}: fugas, calentadores y baños completos.`);
    await noSideways(page);
    await page.getByRole('button', { name: tprofile.actions.saveContractor, exact: true }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /guardad|actualizad/i })
        .first(),
    ).toBeVisible();

    // 3. A client there (her account is not the story) posts her project from the phone.
    const client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
    const her = await phone(browser, server.baseURL);
    const cp = her.page;
    await cp.goto('/');
    await chooseCountry(cp, s.countryName);
    await signIn(cp, client);
    await cp.goto('/nuevoproyecto');
    const main = cp.getByRole('main');
    await main.getByRole('checkbox', { name: SERVICE_LABELS.plomeria }).check();
    await main.getByLabel(tpw.form.title, { exact: true }).fill('Fuga debajo del lavaplatos');
    await main.getByLabel(tpw.form.propertyType, { exact: true }).selectOption('apartamento');
    await main.getByLabel(tpw.form.description, { exact: true }).fill('Gotea el sifón del lavaplatos desde ayer.');
    await main.getByLabel(tpw.form.startDate, { exact: true }).fill(dayFromToday(2));
    await main.getByLabel(tpw.form.city, { exact: true }).selectOption(s.city.key);
    await main.getByLabel(places.field.byCountry[s.country].projectSector, { exact: true }).selectOption(s.clientPlace.slug);
    await main.getByLabel(tpw.form.street, { exact: true }).fill('Carrera 43A # 1-50');
    await noSideways(cp);
    await main.getByRole('button', { name: tpw.form.save }).click();
    await expect(cp).toHaveURL(/\/proyectos\/[0-9a-f-]{36}$/);
    const projectId = new URL(cp.url()).pathname.split('/').pop()!;

    // 4. She searches "plomero" and finds him.
    await cp.goto('/');
    const search = cp.getByRole('searchbox', { name: landing.searchLabel });
    await search.fill('plomero');
    await search.press('Enter');
    await expect(cp).toHaveURL(/\/busqueda\?q=plomero/);
    await expect(cp.getByRole('main').getByRole('article', { name })).toBeVisible();
    await noSideways(cp);

    // 5. He offers in his country's currency, shown as his country writes it.
    await page.goto(`/proyectos/${projectId}`);
    const panel = page.getByRole('region', { name: offerPanel.title });
    await panel.getByRole('button', { name: offerPanel.make }).click();
    const dialog = page.getByRole('dialog', { name: offerForm.title });
    await dialog.getByLabel(offerForm.priceLabel(s.currency)).fill(s.priceTyped);
    await dialog.getByLabel(offerForm.description).fill('Cambio del sifón y los empaques, con materiales.');
    await fillOfferTerms(dialog, { startDate: todayIn(s.country), durationDays: 1, warrantyDays: 90, materialsIncluded: true });
    await dialog.getByRole('button', { name: offerForm.submit }).click();
    await expect(page.getByTestId('message-box')).toContainText(tq.sent);
    await expect(panel.getByText(price, { exact: false })).toBeVisible();

    // 6. She accepts it and pays by the country's method through dLocal's stand-in.
    await cp.goto(`/proyectos/${projectId}`);
    const card = cp.getByRole('main').getByRole('list', { name: tpw.offers.listLabel }).getByRole('article');
    await expect(card).toContainText(price);
    await card.getByRole('button', { name: `${tpw.offers.accept}: ${name}` }).click();
    await cp.getByRole('alertdialog').getByRole('button', { name: tpw.offers.accept }).click();
    const pay = cp.getByRole('region', { name: t.fund.title });
    await pay.getByRole('group', { name: t.offline.choice }).getByRole('radio', { name: t.offline.methods[s.pay].label }).check();
    await pay.getByLabel(s.payer.label, { exact: true }).fill(s.payer.number);
    await noSideways(cp);
    await expectNoSeriousAxe(cp, `/proyectos/:id ${s.pay} 360px`);
    if (s.pay === 'pse') {
      await pay.getByRole('button', { name: t.offline.goToBankAmount(price) }).click();
      await cp.waitForURL(/\/dlocal-sandbox\/tickets\//);
      await cp.getByRole('button', { name: standIn.ticket.pay }).click();
      await expect(cp.getByRole('status')).toHaveText(standIn.ticket.paid);
      await cp.getByRole('button', { name: standIn.back }).click();
      await cp.waitForURL(new RegExp(`/proyectos/${projectId}$`));
    } else {
      await pay.getByRole('button', { name: t.offline.generateCash(price) }).click();
      const voucher = pay.getByTestId('pending-payment');
      await expect(voucher).toContainText(price);
      const ticketUrl = (await voucher.getByRole('link', { name: t.offline.voucherPage }).getAttribute('href'))!;
      const counter = await her.page.context().newPage();
      await counter.goto(ticketUrl);
      await counter.getByRole('button', { name: standIn.ticket.pay }).click();
      await expect(counter.getByRole('status')).toHaveText(standIn.ticket.paid);
      await counter.close();
    }
    // dLocal's signed notification (the stand-in's delivery job) holds the money.
    await expect(async () => {
      await cp.reload();
      await expect(cp.getByTestId('money-state')).toHaveText(t.state.heldClient(price), { timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // 7. He starts and delivers from his project page.
    await page.reload();
    const job = page.getByRole('region', { name: offerPanel.jobTitle });
    await job.getByRole('button', { name: offerPanel.start }).click();
    await expect(page.getByTestId('message-box')).toContainText(tproj.statusChanged.in_progress);
    await job.getByLabel(offerPanel.deliveryNote).fill('Sifón nuevo, probado sin fugas.');
    await job.getByRole('button', { name: offerPanel.deliver }).click();
    await expect(page.getByTestId('message-box')).toContainText(tproj.statusChanged.delivered);

    // 8. She approves: the money is released to him.
    await cp.reload();
    await cp.getByRole('main').getByRole('button', { name: tpw.after.approve }).click();
    await cp.getByRole('alertdialog').getByRole('button', { name: tpw.after.approve }).click();
    await expect(
      cp
        .getByRole('main')
        .getByText(/^Estado: \S/)
        .first(),
    ).toHaveText(`${tpw.page.status}: Completado`);
    expect(her.errors).toEqual([]);
    await her.close();

    // 9. He sends his balance, in his currency, to a bank of his country.
    const net = formatMoney(s.priceMinor * 0.9, s.currency);
    await page.goto('/profile/pagos');
    await expect(page.getByText(t.balance.available, { exact: true }).locator('..')).toContainText(net);
    await page.getByLabel(t.balance.bank).selectOption({ label: s.bank.name });
    await page.getByLabel(t.balance.accountType).selectOption(s.country === 'CO' ? 'ahorros' : 'corriente');
    await page.getByLabel(s.bank.accountLabel).fill(s.bank.account);
    await page.getByLabel(t.balance.holderName, { exact: true }).fill(name);
    await page.getByLabel(t.balance.documentType).selectOption(s.bank.documentType);
    await page.getByLabel(t.balance.documentNumber).fill(s.bank.document);
    await page.getByRole('button', { name: t.balance.saveAccount }).click();
    await expect(page.getByTestId('message-box')).toContainText(tp.payout.accountSaved);
    await page.getByRole('button', { name: t.balance.withdraw(net) }).click();
    await expect(page.getByTestId('message-box')).toContainText(tp.payout.withdrawSent(net));
    await noSideways(page);
    await expectNoSeriousAxe(page, `/profile/pagos ${s.currency} 360px`);
  });
}
