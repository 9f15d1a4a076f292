import { describe, expect, it } from 'vitest';
import { clientProfileCompletion, contractorProfileCompletion } from './profile-completion.ts';

describe('clientProfileCompletion', () => {
  it('counts the five fields, blanks as missing', () => {
    const c = clientProfileCompletion({ firstName: 'Lucía', lastName: 'Peña', email: 'l@e.do', phone: '  ', address: null });
    expect(c).toEqual({ done: 3, total: 5, percent: 60, missing: ['phone', 'address'] });
    expect(clientProfileCompletion({ firstName: 'a', lastName: 'b', email: 'c', phone: 'd', address: 'e' }).percent).toBe(100);
  });
});

describe('contractorProfileCompletion', () => {
  const full = {
    firstName: 'Ramón',
    lastName: 'Báez',
    email: 'r@e.do',
    phone: '809-555-0123',
    address: 'Calle 1',
    cedula: '001-0000001-7',
    companyName: 'Báez SRL',
    city: 'santiago',
    description: 'Plomero.',
    serviceTypes: ['plomeria'],
    hasPhoto: true,
  };

  it('has 11 checks and reaches 100 only when all pass', () => {
    expect(contractorProfileCompletion(full)).toEqual({ done: 11, total: 11, percent: 100, missing: [] });
  });

  it('does not count a cédula with a wrong check digit, no services or no photo', () => {
    const c = contractorProfileCompletion({ ...full, cedula: '001-0000001-8', serviceTypes: [], hasPhoto: false });
    expect(c.done).toBe(8);
    expect(c.percent).toBe(72);
    expect(c.missing).toEqual(['cedula', 'photo', 'serviceTypes']);
  });
});
