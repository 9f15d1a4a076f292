import { describe, expect, it } from 'vitest';
import { formatPhone, whatsAppNumber } from './format-phone.ts';

// One way to show a phone number (issue 46, item 13): the national format of the person's country,
// whatever way it was typed or stored (E.164 for WhatsApp/SMS, as typed on the profile).

describe('formatPhone', () => {
  it.each([
    ['+18095550199', 'E.164'],
    ['18095550199', 'with the 1 and no plus'],
    ['809-555-0199', 'with dashes'],
    ['809 555 0199', 'with spaces'],
    ['(809) 555-0199', 'already national'],
    ['+1 809.555.0199', 'with dots'],
  ])('writes a Dominican number %s (%s) as (809) 555-0199', (input) => {
    expect(formatPhone(input, 'DO')).toBe('(809) 555-0199');
  });

  it('writes a Colombian and a Mexican number the way each country does', () => {
    expect(formatPhone('3012345678', 'CO')).toBe('301 234 5678');
    expect(formatPhone('+57 301 234 5678', 'CO')).toBe('301 234 5678');
    expect(formatPhone('5512345678', 'MX')).toBe('55 1234 5678');
    expect(formatPhone('+52-55-1234-5678', 'MX')).toBe('55 1234 5678');
  });

  it('writes an international number by its own country when it carries its prefix', () => {
    expect(formatPhone('+18295552345', 'CO')).toBe('(829) 555-2345');
  });

  it('leaves a number it cannot read as it was typed', () => {
    expect(formatPhone(' 555-1234 ', 'DO')).toBe('555-1234');
    expect(formatPhone('+44 20 7946 0958', 'DO')).toBe('+44 20 7946 0958');
  });
});

describe('whatsAppNumber', () => {
  it.each([
    ['809-555-0199', 'DO', '18095550199'],
    ['(829) 555-0199', 'DO', '18295550199'],
    ['+1 809 555 0199', 'CO', '18095550199'],
    ['301 234 5678', 'CO', '573012345678'],
    ['55 1234 5678', 'MX', '525512345678'],
  ] as const)('writes %s typed in %s as the digits wa.me takes (%s)', (input, country, digits) => {
    expect(whatsAppNumber(input, country)).toBe(digits);
  });

  it('answers null for what is no country’s number', () => {
    expect(whatsAppNumber('555-0199', 'DO')).toBeNull();
    expect(whatsAppNumber('mi vecino', 'DO')).toBeNull();
  });
});
