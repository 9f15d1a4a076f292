import { describe, expect, it } from 'vitest';
import { messaging } from '../i18n/messaging.ts';
import { AddPhoneSchema, normalizeDominicanPhone } from './phone.ts';

describe('Dominican phone numbers to E.164', () => {
  it.each([
    ['809-555-1234', '+18095551234'],
    ['(829) 555 1234', '+18295551234'],
    ['849.555.1234', '+18495551234'],
    ['8095551234', '+18095551234'],
    ['18095551234', '+18095551234'],
    ['1 809 555 1234', '+18095551234'],
    ['+1 809 555 1234', '+18095551234'],
    ['+1 (849) 555-1234', '+18495551234'],
    ['+18295551234', '+18295551234'],
    ['  809 555 1234  ', '+18095551234'],
  ])('%s → %s', (input, e164) => {
    expect(normalizeDominicanPhone(input)).toBe(e164);
  });

  it.each([
    ['212-555-1234', 'a US area code'],
    ['+52 55 5555 1234', 'a Mexican number'],
    ['+809 555 1234', 'a plus without the country code'],
    ['809 555 123', 'nine digits'],
    ['809 555 12345', 'eleven digits not starting with 1'],
    ['28095551234', 'a country code other than 1'],
    ['809 155 1234', 'an exchange starting with 1'],
    ['809-555-abcd', 'letters'],
    ['809/555/1234', 'slashes'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizeDominicanPhone(input)).toBeNull();
  });

  it('the form and the API answer a bad number in Spanish, on its field', () => {
    const parsed = AddPhoneSchema.safeParse({ number: '555-1234', channel: 'whatsapp' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['number'], message: messaging.phone.invalidNumber });
    expect(AddPhoneSchema.parse({ number: '(809) 555-1234', channel: 'sms' })).toEqual({ number: '+18095551234', channel: 'sms' });
  });
});
