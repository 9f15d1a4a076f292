import type { CountryCode } from '@arreglaya/shared/countries';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listedWordCounts as wordCounts } from '../../db/schema/index.ts';
import type { ListedLexeme, WordLexemes } from './directory-rule.ts';

// The words of a search as the listed contractors have them (decision 076, "Amended 2026-12-07 (round six)"):
// each word is the start of a word (a prefix of its Spanish stem), and which whole stems it
// starts among the listed contractors the triggers keep in listed_word_counts (migration 0065:
// every lexeme of every listed contractor's search_vector, per country, in the same transaction
// as every change). Matching those stems exactly in contractor_profiles_search_idx reads each
// one's posting list with skipping; a prefix (`mari:*`) first gathers every item of every stem it
// starts into a bitmap: 'maria rodriguez' 4.4 ms in the index against 0.5.

/** A word that starts more stems than this is matched as a prefix (a letter or two: 'a', 'ce'). */
export const MAX_LEXEMES_A_WORD = 64;

/**
 * The listed stems each of `words` starts, with how many listed contractors (in `country`, else
 * in every country) have each: one statement for all the words. A word absent from the answer
 * is matched as a prefix: a Spanish stop word ('de', dropped by to_tsquery as before), a word
 * the parser splits into several tokens, or one that starts more than MAX_LEXEMES_A_WORD stems.
 * An empty list: no listed contractor has a word it starts.
 */
export async function listedLexemes(db: DbOrTx, words: readonly string[], country: CountryCode | undefined): Promise<WordLexemes> {
  const distinct = [...new Set(words)];
  if (distinct.length === 0) return new Map();
  // Words are letters and digits only (searchWords), so a space separates them safely.
  const result = await db.execute<{ word: string; lexeme: string | null; listed: number | null }>(sql`
    SELECT u.word, l.lexeme, l.listed FROM unnest(string_to_array(${distinct.join(' ')}, ' ')) AS u(word)
    CROSS JOIN LATERAL (SELECT to_tsquery('public.es_unaccent', u.word || ':*') AS q) w
    LEFT JOIN LATERAL (
      SELECT ${wordCounts.lexeme} AS lexeme, sum(${wordCounts.listed})::int AS listed FROM ${wordCounts}
      WHERE array_to_tsvector(ARRAY[${wordCounts.lexeme}]) @@ w.q AND (${country ?? null}::country_code IS NULL OR ${wordCounts.country} = ${country ?? null}::country_code)
      GROUP BY ${wordCounts.lexeme} HAVING sum(${wordCounts.listed}) > 0
      LIMIT ${MAX_LEXEMES_A_WORD + 1}
    ) l ON true
    WHERE numnode(w.q) = 1`);
  const found = new Map<string, ListedLexeme[]>(distinct.map((w) => [w, []]));
  const single = new Set<string>();
  for (const row of result.rows) {
    single.add(row.word);
    if (row.lexeme !== null) found.get(row.word)!.push({ lexeme: row.lexeme, listed: Number(row.listed) });
  }
  return new Map([...found].filter(([word, lexemes]) => single.has(word) && lexemes.length <= MAX_LEXEMES_A_WORD));
}
