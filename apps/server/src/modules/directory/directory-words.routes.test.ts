import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractor, emptyDirectory, names, search, setUpDirectoryApp, t } from './directory-test-kit.ts';
import { listedLexemes, MAX_LEXEMES_A_WORD } from './directory-words.repository.ts';

// A search's words are matched as the whole stems they start among the listed contractors
// (listedLexemes, from listed_word_counts), the same contractors a prefix finds (decision 076,
// "Amended 2026-12-07 (round six)"): several stems, stop words, a word starting too many stems, a stem with
// a hyphen, the words of unlisted accounts, and a word nobody listed has.

setUpDirectoryApp();

/** More words starting with 'zq' than a word may expand to: consonant endings, so each is its own stem. */
const ZQ_WORDS = Array.from({ length: MAX_LEXEMES_A_WORD + 6 }, (_, i) => `zq${'bcdfghjklmnprstvxz'[i % 18]}${'bcdfghjklmnprstvxz'[Math.floor(i / 18)]}k`);

describe('words matched as the listed stems they start', () => {
  beforeAll(async () => {
    await emptyDirectory();
    await contractor('María Rodríguez', { description: 'Cerámica y pisos.' });
    await contractor('Mariel Santos', { description: 'Instalaciones de la casa.' });
    await contractor('Marisol Peña', { description: "Servicio mari-lu para condominios: www.zqweb.do/a:b/c'd" });
    await contractor('Zoila Zeta', { description: ZQ_WORDS.join(' ') });
    await contractor('Oculto Baneado', { description: 'Palabraoculta secreta.' }, { status: 'banned', bannedAt: new Date() });
  });

  it('a word starting several stems finds each of them, a hyphenated one and an address too', async () => {
    const mari = (await listedLexemes(t.db, ['mari'], undefined)).get('mari')!;
    expect(mari.map((l) => l.lexeme).sort()).toEqual(['mari', 'mari-lu', 'mariel', 'marisol']);
    expect(new Set(names(await search('?q=mari')))).toEqual(new Set(['María Rodríguez', 'Mariel Santos', 'Marisol Peña']));
    expect(names(await search(`?q=${encodeURIComponent('mari rodriguez')}`))).toEqual(['María Rodríguez']);
    expect(names(await search(`?q=${encodeURIComponent('mari-lu')}`))).toEqual(['Marisol Peña']);
    // A web address is a stem with a colon and a quote, which a tsquery reads only quoted.
    expect((await listedLexemes(t.db, ['www'], undefined)).get('www')!.map((l) => l.lexeme)).toContain("www.zqweb.do/a:b/c'd");
    expect(names(await search('?q=www'))).toEqual(['Marisol Peña']);
  });

  it('a word starting more stems than a word may expand to is matched as a prefix, and still finds', async () => {
    expect(await listedLexemes(t.db, ['zq'], undefined)).toEqual(new Map());
    expect(names(await search('?q=zq'))).toEqual(['Zoila Zeta']);
    expect((await listedLexemes(t.db, [ZQ_WORDS[0]!], undefined)).get(ZQ_WORDS[0]!)).toHaveLength(1);
    expect(names(await search(`?q=${ZQ_WORDS[MAX_LEXEMES_A_WORD + 5]}`))).toEqual(['Zoila Zeta']);
  });

  it('stop words are left to the text search, which drops them, as before', async () => {
    expect((await listedLexemes(t.db, ['de', 'la', 'casa'], undefined)).has('de')).toBe(false);
    expect(names(await search(`?q=${encodeURIComponent('de la casa')}`))).toEqual(['Mariel Santos']);
  });

  it("an unlisted account's words are nobody's: no stem, no result", async () => {
    expect((await listedLexemes(t.db, ['palabraoculta'], undefined)).get('palabraoculta')).toEqual([]);
    expect(await search('?q=palabraoculta')).toMatchObject({ items: [], total: 0 });
  });

  it('a word nobody listed has falls back to names close to it (a typo)', async () => {
    expect((await listedLexemes(t.db, ['rodrigez'], undefined)).get('rodrigez')).toEqual([]);
    expect(names(await search(`?q=${encodeURIComponent('maria rodrigez')}`))).toEqual(['María Rodríguez']);
  });

  it('in a country, only the stems of the listed contractors there', async () => {
    expect((await listedLexemes(t.db, ['mari'], 'CO')).get('mari')).toEqual([]);
    expect(await search('?q=mari&country=CO')).toMatchObject({ items: [], total: 0 });
  });

  it("a word starting one stem is counted from the triggers' counts", async () => {
    expect(await search('?q=ceramica')).toMatchObject({ total: 1 });
    // It is listed_word_counts that answers: as if two more had the stem, the total follows.
    await t.db.execute(sql`UPDATE listed_word_counts SET listed = listed + 2 WHERE lexeme = 'ceram'`);
    try {
      expect(await search('?q=ceramica')).toMatchObject({ total: 3 });
    } finally {
      await t.db.execute(sql`UPDATE listed_word_counts SET listed = listed - 2 WHERE lexeme = 'ceram'`);
    }
  });
});
