import { describe, expect, it } from 'vitest';
import { ProcessorUnavailable } from '../payments/processor.ts';
import { DlocalApiError, DlocalClient } from './dlocal-client.ts';
import { payoutState } from './dlocal-outcomes.ts';
import { payloadSignature, signRequest } from './dlocal-signature.ts';
import type { DlocalCreatePayoutBody } from './dlocal-types.ts';
import { dlocalSandboxTransport } from './sandbox/dlocal-sandbox.routes.ts';
import { app, BASE, client, clock, creds, deliver, PAYOUTS_RECEIVER as RECEIVER, receivedPayouts as received, sandbox, setUpContract, state } from './dlocal-contract-kit.ts';

// Contract tests of Payouts v3 (decision 052; docs/dlocal-contract.md, "Payouts v3"): our client
// against the stand-in, on a real PostgreSQL, in the contract kit's small Fastify with a receiver
// that checks the notifications' signature. Time is moved, never waited for.

setUpContract();

const settleAndDeliver = async () => {
  state.nowMs += 60_000;
  await sandbox.settlePayouts(clock());
  await deliver();
};

let n = 0;
function body(extra: Partial<DlocalCreatePayoutBody> = {}, beneficiary: Partial<DlocalCreatePayoutBody['beneficiary']> = {}): DlocalCreatePayoutBody {
  return {
    external_id: `payout-${Date.now().toString(36)}-${++n}`,
    payment_method_id: 'BANK_TRANSFER',
    flow_type: 'B2C',
    country: 'DO',
    currency: 'DOP',
    amount: 11250,
    purpose: 'SERVICES',
    notification_url: RECEIVER,
    ...extra,
    beneficiary: {
      first_name: 'Ramón',
      last_name: 'Báez Peña',
      document: { type: 'CE', id: '00112345673' },
      bank_account: { code: 'BPDODOSX', account: '790123451111', type: 'S' },
      ...beneficiary,
    },
  };
}

