import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { invitations as ti, WHATSAPP_INVITATION_TEMPLATE } from '@arreglaya/shared/i18n/invitations';
import { authAccounts, contractorProfiles, invitations, phoneNumbers, projects, quotes, users } from '../../db/schema/index.ts';
import { asBrowser, cookieFrom } from '../../../test/support/factories.ts';
import { CARDS, fund, newKey, post, sysadmin, tokenize } from '../../../test/support/payment-factories.ts';
import { freshNumber, lastPhoneCode, phoneOutbox } from '../../../test/support/phone-outbox.ts';
import { contractorProfileForm, person, projectForm, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { SANDBOX_NUMBERS } from '../messaging/sandbox-numbers.ts';
import { PHONE_ACCOUNT_DOMAIN } from '../auth/auth.service.ts';

// Invite your técnico (issue 50, item 5; decision 064), on a real PostgreSQL with the WhatsApp and
// SMS stand-ins: the link is read from what the stand-in delivered, as the técnico reads it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHONE_CODES_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

const PRICE = 850_000;
const invite = (client: Person, phone: string, overrides: Record<string, unknown> = {}) =>
  post(t, client, '/api/invitations', { contractorName: 'Papo el plomero', phone, priceMinor: PRICE, project: projectForm(), ...overrides });

/** The token of the newest link the stand-ins delivered to the number. */
async function linkTokenOf(number: string): Promise<string> {
  for (const m of await phoneOutbox(t, number)) {
    const token = /\/invitacion\/([A-Za-z0-9_-]{43})/.exec(m.body)?.[1];
    if (token) return token;
  }
  throw new Error(`no invitation link to ${number}`);
}

async function invited(phone = freshNumber()) {
  const client = await person(t, 'client', 'Yolanda');
  const res = await invite(client, phone);
  expect(res.statusCode).toBe(201);
  return { client, phone, token: await linkTokenOf(phone), ...(res.json() as { invitationId: string; projectId: string }) };
}

const view = (token: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/invitations/${token}`, headers });
// `from`: another address than the file's usual one (the per-address limit of codes counts across this file).
const askCode = (token: string, from?: string) => t.app.inject({ method: 'POST', url: `/api/invitations/${token}/code`, ...(from ? { remoteAddress: from } : {}) });
const join = (token: string, body: Record<string, unknown>, from?: string) =>
  t.app.inject({ method: 'POST', url: `/api/invitations/${token}/join`, payload: body, ...(from ? { remoteAddress: from } : {}) });

/** The técnico joins from his link: a code to his phone, his name and services; returns his signed-in headers. */
async function joinFromLink(token: string, phone: string, from?: string): Promise<{ headers: Record<string, string>; userId: string }> {
  expect((await askCode(token, from)).statusCode).toBe(200);
  const res = await join(token, { name: 'Juan Pablo Reyes', code: await lastPhoneCode(t, phone), services: ['plomeria', 'electricidad'] }, from);
  expect(res.statusCode).toBe(200);
  return { headers: asBrowser(cookieFrom(res.headers['set-cookie'])), userId: res.json().user.id as string };
}

/** Gives a person a number verified through the phone's own flow (an account "already on ArreglaYa"). */
async function verifyNumber(who: Person, number: string) {
  expect((await post(t, who, '/api/me/phone', { number, channel: 'sms' })).statusCode).toBe(200);
  expect((await post(t, who, '/api/me/phone/verify', { code: await lastPhoneCode(t, number) })).statusCode).toBe(200);
}

const accountsWith = async (number: string) => t.db.$count(phoneNumbers, eq(phoneNumbers.number, number));

describe('POST /api/invitations', () => {
  it('creates the project and a hashed-token invitation, and sends the link by WhatsApp', async () => {
    const { phone, token, invitationId, projectId } = await invited();
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(row).toMatchObject({ projectId, phone, priceMinor: PRICE, status: 'sent', channel: 'whatsapp' });
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(14 * 24 * 3600_000 - 60_000);
    const [message] = await phoneOutbox(t, phone);
    expect(message).toMatchObject({ channel: 'whatsapp', template: WHATSAPP_INVITATION_TEMPLATE.name });
    expect(message!.body).toContain('Yolanda');
    expect(message!.body).toContain('RD$8,500.00');
  });

  it('sends an SMS when the number cannot get the WhatsApp', async () => {
    const client = await person(t, 'client');
    const phone = SANDBOX_NUMBERS.pausedOrUnknown;
    expect((await invite(client, phone)).statusCode).toBe(201);
    const [latest] = await phoneOutbox(t, phone);
    expect(latest).toMatchObject({ channel: 'sms' });
    expect(latest!.body).toMatch(/\/invitacion\/[A-Za-z0-9_-]{43}/);
  });

  it('refuses a bad phone in Spanish, storing nothing', async () => {
    const client = await person(t, 'client');
    const before = await t.db.$count(projects, eq(projects.clientId, client.id));
    const res = await invite(client, '555-12');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.phone).toMatch(/teléfono|número/i);
    expect(await t.db.$count(projects, eq(projects.clientId, client.id))).toBe(before);
  });

  it('refuses a number neither WhatsApp nor SMS can reach, storing nothing', async () => {
    const client = await person(t, 'client');
    const res = await invite(client, SANDBOX_NUMBERS.invalid);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ti.errors.sendFailed);
    expect(await t.db.$count(projects, eq(projects.clientId, client.id))).toBe(0);
  });

  it('does not let a client invite himself', async () => {
    const client = await person(t, 'client');
    const own = freshNumber();
    await verifyNumber(client, own);
    const res = await invite(client, own);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ti.errors.self);
  });

  it('is for clients only', async () => {
    const contractor = await person(t, 'contractor');
    expect((await invite(contractor, freshNumber())).statusCode).toBe(403);
  });
});

describe('the técnico joins from his link', () => {
  it('shows who invites him, the work and the price', async () => {
    const { token } = await invited();
    const res = await view(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', clientName: 'Yolanda Almonte', priceMinor: PRICE, accountExists: false, mayAccept: false });
    expect(res.json().project.title).toBe(projectForm().title);
  });

  it('joins with name, code and services: an account without e-mail or password, his number verified', async () => {
    const { token, phone, invitationId } = await invited();
    expect((await askCode(token)).statusCode).toBe(200);
    const code = await lastPhoneCode(t, phone);
    const wrong = await join(token, { name: 'Juan Reyes', code: code === '000000' ? '111111' : '000000', services: ['plomeria'] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toMatch(/código/i);
    const joined = await join(token, { name: 'Juan Pablo Reyes', code, services: ['plomeria', 'electricidad'] });
    expect(joined.statusCode).toBe(200);
    const headers = asBrowser(cookieFrom(joined.headers['set-cookie']));
    const userId = joined.json().user.id as string;
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ role: 'contractor', firstName: 'Juan', lastName: 'Pablo Reyes' });
    expect(user!.email.endsWith(`@${PHONE_ACCOUNT_DOMAIN}`)).toBe(true);
    expect(await t.db.$count(authAccounts, eq(authAccounts.userId, userId))).toBe(0);
    const [profile] = await t.db.select({ services: contractorProfiles.serviceTypes }).from(contractorProfiles).where(eq(contractorProfiles.userId, userId));
    expect(profile!.services).toEqual(['plomeria', 'electricidad']);
    expect(await accountsWith(phone)).toBe(1);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(row).toMatchObject({ status: 'joined', contractorId: userId });
    expect((await view(token, headers)).json()).toMatchObject({ mayAccept: true, accountExists: true });
  });

  it('lists him once his profile is complete: the proven phone stands for the e-mail he never gave', async () => {
    const { token, phone } = await invited();
    const { headers, userId } = await joinFromLink(token, phone);
    const page = () => t.app.inject({ method: 'GET', url: `/api/contractors/${userId}` });
    expect((await page()).statusCode).toBe(404);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile/contractor',
      headers,
      payload: contractorProfileForm({ firstName: 'Juan Pablo', lastName: 'Reyes', companyName: 'Reyes Plomería' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The page's answer may be cached a moment (decision 048): the change reaches it by NOTIFY.
    await expect.poll(async () => (await page()).statusCode).toBe(200);
    expect((await page()).json()).toMatchObject({ id: userId, name: 'Juan Pablo Reyes' });
  });

  it('asks a number that already has an account to sign in, and attaches the invitation to it: never a second account', async () => {
    const tecnico = await person(t, 'contractor', 'Papo');
    const phone = freshNumber();
    await verifyNumber(tecnico, phone);
    const { token, invitationId } = await invited(phone);
    expect((await view(token)).json()).toMatchObject({ accountExists: true, mayAccept: false });
    const code = await askCode(token);
    expect(code.statusCode).toBe(409);
    expect(code.json().error.message).toBe(ti.errors.accountExists);
    expect((await join(token, { name: 'Otro Papo', code: '123456', services: ['plomeria'] })).statusCode).toBe(409);
    expect((await view(token, tecnico.headers)).json()).toMatchObject({ mayAccept: true });
    expect((await post(t, tecnico, `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(row).toMatchObject({ status: 'accepted', contractorId: tecnico.id });
    expect(await accountsWith(phone)).toBe(1);
    expect(await t.db.$count(users, like(users.email, `${phone.replace(/\D/g, '')}.%`))).toBe(0);
  });
});

