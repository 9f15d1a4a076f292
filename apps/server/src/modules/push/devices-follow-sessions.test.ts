import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { push } from '@arreglaya/shared/i18n/push';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { startPushReceiver, type BrowserSubscription, type PushReceiver } from '../../../test/support/push-receiver.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { ensureSysadmin } from '../auth/sysadmin.ts';

// Issue 48, item 5: a person's devices follow their sessions (a password change or reset, a ban,
// an account deletion, a promotion end every session and every push subscription), and a person
// sees and removes their own devices on /perfil/notificaciones.

let t: MailTestApp;
let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await createTestAppWithMail({ PUSH_TEST_SERVICE: receiver.url });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? asBrowser(cookie) : { origin: t.config.appUrl, 'x-requested-with': 'arreglaya' }), ...headers },
    ...(payload ? { payload } : {}),
  });
const devicesOf = (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

async function withDevices(opts: Parameters<typeof createUser>[1] = {}): Promise<{ user: TestUser; cookie: string; devices: BrowserSubscription[] }> {
  const user = await createUser(t.db, opts);
  const cookie = await signIn(t, user);
  const devices = [receiver.subscribe(), receiver.subscribe()];
  for (const d of devices) expect((await inject('POST', '/api/me/push-subscriptions', cookie, d, { 'user-agent': CHROME_ANDROID })).statusCode).toBe(201);
  expect(await devicesOf(user.id)).toHaveLength(2);
  return { user, cookie, devices };
}

async function codeFor(email: string, subject: string): Promise<string> {
  const matches = (m: { to: string[]; subject: string }) => m.to.includes(email.toLowerCase()) && m.subject === subject;
  await t.smtp.waitFor(() => t.smtp.mails.some(matches));
  return /: (\d{6})/.exec(t.smtp.mails.filter(matches).at(-1)!.text)![1]!;
}

describe('devices follow sessions', () => {
  it('a password change removes every device of the person', async () => {
    const { user, cookie } = await withDevices();
    const res = await inject('POST', '/api/auth/change-password', cookie, {
      currentPassword: user.password,
      newPassword: 'Nueva-Clave-2026!',
      confirmPassword: 'Nueva-Clave-2026!',
    });
    expect(res.statusCode).toBe(200);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('a password reset removes every device of the person', async () => {
    const { user } = await withDevices();
    expect((await inject('POST', '/api/auth/forgot-password', undefined, { email: user.email })).statusCode).toBe(200);
    const code = await codeFor(user.email, 'ArreglaYa - Código para restablecer tu contraseña');
    const res = await inject('POST', '/api/auth/reset-password', undefined, { email: user.email, code, password: 'Reinicio-Seguro-9', confirmPassword: 'Reinicio-Seguro-9' });
    expect(res.statusCode).toBe(200);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('a ban removes every device of the person, and nobody else’s', async () => {
    const { user } = await withDevices();
    const bystander = await withDevices();
    const admin = await createUser(t.db, { role: 'sysadmin' });
    const res = await inject('POST', `/api/admin/people/${user.id}/ban`, await signIn(t, admin), { reason: 'Fraude' });
    expect(res.statusCode).toBe(200);
    expect(await devicesOf(user.id)).toEqual([]);
    expect(await devicesOf(bystander.user.id)).toHaveLength(2);
  });

  it('an account deletion removes every device of the person', async () => {
    const { user, cookie } = await withDevices();
    const res = await inject('DELETE', '/api/account', cookie, { password: user.password });
    expect(res.statusCode).toBeLessThan(300);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('a promotion to sysadmin removes every device of the person (the same password kept)', async () => {
    const { user } = await withDevices();
    await ensureSysadmin(t.db, user.email, user.password);
    expect(await devicesOf(user.id)).toEqual([]);
  });
});

describe('GET/DELETE /api/me/push-subscriptions (a person’s own devices)', () => {
  it('lists the person’s devices with a readable label and dates, and removes one by its id', async () => {
    const { user, cookie, devices } = await withDevices();
    const res = await inject('GET', '/api/me/push-subscriptions', cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ devices: { id: string; label: string; createdAt: string; lastUsedAt: string | null }[] }>().devices;
    expect(list).toHaveLength(2);
    for (const d of list) {
      expect(d.label).toBe('Chrome en Android');
      expect(Number.isNaN(Date.parse(d.createdAt))).toBe(false);
      expect(d.lastUsedAt).toBeNull();
      // The endpoint and keys never leave the server.
      expect(Object.keys(d).sort()).toEqual(['createdAt', 'id', 'label', 'lastUsedAt']);
    }
    const gone = await inject('DELETE', `/api/me/push-subscriptions/${list[0]!.id}`, cookie);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: push.deviceRemoved });
    const left = await devicesOf(user.id);
    expect(left).toHaveLength(1);
    expect(devices.map((d) => d.endpoint)).toContain(left[0]!.endpoint);
    expect(left[0]!.id).toBe(list[1]!.id);
  });

  it('names a device by its push service when the browser said nothing', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user);
    const device = receiver.subscribe();
    await inject('POST', '/api/me/push-subscriptions', cookie, { ...device, endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAExample' }, { 'user-agent': '' });
    const [d] = (await inject('GET', '/api/me/push-subscriptions', cookie)).json<{ devices: { label: string }[] }>().devices;
    expect(d!.label).toBe('Firefox (Mozilla)');
  });

  it('another person can neither see nor remove a device: 404, and it stays', async () => {
    const a = await withDevices();
    const b = await withDevices();
    const aIds = (await inject('GET', '/api/me/push-subscriptions', a.cookie)).json<{ devices: { id: string }[] }>().devices.map((d) => d.id);
    const bList = (await inject('GET', '/api/me/push-subscriptions', b.cookie)).json<{ devices: { id: string }[] }>().devices;
    expect(bList.map((d) => d.id).some((id) => aIds.includes(id))).toBe(false);
    const res = await inject('DELETE', `/api/me/push-subscriptions/${aIds[0]}`, b.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(push.deviceNotFound);
    expect(await devicesOf(a.user.id)).toHaveLength(2);
    expect((await inject('DELETE', '/api/me/push-subscriptions/no-es-un-id', b.cookie)).statusCode).toBe(400);
    expect((await inject('GET', '/api/me/push-subscriptions')).statusCode).toBe(401);
  });
});
