import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CROCKFORD_ALPHABET,
  REFERENCE_LENGTH,
  findReferenceIn,
  findReferencesIn,
  formatReference,
  isValidReference,
  newTransferReference,
  normalizeReference,
} from './transfer-reference.ts';

const bytes = fc.uint8Array({ minLength: 5, maxLength: 5 });
const reference = bytes.map((b) => newTransferReference(() => b));
/** A fixed, known-good reference for the table cases. */
const REF = newTransferReference(() => new Uint8Array([0x3a, 0x4c, 0x9e, 0x21, 0x7f]));

/** The ways a person or a bank writes a reference down: case, separators, look-alikes. */
function mangle(ref: string, opts: { lower: boolean[]; separators: string[]; lookAlikes: boolean[] }): string {
  let out = '';
  for (let i = 0; i < ref.length; i++) {
    let c = ref[i]!;
    if (i >= 2 && opts.lookAlikes[i % opts.lookAlikes.length]) c = c === '0' ? 'O' : c === '1' ? (i % 2 ? 'I' : 'L') : c;
    if (opts.lower[i % opts.lower.length]) c = c.toLowerCase();
    out += c;
    if (i < ref.length - 1) out += opts.separators[i % opts.separators.length] ?? '';
  }
  return out;
}
const mangling = fc.record({
  lower: fc.array(fc.boolean(), { minLength: 1, maxLength: 11 }),
  separators: fc.array(fc.constantFrom('', '', '', ' ', '-', '.', ' - ', '/'), { minLength: 1, maxLength: 11 }),
  lookAlikes: fc.array(fc.boolean(), { minLength: 1, maxLength: 11 }),
});
/** Words a bank puts around the reference (none of them ends in "AY", none holds a reference). */
const word = fc.constantFrom('PAGO', 'TRANSF', 'TRANSFERENCIA', 'JUAN', 'PEREZ', 'DE', 'BHD', 'LBTR', 'ACH', 'REF:', 'Concepto:', '12345', 'proyecto', 'baño', 'Núñez');

describe('newTransferReference', () => {
  it('makes an 11-character reference that passes its own check', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        expect(ref).toHaveLength(REFERENCE_LENGTH);
        expect(ref).toMatch(/^AY[0-9A-HJKMNP-TV-Z]{9}$/);
        expect(normalizeReference(ref)).toBe(ref);
      }),
    );
  });

  it('uses the 40 random bits in order and Web Crypto by default', () => {
    expect(newTransferReference(() => new Uint8Array(5)).slice(0, 10)).toBe('AY00000000');
    expect(newTransferReference(() => new Uint8Array([255, 255, 255, 255, 255])).slice(0, 10)).toBe('AYZZZZZZZZ');
    // 0x08 0x86 0x42 0x98 0xe8 = 00001 00010 00011 00100 00101 00110 00111 01000
    expect(newTransferReference(() => new Uint8Array([0x08, 0x86, 0x42, 0x98, 0xe8])).slice(0, 10)).toBe('AY12345678');
    const drawn = new Set(Array.from({ length: 200 }, () => newTransferReference()));
    expect(drawn.size).toBe(200);
    for (const ref of drawn) expect(isValidReference(ref)).toBe(true);
  });

  it('refuses a random source with fewer than 5 bytes', () => {
    expect(() => newTransferReference(() => new Uint8Array(4))).toThrow();
  });
});

