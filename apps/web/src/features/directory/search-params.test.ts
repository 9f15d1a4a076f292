import { describe, expect, it } from 'vitest';
import { DirectorySearchSchema, type DirectorySearch } from '@arreglaya/shared/schemas/directory';
import { SERVICE_TYPES } from '@arreglaya/shared/domain';
import { placeOfField } from '@arreglaya/shared/places';
import { placeTextAsIs, readSearch as readWith, writeSearch } from './search-params.ts';

/** The server renderer's reader: every country's places (the browser's keeps the text until it has them). */
const readSearch = (params: URLSearchParams) => readWith(params, (text) => placeOfField(text)?.slug);

/** What the API makes of a URL's query: each key its schema refuses is left out, as a hand-edited link's. */
function bySchema(params: URLSearchParams): DirectorySearch {
  const raw: Record<string, string | string[]> = {};
  for (const key of ['q', 'type', 'country', 'city', 'zone', 'donde', 'proyecto', 'sort', 'page']) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  for (const key of ['service', 'rating']) {
    const values = params.getAll(key);
    if (values.length > 0) raw[key] = values.length === 1 ? values[0]! : values;
  }
  const refused = new Set(DirectorySearchSchema.safeParse(raw).error?.issues.map((issue) => String(issue.path[0])));
  for (const key of refused) delete raw[key];
  return DirectorySearchSchema.parse(raw);
}

/** Values for each key: allowed, refused, empty, padded, repeated, too long, odd numbers. */
const VALUES: Record<string, (string | string[])[]> = {
  q: [
    'plomero',
    '  pintor  ',
    '',
    '   ',
    'a'.repeat(100),
    'a'.repeat(101),
    ` ${'b'.repeat(100)} `,
    'José Núñez',
    ['uno', 'dos'],
    'a\u0000b',
    'plomero\nsanto',
    'x\ty',
    ' plomero\n',
    'del\u007f',
    '\u001b[31m',
    'línea\u2028nueva',
  ],
  service: [
    'plomeria',
    'nada',
    ['plomeria', 'electricidad'],
    ['plomeria', 'plomeria'],
    ['plomeria', 'nada'],
    Array<string>(SERVICE_TYPES.length + 1).fill('plomeria'),
    [...SERVICE_TYPES],
    '',
  ],
  type: ['plomeria', 'electricidad', 'nada', '', ['electricidad', 'plomeria']],
  country: ['DO', 'CO', 'do', 'XX', ''],
  city: ['santo-domingo', ' santiago ', 'Santiago', 'san josé', '', 'c'.repeat(60), 'c'.repeat(61), ['medellin', 'cali']],
  zone: ['SD', 'DN', 'sd', 'XX', ''],
  rating: ['star4', 'withReviews', 'star9', ['star1', 'star5'], ['star1', 'star1'], Array<string>(7).fill('star2'), ''],
  sort: ['reviews', 'rating_asc', 'popular', 'distance', 'best', ''],
  donde: ['naco', ' naco ', 'NACO', 'Naco', 'Naco, Santo Domingo', 'piantini, santo domingo', 'Santo Domingo', 'Naco, Santiago', 'los-jardines', 'atlantida', '', 'c'.repeat(61)],
  proyecto: ['6f1c2a0e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', '6F1C2A0E-3B4D-4E5F-8A9B-0C1D2E3F4A5B', 'no-es-un-id', ''],
  page: ['1', '2', '1000', '1001', '0', '-3', '2.5', '2.0', ' 7 ', '', 'abc', '1e2', '0x10', 'Infinity', '9007199254740993', ['3', '4']],
};

function query(entries: [string, string | string[]][]): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of entries) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  return params;
}

describe('readSearch (the /busqueda URL, read without zod)', () => {
  it('reads every value of every key as the API schema does', () => {
    for (const [key, values] of Object.entries(VALUES)) {
      for (const value of values) {
        const params = query([[key, value]]);
        expect(readSearch(params), params.toString()).toEqual(bySchema(params));
      }
    }
  });

  it('reads combinations of keys as the API schema does, type merged into service', () => {
    const keys = Object.keys(VALUES);
    // Every pair of keys, each value of the first with each value of the second.
    for (const [i, first] of keys.entries()) {
      for (const second of keys.slice(i + 1)) {
        for (const a of VALUES[first]!) {
          for (const b of VALUES[second]!) {
            const params = query([
              [first, a],
              [second, b],
            ]);
            expect(readSearch(params), params.toString()).toEqual(bySchema(params));
          }
        }
      }
    }
  });

  it('reads back the URL it writes', () => {
    const search = readSearch(new URLSearchParams('q=techo&service=pintura&type=plomeria&country=DO&city=santiago&zone=SD&rating=star4&donde=naco&sort=distance&page=3'));
    expect(search).toEqual({
      q: 'techo',
      service: ['pintura', 'plomeria'],
      country: 'DO',
      city: 'santiago',
      zone: 'SD',
      rating: ['star4'],
      donde: 'naco',
      sort: 'distance',
      page: 3,
    });
    expect(readSearch(writeSearch(search))).toEqual(search);
  });

  it("in the browser, before the page's places are loaded, keeps the place's text for the API to read", () => {
    const params = new URLSearchParams('donde=%20Naco%20&q=plomero');
    expect(readWith(params, placeTextAsIs).donde).toBe('Naco');
    expect(readWith(new URLSearchParams('donde=naco'), placeTextAsIs)).toEqual(readSearch(new URLSearchParams('donde=naco')));
    expect(readWith(new URLSearchParams(`donde=${'c'.repeat(61)}`), placeTextAsIs).donde).toBeUndefined();
    // The API takes the kept text to the same place.
    expect(DirectorySearchSchema.parse({ donde: 'Naco' }).donde).toBe('naco');
  });
});
