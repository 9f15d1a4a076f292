import { describe, expect, it } from 'vitest';
import { messaging } from '../i18n/messaging.ts';
import { COUNTRIES } from '../countries.ts';
import { AddPhoneSchema, normalizeDominicanPhone, normalizePhone } from './phone.ts';

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
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['number'], message: messaging.phone.invalidNumberFor('República Dominicana', COUNTRIES.DO.phoneExample) });
    expect(AddPhoneSchema.parse({ number: '(809) 555-1234', channel: 'sms' })).toEqual({ number: '+18095551234', channel: 'sms' });
  });
});

describe('Colombian and Mexican numbers (decision 065)', () => {
  it.each([
    ['301 234 5678', 'CO', '+573012345678'],
    ['+57 301 234 5678', 'DO', '+573012345678'],
    ['57 3012345678', 'MX', '+573012345678'],
    ['601 234 5678', 'CO', '+576012345678'],
    ['55 1234 5678', 'MX', '+525512345678'],
    ['(33) 1234-5678', 'MX', '+523312345678'],
    ['+52 1 55 1234 5678', 'CO', '+525512345678'],
    ['+52 55 1234 5678', 'DO', '+525512345678'],
    ['809-555-1234', 'CO', null],
    ['+1 809 555 1234', 'MX', '+18095551234'],
  ] as const)('%s for a person in %s → %s', (input, country, e164) => {
    expect(normalizePhone(input, country)).toBe(e164);
  });

  it.each([
    ['201 234 5678', 'CO', 'a Colombian number starting with 2'],
    ['301 234 567', 'CO', 'nine digits'],
    ['+57 301 234 56789', 'CO', 'eleven digits after +57'],
    ['05 1234 5678', 'MX', 'a Mexican number starting with 0'],
    ['55 1234 567', 'MX', 'nine digits'],
    ['+52 15 1234 5678', 'MX', 'a number starting with 1 after +52'],
    ['3012345678', 'DO', 'a Colombian mobile without +57, for a Dominican'],
  ] as const)('refuses %s in %s (%s)', (input, country, why) => {
    expect(normalizePhone(input, country), why).toBeNull();
  });

  it("the schema reads a national number in the person's country and names its example when it fails", () => {
    expect(AddPhoneSchema.parse({ number: '301 234 5678', channel: 'sms', country: 'CO' })).toEqual({ number: '+573012345678', channel: 'sms' });
    expect(AddPhoneSchema.safeParse({ number: '301 234 567', channel: 'sms', country: 'CO' }).error?.issues[0]?.message).toBe(
      messaging.phone.invalidNumberFor('Colombia', COUNTRIES.CO.phoneExample),
    );
    expect(AddPhoneSchema.safeParse({ number: '55 1234 5678', channel: 'sms', country: 'PE' }).success).toBe(false);
  });
});