describe('normalizeReference and formatReference', () => {
  it('round-trips the grouped form, fits a bank description and reads any mangling back', () => {
    fc.assert(
      fc.property(reference, mangling, (ref, how) => {
        const grouped = formatReference(ref);
        expect(grouped).toMatch(/^AY-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
        expect(grouped.length).toBeLessThanOrEqual(20);
        expect(normalizeReference(grouped)).toBe(ref);
        expect(normalizeReference(mangle(ref, how))).toBe(ref);
        // Without the prefix too (a person typing into the console's search).
        expect(normalizeReference(grouped.slice(3))).toBe(ref);
      }),
    );
  });

  it('rejects every single wrong symbol', () => {
    fc.assert(
      fc.property(reference, fc.integer({ min: 2, max: REFERENCE_LENGTH - 1 }), fc.integer({ min: 1, max: 31 }), (ref, at, shift) => {
        const wrong = CROCKFORD_ALPHABET[(CROCKFORD_ALPHABET.indexOf(ref[at]!) + shift) % 32]!;
        const typo = ref.slice(0, at) + wrong + ref.slice(at + 1);
        expect(normalizeReference(typo)).toBeNull();
        expect(findReferenceIn(`PAGO ${typo} JUAN`)).toBeNull();
      }),
    );
  });

  it('rejects every swap of two different neighbouring symbols, the check symbol included', () => {
    fc.assert(
      fc.property(reference, fc.integer({ min: 2, max: REFERENCE_LENGTH - 2 }), (ref, at) => {
        fc.pre(ref[at] !== ref[at + 1]);
        const swapped = ref.slice(0, at) + ref[at + 1] + ref[at] + ref.slice(at + 2);
        expect(normalizeReference(swapped)).toBeNull();
      }),
    );
  });

  it.each([
    ['', null],
    ['AY', null],
    ['AY-7K3M-9QXD', null],
    ['AYU0000000', null],
    ['BY' + REF.slice(2), null],
    [REF + '7', null],
    [REF.replace('AY', 'AY U'), null],
    [REF.toLowerCase(), REF],
    [` ${formatReference(REF)} `, REF],
    [formatReference(REF).replaceAll('-', '.'), REF],
  ])('normalizeReference(%j) is %j', (input, expected) => {
    expect(normalizeReference(input)).toBe(expected);
  });

  it('leaves what is not a reference unchanged when formatting', () => {
    expect(formatReference('hola')).toBe('hola');
  });
});

describe('findReferenceIn', () => {
  it('finds a reference among other words, however mangled', () => {
    fc.assert(
      fc.property(
        reference,
        mangling,
        fc.array(word, { maxLength: 4 }),
        fc.array(word, { maxLength: 4 }),
        fc.constantFrom(' ', ' ', '/', ' - ', ''),
        (ref, how, before, after, glue) => {
          const text = [...before, mangle(ref, how), ...after].join(glue);
          expect(findReferenceIn(text)).toBe(ref);
        },
      ),
    );
  });

  it('finds nothing in descriptions without a reference', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), fc.constantFrom(' ', '', '-'), (words, glue) => {
        expect(findReferenceIn(words.join(glue))).toBeNull();
      }),
    );
  });

  it.each([
    (r: string) => `PAGO ${r} JUAN PEREZ`,
    (r: string) => `pago ${r.toLowerCase()} juan perez`,
    (r: string) => `TRANSF LBTR/${formatReference(r)}/JUAN PEREZ`,
    (r: string) => `PAGO${r}JUANPEREZ`,
    (r: string) => `Concepto: ${formatReference(r).replaceAll('-', ' ')}`,
    (r: string) => `REF.${formatReference(r).replaceAll('-', '.')}.`,
    (r: string) => `${r.slice(0, 6)} ${r.slice(6)}`,
    (r: string) => r.replaceAll('0', 'O').replaceAll('1', 'l'),
    // An "AY" that starts no reference first (a surname, then part of the reference).
    (r: string) => `GARAY ${r.slice(3)} ${r}`,
    // Several references: the first whole-word one.
    (r: string) => `${r} ${newTransferReference(() => new Uint8Array([1, 2, 3, 4, 5]))}`,
  ])('finds the reference in case %#', (text) => {
    expect(findReferenceIn(text(REF))).toBe(REF);
  });

  it('prefers a whole-word reference to one glued across words', () => {
    // Built so that "MURRAY" + the first 9 symbols of another text could read as a reference.
    const other = newTransferReference(() => new Uint8Array([9, 8, 7, 6, 5]));
    expect(findReferenceIn(`MURR${other} ${REF}`)).toBe(REF);
    expect(findReferenceIn(`MURR${other}`)).toBe(other);
  });

  it('ranks glued candidates by the word boundaries they keep, and lists them all', () => {
    const other = newTransferReference(() => new Uint8Array([9, 8, 7, 6, 5]));
    // Starts on a boundary beats ends on one, which beats neither.
    expect(findReferenceIn(`X${other}Y ${REF}Z`)).toBe(REF);
    expect(findReferenceIn(`X${other}Y X${REF}`)).toBe(REF);
    expect(findReferencesIn(`X${other}Y X${REF} ${REF}`)).toEqual([REF, other]);
    expect(findReferencesIn('PAGO JUAN')).toEqual([]);
    // Our own name holds an "AY": whatever it makes with the next words, a real reference comes first.
    for (const glue of [' ', '']) expect(findReferenceIn(['ARREGLAYA', 'APAGOAY', REF].join(glue))).toBe(REF);
  });

  it.each([null, undefined, '', 'PAGO JUAN PEREZ', 'AY', 'AYAYAYAYAYAYAYAY', 'AY-7K3M-9QXD', REF.slice(0, -1), REF.slice(0, -1) + (REF.endsWith('0') ? '1' : '0')])(
    'finds no reference in %j',
    (text) => {
      expect(findReferenceIn(text)).toBeNull();
    },
  );
});
