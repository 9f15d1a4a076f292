import { describe, expect, it } from 'vitest';
import { findContactInfo, splitByMatches } from './moderation-rules.ts';

const kinds = (text: string) => findContactInfo(text).map((m) => [m.kind, m.text]);

describe('findContactInfo', () => {
  it('finds Dominican phone numbers written the usual ways', () => {
    expect(kinds('Llámame al 809-555-1234 hoy')).toEqual([['phone', '809-555-1234']]);
    expect(kinds('WhatsApp +1 829 555 1234')).toEqual([['phone', '+1 829 555 1234']]);
    expect(kinds('Tel. (849) 555.9876 o 8095551234')).toEqual([
      ['phone', '(849) 555.9876'],
      ['phone', '8095551234'],
    ]);
    expect(kinds('local 555-1234')).toEqual([['phone', '555-1234']]);
  });

  it('finds e-mail addresses and web addresses, an e-mail not also as a web address', () => {
    expect(kinds('Escríbeme: ramon.baez@correo.com.do')).toEqual([['email', 'ramon.baez@correo.com.do']]);
    expect(kinds('Ver https://ejemplo.com/trabajos y www.plomeros.do')).toEqual([
      ['url', 'https://ejemplo.com/trabajos'],
      ['url', 'www.plomeros.do'],
    ]);
    expect(kinds('mi página plomeriaramon.com')).toEqual([['url', 'plomeriaramon.com']]);
  });

  it('leaves ordinary descriptions alone: years, prices, counts, measures', () => {
    expect(findContactInfo('Plomería residencial desde 2009. Más de 150 trabajos, tuberías de 1.5 pulgadas, desde RD$ 2,500.')).toEqual([]);
    expect(findContactInfo('')).toEqual([]);
  });

  it('splits the text around the matches for highlighting, losing nothing', () => {
    const text = 'Llama al 809-555-1234 o escribe a a@b.com.';
    const parts = splitByMatches(text, findContactInfo(text));
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['809-555-1234', 'a@b.com']);
  });
});
