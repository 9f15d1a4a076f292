import { describe, expect, it } from 'vitest';
import { badgeText } from './badge-text.ts';

const base = { decidedAt: '2026-12-06T15:00:00Z', issuedOn: null, expiresOn: null, registeredName: null, issuer: null, title: null };

describe('badgeText: what was checked and when', () => {
  it('names the review date of a cédula and the registered name of an RNC', () => {
    expect(badgeText({ ...base, kind: 'cedula' }, 'es-DO')).toBe('Cédula verificada · revisada el 06 dic 2026');
    expect(badgeText({ ...base, kind: 'rnc', registeredName: 'CONSTRUCCIONES PEÑA SRL' }, 'es-DO')).toBe('RNC verificado: CONSTRUCCIONES PEÑA SRL · revisado el 06 dic 2026');
  });

  it('gives a criminal-record certificate its issue date and expiry, as calendar days', () => {
    expect(badgeText({ ...base, kind: 'criminal_record', issuedOn: '2026-11-02', expiresOn: '2027-11-02' }, 'es-DO')).toBe(
      'Antecedentes penales: certificado del 02 nov 2026 · vence el 02 nov 2027',
    );
  });

  it('gives a trade certificate its title and issuer', () => {
    expect(badgeText({ ...base, kind: 'trade_certificate', title: 'Electricista residencial', issuer: 'INFOTEP' }, 'es-DO')).toBe(
      'Electricista residencial (INFOTEP) · revisado el 06 dic 2026',
    );
  });
});