describe('POST /api/invitations/:token/accept', () => {
  it('hires him at the agreed price; the client funds as any hire and the console counts it', async () => {
    const admin = await sysadmin(t);
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/invitations/counts', headers: admin.headers })).json();
    const { client, token, phone, projectId } = await invited();
    const { headers, userId } = await joinFromLink(token, phone);
    const accepted = await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers });
    expect(accepted.statusCode).toBe(200);
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project).toMatchObject({ status: 'assigned', contractorId: userId });
    const [quote] = await t.db.select().from(quotes).where(eq(quotes.projectId, projectId));
    expect(quote).toMatchObject({ status: 'accepted', agreedPriceMinor: PRICE, contractorId: userId });
    // Work cannot start before the money is held: the usual rule.
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/status`, headers, payload: { status: 'in_progress' } })).statusCode).toBe(409);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    expect((await view(token)).json().status).toBe('funded');
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/invitations/counts', headers: admin.headers })).json();
    expect(after).toEqual({ sent: before.sent + 1, joined: before.joined + 1, funded: before.funded + 1 });
  });

  it('is single use, and nobody but the invited number may accept it', async () => {
    const { client, token, phone } = await invited();
    const stranger = await person(t, 'contractor', 'Otro');
    await verifyNumber(stranger, freshNumber());
    const refused = await post(t, stranger, `/api/invitations/${token}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ti.errors.notYours);
    expect((await post(t, client, `/api/invitations/${token}/accept`)).statusCode).toBe(403);
    const { headers } = await joinFromLink(token, phone);
    expect((await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ti.errors.used);
    expect((await askCode(token)).statusCode).toBe(409);
  });

  it('expires after 14 days', async () => {
    const { token, phone, invitationId } = await invited();
    const { headers } = await joinFromLink(token, phone);
    await t.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(invitations.id, invitationId));
    expect((await view(token)).json().status).toBe('expired');
    const res = await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ti.errors.expired);
  });

  it('hires once when 50 accepts arrive at once', async () => {
    const { token, phone, projectId } = await invited();
    const { headers } = await joinFromLink(token, phone);
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The others find it used (409), or meet the per-person limit first (429); none hires.
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409 || r.statusCode === 429)).toBe(true);
    expect(answers.some((r) => r.statusCode === 409)).toBe(true);
    expect(await t.db.$count(quotes, and(eq(quotes.projectId, projectId), eq(quotes.status, 'accepted')))).toBe(1);
  });

  it('answers an unknown token with a 404', async () => {
    expect((await view('A'.repeat(43))).statusCode).toBe(404);
  });
});

