import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('social sign-in', () => {
  let plain: TestApp;
  let withGoogle: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    withGoogle = await createTestApp({ GOOGLE_CLIENT_ID: 'arreglaya-test.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secreto-de-prueba' });
  });
  afterAll(async () => {
    await plain.close();
    await withGoogle.close();
  });

  it('offers no provider when none is configured, and refuses to start one', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ providers: [] });
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/social/google' })).statusCode).toBe(404);
  });

  it('sends the person to Google with a state it can check on return', async () => {
    expect((await withGoogle.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ providers: ['google'] });
    const res = await withGoogle.app.inject({ method: 'GET', url: '/api/auth/social/google?redirect=/perfil/info' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.host).toBe('accounts.google.com');
    expect(location.searchParams.get('client_id')).toBe('arreglaya-test.apps.googleusercontent.com');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toMatch(/\/api\/auth\/callback\/google$/);
    expect(String(res.headers['set-cookie'])).toMatch(/arreglaya\./);
  });

  it('refuses a callback whose state it did not issue', async () => {
    const res = await withGoogle.app.inject({ method: 'GET', url: '/api/auth/callback/google?code=x&state=forjado' });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(/error=/);
  });
});
