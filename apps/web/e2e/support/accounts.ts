import { randomBytes, randomUUID } from 'node:crypto';
import { expect, request, type Page } from '@playwright/test';
import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import type { Email } from 'postal-mime';
import { auth } from '@arreglaya/shared/i18n/auth';
import type { Mailbox } from './fixtures.ts';

export type SignUpRole = 'client' | 'contractor';

export interface TestAccount {
  role: SignUpRole;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A fresh account's data: a distinct e-mail per test keeps the per-account sign-in limit apart. */
export function newAccount(role: SignUpRole = 'client'): TestAccount {
  const id = randomUUID().slice(0, 8);
  return {
    role,
    firstName: role === 'client' ? 'Lucía' : 'Ramón',
    lastName: role === 'client' ? 'Peña' : 'Báez',
    email: `${role}.${id}@ejemplo.do`,
    password: `Caoba-${id}-Lluvia`,
  };
}

function sentTo(mail: Email, email: string): boolean {
  return (mail.to ?? []).some((address) => address.address?.toLowerCase() === email.toLowerCase());
}

/** The 6-digit code of the latest mail with `subject` sent to `email` after `since` mails. */
export async function readCode(mailbox: Mailbox, email: string, subject: string, since = 0): Promise<string> {
  const mail = await mailbox.waitFor((m) => mailbox.messages.indexOf(m) >= since && sentTo(m, email) && m.subject === subject);
  const code = /:\s*(\d{6})/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`No code in the mail to ${email}: ${mail.text ?? ''}`);
  return code;
}

/** A private address (10.x.y.z) of its own for each account a test makes through the API. */
function testAddress(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${Math.max(1, bytes[2]!)}`;
}

/** Signs up and confirms through the API: for tests whose subject is not the sign-up itself. */
export async function createConfirmedAccount(baseURL: string, mailbox: Mailbox, role: SignUpRole = 'client'): Promise<TestAccount> {
  const account = newAccount(role);
  const since = mailbox.messages.length;
  // Its own address (the e2e servers trust the runner's X-Forwarded-For: fixtures.ts), so the
  // per-address sign-up limit counts this person, not the whole worker's tests.
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'arreglaya', 'x-forwarded-for': testAddress() };
  const signUp = await fetch(`${baseURL}/api/auth/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...account, confirmPassword: account.password, acceptTerms: true }),
  });
  expect(signUp.status).toBe(201);
  const code = await readCode(mailbox, account.email, auth.mail.signUpSubject, since);
  const verify = await fetch(`${baseURL}/api/auth/verify-email`, { method: 'POST', headers, body: JSON.stringify({ email: account.email, code }) });
  expect(verify.status).toBe(200);
  return account;
}

/**
 * Saves a confirmed contractor's profile through the API, which lists them in the directory (a
 * name, a service and a city: docs/spec-decisions.md); a fresh contractor is not listed before.
 */
export async function completeContractorProfile(baseURL: string, account: TestAccount, overrides: { firstName?: string; lastName?: string } = {}): Promise<void> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-requested-with': 'arreglaya' } });
  try {
    expect((await api.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const saved = await api.put('/api/me/profile/contractor', {
      data: {
        firstName: account.firstName,
        lastName: account.lastName,
        phone: '809-555-0199',
        country: 'DO',
        companyName: `${account.lastName} Servicios`,
        cedula: `0011234567${cedulaCheckDigit('0011234567')}`,
        serviceTypes: ['plomeria'],
        description: 'Plomería residencial en Santo Domingo.',
        address: 'Calle del Sol 12',
        city: 'santo-domingo',
        zone: 'DN',
        ...overrides,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

const sharedClients = new Map<string, Promise<TestAccount>>();

/**
 * One confirmed client per server, for tests that only need someone signed in. The server allows
 * 10 sign-ups per IP in 10 minutes, and every test of a worker shares its server. Tests that change
 * the password or delete the account create their own.
 */
export function sharedClient(baseURL: string, mailbox: Mailbox): Promise<TestAccount> {
  let account = sharedClients.get(baseURL);
  if (!account) {
    account = createConfirmedAccount(baseURL, mailbox, 'client');
    sharedClients.set(baseURL, account);
  }
  return account;
}

/** Fills and sends the open sign-in dialog. */
export async function signInWithDialog(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: auth.signIn.title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(auth.email, { exact: true }).fill(email);
  await dialog.getByLabel(auth.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: auth.signIn.submit, exact: true }).click();
}

/** Opens the sign-in dialog from /login and signs in; resolves once the dialog has closed. */
export async function signIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await signInWithDialog(page, account.email, account.password);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Fills the open sign-up dialog (the role is chosen unless it was preselected). */
export async function fillSignUp(page: Page, account: TestAccount, options: { chooseRole: boolean }) {
  const dialog = page.getByRole('dialog', { name: auth.signUp.title });
  const roleLabel = account.role === 'client' ? auth.signUp.roleClient : auth.signUp.roleContractor;
  if (options.chooseRole) await dialog.getByRole('radio', { name: roleLabel }).check();
  else await expect(dialog.getByRole('radio', { name: roleLabel })).toBeChecked();
  await dialog.getByLabel(auth.signUp.firstName, { exact: true }).fill(account.firstName);
  await dialog.getByLabel(auth.signUp.lastName, { exact: true }).fill(account.lastName);
  await dialog.getByLabel(auth.email, { exact: true }).fill(account.email);
  await dialog.getByLabel(auth.password, { exact: true }).fill(account.password);
  await dialog.getByLabel(auth.signUp.confirmPassword, { exact: true }).fill(account.password);
  await dialog.getByRole('checkbox').check();
  return dialog;
}

/** Confirmation step with the code from the e-mail, then the sign-in dialog with the e-mail filled in. */