describe('the first payout', () => {
  it('refuses with a 409 naming the cédula and the bank account an invited técnico has not given yet', async () => {
    const { token, phone } = await invited();
    const { headers } = await joinFromLink(token, phone);
    const res = await t.app.inject({ method: 'POST', url: '/api/me/payouts', headers: { ...headers, 'idempotency-key': newKey() } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ti.payoutMissing([ti.missingCedula, ti.missingBank]));
  });
});

describe('GET /api/admin/invitations/counts', () => {
  it('is for sysadmins only', async () => {
    const client = await person(t, 'client');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invitations/counts', headers: client.headers })).statusCode).toBe(403);
  });
});

describe('POST /api/invitations/:id/cancel (decision 071)', () => {
  const cancel = (who: Person, id: string) => post(t, who, `/api/invitations/${id}/cancel`);
  const card = (who: Person, projectId: string) => t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/invitation`, headers: who.headers });

  it('lets the client cancel a sent invitation: the project is cancelled and the link says so', async () => {
    const { client, token, invitationId, projectId } = await invited();
    expect((await card(client, projectId)).json()).toMatchObject({ id: invitationId, status: 'sent', mayCancel: true, phoneLast4: expect.stringMatching(/^\d{4}$/) });
    const res = await cancel(client, invitationId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ti.client.cancelled, projectId });
    const [project] = await t.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
    expect(project!.status).toBe('cancelled');
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(row!.status).toBe('cancelled');
    expect(row!.cancelledAt).not.toBeNull();
    expect((await view(token)).json().status).toBe('cancelled');
    const code = await askCode(token, '10.64.71.1');
    expect(code.statusCode).toBe(409);
    expect(code.json().error.message).toBe(ti.errors.cancelled);
    expect((await card(client, projectId)).json()).toMatchObject({ status: 'cancelled', mayCancel: false });
    const again = await cancel(client, invitationId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ti.errors.alreadyCancelled);
  });

  it('lets the client cancel once the técnico joined: he can no longer accept', async () => {
    const { client, token, phone, invitationId } = await invited();
    const { headers } = await joinFromLink(token, phone, '10.64.71.2');
    expect((await cancel(client, invitationId)).statusCode).toBe(200);
    const accept = await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe(ti.errors.cancelled);
  });

  it('answers another client with a 404 and changes nothing', async () => {
    const { token, invitationId, projectId } = await invited();
    const other = await person(t, 'client', 'Otra');
    expect((await cancel(other, invitationId)).statusCode).toBe(404);
    const theirs = await card(other, projectId);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toBeNull();
    expect((await view(token)).json().status).toBe('sent');
    const [project] = await t.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
    expect(project!.status).toBe('created');
  });

  it('lets only one of a cancel and an accept sent at once through', async () => {
    const { client, token, phone, invitationId, projectId } = await invited();
    const { headers } = await joinFromLink(token, phone, '10.64.71.4');
    const [cancelled, accepted] = await Promise.all([cancel(client, invitationId), t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers })]);
    expect([cancelled.statusCode, accepted.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.db.select({ status: invitations.status }).from(invitations).where(eq(invitations.id, invitationId));
    const [project] = await t.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
    expect([row!.status, project!.status]).toEqual(cancelled.statusCode === 200 ? ['cancelled', 'cancelled'] : ['accepted', 'assigned']);
  });

  it('refuses with a 409 once the técnico accepted', async () => {
    const { client, token, phone, invitationId, projectId } = await invited();
    const { headers } = await joinFromLink(token, phone, '10.64.71.3');
    const accepted = await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const res = await cancel(client, invitationId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ti.errors.notCancellable);
    const [project] = await t.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
    expect(project!.status).toBe('assigned');
    expect((await card(client, projectId)).json()).toMatchObject({ status: 'accepted', mayCancel: false });
  });
});
