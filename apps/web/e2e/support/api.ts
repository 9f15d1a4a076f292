import { expect, request, type APIRequestContext } from '@playwright/test';

/** What the app's own requests send with every write (the cross-site check, decision 019). */
export const API_HEADERS = { 'x-requested-with': 'arreglaya' };

/** An API client signed in as `account` (a cookie jar of its own), for preparing what a test needs. */
export async function apiAs(baseURL: string, account: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: API_HEADERS });
  expect((await api.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } })).status()).toBe(200);
  return api;
}
