import { describe, expect, it } from 'vitest';
import { failureCodeOf, isFinal, readDlocalNotification, refundState, toChargeResult } from './dlocal-outcomes.ts';
import { signNotification } from './dlocal-signature.ts';
import type { DlocalPayment } from './dlocal-types.ts';

const payment = (status: string, status_code: string, extra: Partial<DlocalPayment> = {}): DlocalPayment => ({
  id: 'D-4-a',
  amount: 1500.5,
  currency: 'DOP',
  status,
  status_code,
  ...extra,
});
const creds = { login: 'login', secretKey: 'secret' };
const date = '2026-11-02T14:00:00.000Z';

describe('toChargeResult', () => {
  it.each([
    ['PAID', '200', { status: 'succeeded', failureCode: null }],
    ['REJECTED', '300', { status: 'failed', failureCode: 'declined' }],
    ['REJECTED', '302', { status: 'failed', failureCode: 'insufficient_funds' }],
    ['REJECTED', '321', { status: 'failed', failureCode: 'processing_error' }],
    ['CANCELLED', '400', { status: 'canceled', failureCode: 'cancelled' }],
    ['EXPIRED', '500', { status: 'canceled', failureCode: 'expired' }],
    ['EXPIRED', '600', { status: 'canceled', failureCode: 'expired' }],
    ['PENDING', '100', { status: 'requires_action', actionUrl: null }],
    ['SOMETHING_NEW', '999', { status: 'requires_action', actionUrl: null }],
  ])('maps %s (%s) by its status', (status, code, expected) => {
    expect(toChargeResult(payment(status, code), 'pay_1')).toMatchObject({ id: 'D-4-a', idempotencyKey: 'pay_1', amountMinor: 150_050, currency: 'DOP', ...expected });
  });

  it('points a pending payment at where the payer acts', () => {
    expect(toChargeResult(payment('PENDING', '101', { three_dsecure: { redirect_url: 'https://x/3ds' } }), 'k').actionUrl).toBe('https://x/3ds');
    expect(toChargeResult(payment('PENDING', '100', { redirect_url: 'https://x/ticket' }), 'k').actionUrl).toBe('https://x/ticket');
    expect(toChargeResult(payment('PENDING', '100', { ticket: { image_url: 'https://x/img' } }), 'k').actionUrl).toBe('https://x/img');
  });

  it('knows the final statuses and the failure codes', () => {
    expect(['PAID', 'REJECTED', 'CANCELLED', 'EXPIRED', 'PENDING'].map((status) => isFinal({ status }))).toEqual([true, true, true, true, false]);
    expect(failureCodeOf('316')).toBe('processing_error');
    expect(refundState({ status: 'SUCCESS' })).toBe('succeeded');
    expect(refundState({ status: 'PENDING' })).toBe('pending');
    expect(refundState({ status: 'REJECTED' })).toBe('failed');
  });
});

describe('readDlocalNotification', () => {
  const read = (body: string, secret = creds.secretKey) => readDlocalNotification(signNotification({ login: creds.login, secretKey: secret, date, body }), body, creds);

  it('reads a payment, and a refund (its status_code a number, as in the docs)', () => {
    expect(read(JSON.stringify(payment('PAID', '200')))).toMatchObject({ kind: 'payment', payment: { id: 'D-4-a', status: 'PAID' } });
    const refund = { id: 'REF-1', payment_id: 'D-4-a', amount: 10, currency: 'DOP', status: 'SUCCESS', status_code: 200 };
    expect(read(JSON.stringify(refund))).toMatchObject({ kind: 'refund', refund: { id: 'REF-1', status_code: '200' } });
  });

  it('refuses a bad signature, a body that is no JSON, and an object of another shape', () => {
    expect(read(JSON.stringify(payment('PAID', '200')), 'other')).toEqual({ kind: 'invalid', reason: 'signature' });
    expect(read('{not json')).toEqual({ kind: 'invalid', reason: 'body' });
    expect(read(JSON.stringify({ id: 1 }))).toEqual({ kind: 'invalid', reason: 'body' });
    expect(read(JSON.stringify({ payment_id: 'D-4-a' }))).toEqual({ kind: 'invalid', reason: 'body' });
  });
});
