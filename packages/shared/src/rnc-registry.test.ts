import { describe, expect, it } from 'vitest';
import { isRncActive, parseRncLine } from './rnc-registry.ts';

describe('parseRncLine (DGII_RNC.TXT)', () => {
  it('reads the RNC, razón social, nombre comercial, actividad and estado of an 11-field line', () => {
    const line = '101000009|CONSTRUCTORA  EJEMPLO SRL |EL EJEMPLO|CONSTRUCCION DE EDIFICIOS| | | | |15/03/1998|ACTIVO|NORMAL\r';
    expect(parseRncLine(line)).toEqual({ rnc: '101000009', name: 'CONSTRUCTORA EJEMPLO SRL', tradeName: 'EL EJEMPLO', activity: 'CONSTRUCCION DE EDIFICIOS', status: 'ACTIVO' });
  });

  it('keeps a person’s 11-digit number and leaves empty optional fields null', () => {
    expect(parseRncLine('00100000169|JOSÉ PÉREZ| | | | | | |01/01/2010|SUSPENDIDO|NORMAL')).toMatchObject({
      rnc: '00100000169',
      tradeName: null,
      activity: null,
      status: 'SUSPENDIDO',
    });
  });

  it('skips lines that are not registry lines', () => {
    expect(parseRncLine('')).toBeNull();
    expect(parseRncLine('linea invalida')).toBeNull();
    expect(parseRncLine('12AB|NOMBRE| | | | | | |01/01/2010|ACTIVO|NORMAL')).toBeNull();
    expect(parseRncLine('101000009| | | | | | | |01/01/2010|ACTIVO|NORMAL')).toBeNull();
    expect(parseRncLine('101000009|NOMBRE|X|Y')).toBeNull();
  });

  it('calls only ACTIVO active', () => {
    expect(isRncActive('ACTIVO')).toBe(true);
    expect(isRncActive(' activo ')).toBe(true);
    expect(isRncActive('SUSPENDIDO')).toBe(false);
    expect(isRncActive('DADO DE BAJA')).toBe(false);
  });
});
