import { fillOfferTerms } from './support/offer-terms.ts';
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import type { Email } from 'postal-mime';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { projectMail as tm, projects as tp, projectsWeb as t, quotes as tq } from '@arreglaya/shared/i18n/projects';
import { payments, paymentsWeb } from '@arreglaya/shared/i18n/payments';
import { offerForm, offerPanel, projectList } from '@arreglaya/shared/i18n/quotes-web';
import { completeContractorProfile, createConfirmedAccount, signIn, type TestAccount } from './support/accounts.ts';
import { dayFromToday } from './support/dates.ts';
import { appReady, testWithOwnServer, waitForAppOnNavigation, watchPageErrors, type AppServer, type Mailbox } from './support/fixtures.ts';

// Issue 13's "done when": a client and a contractor, each in a browser of their own, go through
// post → offer → counter-offer → accept → in progress → delivered → approved, through the pages
// only, and every mail the loop sends is read and its button followed in the receiver's browser
// (the mail's HTML opened in that browser and its link clicked). Only the two accounts and the
// contractor's profile are made through the API.

let server: AppServer;
const test = testWithOwnServer();
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

/** A spent mail link's page asks the API, which answers 404 with the Spanish reason the page shows. */
const SPENT_LINK = /\/api\/quote-links\/\S+: Failed to load resource: the server responded with a status of 404/;

interface Person {
  account: TestAccount;
  page: Page;
  errors: string[];
}

/** A browser of one's own (a fresh context), watched for console errors, signed in through the dialog. */
async function openBrowser(browser: Browser, account: TestAccount, allowedErrors: RegExp[] = []): Promise<Person> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-DO', timezoneId: 'America/Santo_Domingo' });
  const page = waitForAppOnNavigation(await context.newPage());
  const errors = watchPageErrors(page, allowedErrors);
  await signIn(page, account);
  return { account, page, errors };
}

const sentTo = (mail: Email, email: string) => (mail.to ?? []).some((to) => to.address?.toLowerCase() === email.toLowerCase());

/** The mail with `subject` to `person`, among those after the first `since` of the mailbox. */
function mailTo(mailbox: Mailbox, person: Person, subject: string, since: number): Promise<Email> {
  return mailbox.waitFor((m) => mailbox.messages.indexOf(m) >= since && sentTo(m, person.account.email) && m.subject === subject);
}

/**
 * Opens the mail in the person's browser and clicks its button `label`, as they would in their
 * mail client; resolves once the app runs the page it leads to. The plain-text part carries the
 * same link.
 */
async function followButton(person: Person, mail: Email, label: string): Promise<void> {
  const { page } = person;
  expect(mail.html, `${mail.subject ?? ''} has an HTML part`).toBeTruthy();
  // On a blank page: written over an app page, the mail would fall under the app's CSP.
  await page.goto('about:blank');
  await page.setContent(mail.html!);
  const button = page.getByRole('link', { name: label, exact: true });
  await expect(button).toHaveCount(1);
  const href = (await button.getAttribute('href'))!;
  expect(href.startsWith(`${server.baseURL}/`), href).toBe(true);
  expect(mail.text).toContain(`${label}: ${href}`);
  await button.click();
  await page.waitForURL(href);
  await appReady(page);
}

const main = (page: Page) => page.getByRole('main');
const messageBox = (page: Page) => page.getByTestId('message-box');
/** The status in the project page's header ('Estado: Abierto'; the word 'Estado' is for screen readers). */
const projectStatus = (page: Page) =>
  main(page)
    .getByText(/^Estado: \S/)
    .first();
const statusText = (label: string) => `${t.page.status}: ${label}`;