describe('Payouts v3: the signature', () => {
  it('wants the Payins headers with X-Version 3.0 and Payload-Signature; anything else is 403 4001', async () => {
    const raw = JSON.stringify(body());
    const url = '/dlocal-sandbox/payouts/v3/payouts';
    const headers = signRequest({ ...creds, date: clock(), body: raw });
    const noPayloadSignature = await app.inject({ method: 'POST', url, headers: { ...headers, 'x-version': '3.0' }, payload: raw });
    expect(noPayloadSignature.statusCode).toBe(403);
    expect(noPayloadSignature.json()).toEqual({ code: 4001, message: 'Invalid credentials.' });
    const wrong = await app.inject({ method: 'POST', url, headers: { ...headers, 'x-version': '3.0', 'payload-signature': payloadSignature('other', raw) }, payload: raw });
    expect(wrong.statusCode).toBe(403);
    const other = new DlocalClient({ baseUrl: `${BASE}/dlocal-sandbox`, credentials: { ...creds, secretKey: 'x' }, transport: dlocalSandboxTransport(app, sandbox), now: clock });
    await expect(other.createPayout(body())).rejects.toMatchObject({ httpStatus: 403, code: 4001 });
    const ok = await app.inject({ method: 'POST', url, headers: { ...headers, 'x-version': '3.0', 'payload-signature': payloadSignature(creds.secretKey, raw) }, payload: raw });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('Payouts v3: submit, read, settle, notify', () => {
  it('takes a Dominican bank transfer as PENDING (100), then PAID (200) at the bank’s answer, each status notified and signed', async () => {
    const req = body();
    const payout = await client.createPayout(req);
    expect(payout).toMatchObject({ id: expect.stringMatching(/^PO-4-/), external_id: req.external_id, status: 'PENDING', status_code: '100', amount: 11250, currency: 'DOP' });
    expect(payoutState(payout)).toEqual({ state: 'sent', reason: null });
    await expect(client.retrievePayout(payout.id)).resolves.toMatchObject({ id: payout.id, status: 'PENDING' });
    await expect(client.retrievePayoutByExternalId(req.external_id)).resolves.toMatchObject({ id: payout.id });
    await settleAndDeliver();
    expect(received.filter((p) => p.id === payout.id).map((p) => [p.status, p.status_code])).toEqual([
      ['PENDING', '100'],
      ['PAID', '200'],
    ]);
    await expect(client.retrievePayout(payout.id)).resolves.toMatchObject({ status: 'PAID', status_detail: 'The payout was paid.' });
  });

  it('rejects by its test rules and dLocal’s description trick, the reason in status_detail; cancels a pending one (400)', async () => {
    const closed = await client.createPayout(body({}, { bank_account: { code: 'BRRDDOSD', account: '960012349999', type: 'C' } }));
    const forced = await client.createPayout(body({ description: 'DELIVERED:ERROR_BENEFICIARY_NAME_INCORRECT' }));
    const paid = await client.createPayout(body({ description: 'DELIVERED:PAID' }, { bank_account: { code: 'BCBHDOSD', account: '550012340000', type: 'S' } }));
    const cancelled = await client.createPayout(body());
    expect(await sandbox.cancelPayout(cancelled.id)).toBe(true);
    expect(await sandbox.cancelPayout(cancelled.id)).toBe(false);
    await settleAndDeliver();
    const last = (id: string) => received.filter((p) => p.id === id).at(-1)!;
    expect(last(closed.id)).toMatchObject({ status: 'REJECTED', status_code: '300', status_detail: 'ERROR_ACCOUNT_CLOSED' });
    expect(payoutState(last(closed.id))).toEqual({ state: 'failed', reason: 'ERROR_ACCOUNT_CLOSED' });
    expect(last(forced.id)).toMatchObject({ status: 'REJECTED', status_detail: 'ERROR_BENEFICIARY_NAME_INCORRECT' });
    expect(last(paid.id)).toMatchObject({ status: 'PAID' });
    expect(last(cancelled.id)).toMatchObject({ status: 'CANCELLED', status_code: '400' });
    expect(payoutState(last(cancelled.id))).toEqual({ state: 'failed', reason: 'CANCELLED' });
  });

  it('refuses what the Dominican page does not allow, with the documented codes', async () => {
    const refused = async (b: DlocalCreatePayoutBody) => (await client.createPayout(b).catch((e: unknown) => e)) as DlocalApiError;
    expect(await refused(body({}, { document: { type: 'CE', id: '00112345674' } }))).toMatchObject({ httpStatus: 400, code: 3000, param: 'beneficiary.document.id' });
    expect(await refused(body({}, { document: { type: 'RN', id: '101010631' } }))).toMatchObject({ code: 3000 });
    expect(await refused(body({}, { bank_account: { code: 'NOPE', account: '790123451111', type: 'S' } }))).toMatchObject({ code: 3003 });
    expect(await refused(body({ country: 'AR' }))).toMatchObject({ code: 5007 });
    // Mexico (decision 067): a CLABE whose check digit does not match, or another country's document, is refused.
    const mexican = { document: { type: 'RFC' as const, id: 'RASJ800101AB6' }, bank_account: { code: '002', account: '002010077777777772', type: 'C' as const } };
    expect(await refused(body({ country: 'MX', currency: 'MXN' }, mexican))).toMatchObject({ code: 3000, param: 'beneficiary.bank_account.account' });
    expect(await refused(body({ country: 'MX', currency: 'MXN' }, { ...mexican, document: { type: 'CE', id: '00112345673' } }))).toMatchObject({ code: 3000 });
    expect(await refused(body({ amount: 10.001 }))).toMatchObject({ code: 3000, param: 'amount' });
    expect(await refused(body({}, { first_name: undefined }))).toMatchObject({ code: 3001, param: 'beneficiary.first_name' });
    expect(await refused(body({ flow_type: 'B2B' }, { document: { type: 'RN', id: '101010632' } }))).toMatchObject({ code: 3001, param: 'beneficiary.business_name' });
    expect(await refused(body({}, { document: { type: 'CE', id: '40212345678' } }))).toMatchObject({ code: 5013 });
    await expect(client.retrievePayout('PO-4-nope')).rejects.toMatchObject({ httpStatus: 400, code: 5009 });
  });

  it('one external_id, one payout: a second submit is 5011, createPayoutOnce reads the first back; 20 at once make one', async () => {
    const req = body();
    const first = await client.createPayout(req);
    await expect(client.createPayout({ ...req, amount: 1 })).rejects.toMatchObject({ code: 5011, duplicateExternalId: true });
    await expect(client.createPayoutOnce(req)).resolves.toEqual({ payout: expect.objectContaining({ id: first.id }), created: false });
    await expect(client.createPayoutOnce({ ...req, amount: 1 })).rejects.toMatchObject({ code: 5011 });
    const many = body();
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.createPayoutOnce(many)));
    expect(new Set(answers.map((a) => a.payout.id)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
  });

  it('after a timeout once dLocal took it, the retry finds the same payout; before it, nothing was made', async () => {
    const req = body();
    sandbox.injectFault('create_payout', 'timeout_after');
    await expect(client.createPayoutOnce(req)).rejects.toBeInstanceOf(ProcessorUnavailable);
    const again = await client.createPayoutOnce(req);
    expect(again.created).toBe(false);
    const other = body();
    sandbox.injectFault('create_payout', 'network');
    await expect(client.createPayoutOnce(other)).rejects.toBeInstanceOf(ProcessorUnavailable);
    await expect(client.retrievePayoutByExternalId(other.external_id)).rejects.toMatchObject({ code: 5009 });
    sandbox.injectFault('create_payout', 'server_error');
    const err = (await client.createPayoutOnce(other).catch((e: unknown) => e)) as DlocalApiError;
    expect(err.outcomeUnknown).toBe(true);
    expect((await client.createPayoutOnce(other)).created).toBe(true);
  });
});