test('a client and a contractor go through the whole loop in two browsers, following every mail', async ({ browser }) => {
  test.setTimeout(240_000);
  const { mailbox } = server;
  const clientAccount = await createConfirmedAccount(server.baseURL, mailbox, 'client');
  const contractorAccount = await createConfirmedAccount(server.baseURL, mailbox, 'contractor');
  await completeContractorProfile(server.baseURL, contractorAccount);
  const contractorName = `${contractorAccount.firstName} ${contractorAccount.lastName}`;
  const clientName = `${clientAccount.firstName} ${clientAccount.lastName}`;
  const since = mailbox.messages.length;

  const client = await openBrowser(browser, clientAccount, [SPENT_LINK]);
  const contractor = await openBrowser(browser, contractorAccount);
  const title = `Calentador ${randomUUID().slice(0, 6)}`;
  const description = 'El calentador de agua gotea y hay que cambiarlo.';

  // 1. The client posts the project on /nuevoproyecto.
  {
    const page = client.page;
    await page.goto('/nuevoproyecto');
    await main(page).getByRole('checkbox', { name: SERVICE_LABELS.plomeria }).check();
    await main(page).getByLabel(t.form.title, { exact: true }).fill(title);
    await main(page).getByLabel(t.form.propertyType, { exact: true }).selectOption('casa');
    await main(page).getByLabel(t.form.description, { exact: true }).fill(description);
    await main(page).getByLabel(t.form.startDate, { exact: true }).fill(dayFromToday(5));
    await main(page).getByLabel(t.form.city, { exact: true }).selectOption('santo-domingo');
    await main(page).getByLabel(t.form.street, { exact: true }).fill('Calle 8 #25');
    await main(page).getByRole('button', { name: t.form.save }).click();
    await expect(messageBox(page)).toContainText(tp.created);
    await expect(page).toHaveURL(/\/proyectos\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(projectStatus(page)).toHaveText(statusText('Abierto'));
    await expect(main(page).getByText(t.offers.none)).toBeVisible();
  }
  const projectPath = new URL(client.page.url()).pathname;

  // 2. The contractor finds it on /projectlist, opens it and makes an offer; the client's contact data stays hidden.
  {
    const page = contractor.page;
    await page.goto('/projectlist');
    await page.getByRole('link', { name: projectList.view(title) }).click();
    await expect(page).toHaveURL(projectPath);
    await expect(projectStatus(page)).toHaveText(statusText('Abierto'));
    const panel = page.getByRole('region', { name: offerPanel.title });
    await expect(panel.getByText(offerPanel.none)).toBeVisible();
    await panel.getByRole('button', { name: offerPanel.make }).click();
    const dialog = page.getByRole('dialog', { name: offerForm.title });
    await dialog.getByLabel(offerForm.priceLabel('DOP')).fill('15,000');
    await dialog.getByLabel(offerForm.description).fill('Calentador nuevo de 40 galones con instalación.');
    await fillOfferTerms(dialog);
    await dialog.getByRole('button', { name: offerForm.submit }).click();
    await expect(messageBox(page)).toContainText(tq.sent);
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByText(offerPanel.status('Enviada'))).toBeVisible();
    await expect(panel.getByText(/15,000\.00/)).toBeVisible();
    await expect(main(page)).not.toContainText(clientAccount.email);
    await expect(main(page).getByRole('region', { name: t.page.contact })).toHaveCount(0);
    // The job's street waits for the money too (decision 049).
    await expect(main(page)).not.toContainText('Calle 8 #25');
    await expect(main(page).getByRole('region', { name: t.page.address })).toHaveCount(0);
  }

  // 3. The client gets the new-offer mail (the spec's container: price, offer, project, contractor)
  //    with its two buttons, follows the project link and counters with another price.
  const newQuoteMail = await mailTo(mailbox, client, tm.newQuote.subject, since);
  {
    const text = newQuoteMail.text ?? '';
    expect(text).toContain(tm.newQuote.intro(contractorName, title));
    expect(text).toContain(tm.price('RD$15,000.00'));
    expect(text).toContain(tm.offerDescription('Calentador nuevo de 40 galones con instalación.'));
    expect(text).toContain(tm.project(title));
    expect(text).toContain(tm.projectDescription(description));
    expect(text).toContain(tm.startDate(dayFromToday(5)));
    // The contractor by name only: contact details come with the money to begin (issue 29).
    expect(text).toContain(tm.contractorName(contractorName));
    expect(text).not.toContain(contractorAccount.email);
    for (const label of [tm.newQuote.accept, tm.newQuote.reject]) expect(newQuoteMail.html).toContain(`>${label}</a>`);

    const page = client.page;
    await followButton(client, newQuoteMail, tm.newQuote.seeAll);
    await expect(page).toHaveURL(projectPath);
    const card = main(page).getByRole('list', { name: t.offers.listLabel }).getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(contractorName);
    await expect(card).toContainText('RD$15,000.00');
    await expect(main(page).getByRole('region', { name: t.page.contact })).toHaveCount(0);
    await card.getByRole('button', { name: `${t.offers.counter}: ${contractorName}` }).click();
    const counter = page.getByRole('dialog', { name: t.offers.counterTitle });
    await counter.getByLabel(t.offers.counterPriceLabel('DOP')).fill('13,500');
    await counter.getByLabel(t.offers.counterComment).fill('¿Lo dejamos en 13,500?');
    await counter.getByRole('button', { name: t.offers.send }).click();
    await expect(messageBox(page)).toContainText(tq.countered);
    await expect(card).toContainText('RD$13,500.00');
    await expect(card).toContainText(t.offers.counterStatus.pending);
  }

  // 4. The contractor gets the counter-offer mail, follows it and accepts the counter.
  {
    const mail = await mailTo(mailbox, contractor, tm.quoteCountered.subject, since);
    expect(mail.text).toContain(tm.quoteCountered.intro(title, 'RD$13,500.00'));
    expect(mail.text).toContain(tm.quoteRejected.comment('¿Lo dejamos en 13,500?'));
    const page = contractor.page;
    await followButton(contractor, mail, tm.open);
    await expect(page).toHaveURL(projectPath);
    const panel = page.getByRole('region', { name: offerPanel.title });
    await expect(panel.getByText(/El cliente propone RD\$13,500\.00/)).toBeVisible();
    await expect(panel.getByText(offerPanel.counterComment('¿Lo dejamos en 13,500?'))).toBeVisible();
    await panel.getByRole('button', { name: offerPanel.counterAccept }).click();
    await expect(messageBox(page)).toContainText(tq.counterAccepted);
    await expect(panel.getByText(offerPanel.agreedPrice)).toBeVisible();
    await expect(panel.getByRole('button', { name: offerPanel.counterAccept })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: offerPanel.counterDecline })).toHaveCount(0);
  }

  // 5. The client is told the answer, follows it, and sees the agreed price.
  {
    const mail = await mailTo(mailbox, client, tm.counterAnswered.subject, since);
    expect(mail.text).toContain(tm.counterAnswered.accepted(contractorName, 'RD$13,500.00', title));
    const page = client.page;
    await followButton(client, mail, tm.open);
    const card = main(page).getByRole('list', { name: t.offers.listLabel }).getByRole('article');
    await expect(card).toContainText(t.offers.counterStatus.accepted);
    await expect(card).toContainText(t.offers.agreedPrice);
    await expect(card.getByRole('button', { name: `${t.offers.accept}: ${contractorName}` })).toBeVisible();
  }

  // 6. The client accepts through the first mail's 'Aprobar oferta' button: a counter-offer does not
  //    spend the mail's links (decision 020: only a decision, withdrawal or expiry does). The page
  //    shows the agreed price, the one the client hires at.
  {
    const page = client.page;
    await followButton(client, newQuoteMail, tm.newQuote.accept);
    await expect(page.getByRole('heading', { level: 1, name: t.link.title })).toBeVisible();
    await expect(main(page)).toContainText(t.link.project(title));
    await expect(main(page).getByText(tq.linkConfirmAccept)).toBeVisible();
    await expect(main(page)).toContainText(`${t.offers.agreedPrice}: RD$13,500.00`);
    await main(page).getByRole('button', { name: t.link.accept }).click();
    await expect(main(page).getByRole('status').filter({ hasText: tq.accepted })).toBeVisible();
    await main(page).getByRole('link', { name: t.link.seeProject }).click();
    await expect(page).toHaveURL(projectPath);
    await expect(projectStatus(page)).toHaveText(statusText('Asignado'));
    // Hired, not paid yet: the contact details wait for the money (issue 29).
    const contact = main(page).getByRole('region', { name: t.page.contact });
    await expect(contact).toContainText(t.page.contactAfterPayment);
    await expect(contact).not.toContainText(contractorAccount.email);
    const card = main(page).getByRole('list', { name: t.offers.listLabel }).getByRole('article');
    await expect(card).toContainText('Aceptada');
    await expect(card.getByRole('button')).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: t.after.approve })).toHaveCount(0);

    // The same mail's other button is spent now: its page says so.
    await followButton(client, newQuoteMail, tm.newQuote.reject);
    await expect(main(page).getByRole('alert')).toHaveText(tq.linkInvalid);
    await expect(main(page).getByRole('button', { name: t.link.reject })).toHaveCount(0);
  }

  // 7. The client's copy of the hire asks for the payment (no contact data yet); the client follows
  //    it and pays on the project page, whose pay step comes first.
  {
    const mail = await mailTo(mailbox, client, tm.projectAssigned.subject, since);
    expect(mail.text).toContain(tm.projectAssigned.intro(title, contractorName));
    expect(mail.text).toContain(tm.price('RD$13,500.00'));
    expect(mail.text).not.toContain(contractorAccount.email);
    const page = client.page;
    await followButton(client, mail, tm.open);
    await expect(projectStatus(page)).toHaveText(statusText('Asignado'));
    const pay = main(page).getByRole('region', { name: paymentsWeb.fund.title });
    await pay.getByLabel(paymentsWeb.cardForm.number).fill('4242 4242 4242 4242');
    await pay.getByLabel(paymentsWeb.cardForm.expiry).fill(`12${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`);
    await pay.getByLabel(paymentsWeb.cardForm.cvc).fill('123');
    await pay.getByLabel(paymentsWeb.cardForm.postalCode).fill('10101');
    await pay.getByLabel(paymentsWeb.cardForm.country).selectOption('DO');
    await pay.getByRole('button', { name: paymentsWeb.fund.pay }).click();
    await expect(messageBox(page)).toContainText(payments.fund.funded);
    await expect(main(page).getByRole('region', { name: t.page.contact })).toContainText(contractorAccount.email);
    // By mail too: the receipt, and the contractor's contact data now that the money is held.
    const receipt = await mailTo(mailbox, client, payments.receipts.charge.subject, since);
    expect(receipt.text).toContain(payments.receipts.charge.intro(title));
    const shared = await mailTo(mailbox, client, tm.contactShared.subject, since);
    expect(shared.text).toContain(contractorAccount.email);
  }

  // 8. The contractor gets the accepted mail (wait for the payment), then the contact mail once it
  //    is held, with the client's contact data; starts and delivers.
  {
    const mail = await mailTo(mailbox, contractor, tm.quoteAccepted.subject, since);
    expect(mail.text).toContain(tm.quoteAccepted.intro(title));
    expect(mail.text).toContain(tm.price('RD$13,500.00'));
    expect(mail.text).not.toContain(clientAccount.email);
    const shared = await mailTo(mailbox, contractor, tm.contactShared.subject, since);
    expect(shared.text).toContain(tm.contactShared.intro(title));
    expect(shared.text).toContain(`Cliente: ${clientName}`);
    expect(shared.text).toContain(clientAccount.email);
    const page = contractor.page;
    await followButton(contractor, shared, tm.open);
    await expect(page).toHaveURL(projectPath);
    const job = page.getByRole('region', { name: offerPanel.jobTitle });
    await expect(projectStatus(page)).toHaveText(statusText('Asignado'));
    await expect(page.getByTestId('money-state')).toHaveText(paymentsWeb.state.heldContractor('RD$13,500.00'));
    await expect(job.getByText(clientName)).toBeVisible();
    await expect(job.getByText(clientAccount.email)).toBeVisible();
    // The money is held: the job's street, the way there (decision 049).
    expect(shared.text).toContain(tm.contactShared.addressOnPage);
    expect(shared.text).not.toContain('Calle 8 #25');
    await expect(main(page).getByRole('region', { name: t.page.address })).toContainText('Calle 8 #25');
    await expect(job.getByRole('button', { name: offerPanel.deliver })).toHaveCount(0);

    await job.getByRole('button', { name: offerPanel.start }).click();
    await expect(messageBox(page)).toContainText(tp.statusChanged.in_progress);
    await expect(projectStatus(page)).toHaveText(statusText('En progreso'));
    await expect(job.getByRole('button', { name: offerPanel.start })).toHaveCount(0);

    await job.getByLabel(offerPanel.deliveryNote).fill('Instalado y probado, sin fugas.');
    await job.getByRole('button', { name: offerPanel.deliver }).click();
    await expect(messageBox(page)).toContainText(tp.statusChanged.delivered);
    await expect(projectStatus(page)).toHaveText(statusText('Entregado'));
    await expect(job.getByText(offerPanel.waitingApproval)).toBeVisible();
    await expect(job.getByRole('button', { name: offerPanel.deliver })).toHaveCount(0);
  }

  // 9. The client is told the work started, then that it was delivered; follows the delivery mail and approves.
  {
    const started = await mailTo(mailbox, client, tm.projectStarted.subject, since);
    expect(started.text).toContain(tm.projectStarted.intro(title, contractorName));
    const delivered = await mailTo(mailbox, client, tm.projectDelivered.subject, since);
    expect(delivered.text).toContain(tm.projectDelivered.intro(title, contractorName));
    expect(delivered.text).toContain(tm.projectDelivered.note('Instalado y probado, sin fugas.'));

    const page = client.page;
    await followButton(client, started, tm.open);
    await expect(page).toHaveURL(projectPath);
    // Following the older mail shows the project as it is now.
    await expect(projectStatus(page)).toHaveText(statusText('Entregado'));

    await followButton(client, delivered, tm.projectDelivered.approve);
    await expect(page).toHaveURL(projectPath);
    await expect(projectStatus(page)).toHaveText(statusText('Entregado'));
    await expect(main(page)).toContainText('Instalado y probado, sin fugas.');
    await expect(main(page).getByRole('button', { name: t.after.claim })).toBeVisible();
    await main(page).getByRole('button', { name: t.after.approve }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(t.after.approveRelease('RD$13,500.00', 'RD$1,350.00', '10 %', 'RD$12,150.00'));
    await confirm.getByRole('button', { name: t.after.approve }).click();
    await expect(messageBox(page)).toContainText(tp.statusChanged.completado);
    await expect(projectStatus(page)).toHaveText(statusText('Completado'));
    await expect(main(page).getByRole('button', { name: t.after.approve })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: t.after.claim })).toHaveCount(0);
    await expect(main(page).getByRole('region', { name: t.page.contact })).toContainText(contractorAccount.email);
  }

  // 10. The contractor gets the approved mail and sees the job completed.
  {
    const mail = await mailTo(mailbox, contractor, tm.projectApproved.subject, since);
    expect(mail.text).toContain(tm.projectApproved.intro(title));
    const page = contractor.page;
    const release = await mailTo(mailbox, contractor, payments.receipts.release.subject, since);
    expect(release.text).toContain(payments.receipts.release.intro(title));
    await followButton(contractor, mail, tm.open);
    await expect(projectStatus(page)).toHaveText(statusText('Completado'));
    await expect(page.getByRole('region', { name: offerPanel.jobTitle }).getByText(offerPanel.completed)).toBeVisible();
  }

  // Publishing's alerts go from a job after the commit (decision 036): wait for them before counting.
  await mailTo(mailbox, client, tm.projectMatches.subject, since);
  await mailTo(mailbox, contractor, tm.newProjectAlert.subject(title), since);
  // Every mail the loop sent was one of those read above: nothing more, nothing to anyone else.
  const loopMails = mailbox.messages.slice(since);
  const subjectsTo = (person: Person) =>
    loopMails
      .filter((m) => sentTo(m, person.account.email))
      .map((m) => m.subject)
      .sort();
  // Publishing also sent the client's Coincidencias (decision 036): the contractor offers plomería in her city.
  expect(subjectsTo(client)).toEqual(
    [
      tm.projectMatches.subject,
      tm.newQuote.subject,
      tm.counterAnswered.subject,
      tm.projectAssigned.subject,
      payments.receipts.charge.subject,
      tm.contactShared.subject,
      tm.projectStarted.subject,
      tm.projectDelivered.subject,
    ].sort(),
  );
  // The money's mails (issue 29): the contractor hears the payment is held, gets the contact data, and the release's receipt;
  // and the new project's immediate alert (decision 036), since the project is of her service and city.
  expect(subjectsTo(contractor)).toEqual(
    [
      tm.newProjectAlert.subject(title),
      tm.quoteCountered.subject,
      tm.quoteAccepted.subject,
      tm.projectFunded.subject,
      tm.contactShared.subject,
      tm.projectApproved.subject,
      payments.receipts.release.subject,
    ].sort(),
  );
  expect(loopMails.length).toBe(15);

  expect(client.errors).toEqual([]);
  expect(contractor.errors).toEqual([]);
  await client.page.context().close();
  await contractor.page.context().close();
});
