import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES } from './domain.ts';
import { COUNTRY_TRADE_WORDS, normaliseTradeWord, servicesOfWord, splitTradeWords, tradeWordsOf } from './trade-words.ts';

describe('trade words', () => {
  it('every service has words, written as they are compared (lower case, no accents)', () => {
    for (const service of SERVICE_TYPES) {
      const words = tradeWordsOf(service);
      expect(words.length, service).toBeGreaterThanOrEqual(3);
      for (const w of words) {
        expect(normaliseTradeWord(w), w).toBe(w);
        expect(servicesOfWord(w), w).toContain(service);
      }
    }
  });

  it('finds the service whatever the accents, case, plural or feminine form', () => {
    expect(servicesOfWord('Plomera')).toEqual(['plomeria']);
    expect(servicesOfWord('PLOMERÍA')).toEqual(['plomeria']);
    expect(servicesOfWord('electricistas')).toEqual(['electricidad']);
    expect(servicesOfWord('Albañiles')).toEqual(['remodelacion']);
    expect(servicesOfWord('pintoras')).toEqual(['pintura']);
    expect(servicesOfWord('cámaras')).toEqual(['seguridad']);
    expect(servicesOfWord('neveras')).toEqual(['refrigeracion']);
    expect(servicesOfWord('doméstica')).toEqual(['limpieza']);
    expect(servicesOfWord('carpintero')).toEqual(['ebanisteria']);
    expect(servicesOfWord('martinez')).toEqual([]);
  });

  it('drops words that only go with a trade, and only when there is one', () => {
    expect(splitTradeWords(['técnico', 'de', 'aire', 'santiago'])).toEqual({ trades: [{ word: 'aire', services: ['aire'] }], others: ['santiago'] });
    expect(splitTradeWords(['maestro', 'de', 'obra']).others).toEqual([]);
    expect(splitTradeWords(['técnico', 'de', 'la', 'cruz'])).toEqual({ trades: [], others: ['técnico', 'de', 'la', 'cruz'] });
  });

  it("knows how Mexico and Colombia say the trades (decision 065), each word one service's, written as compared", () => {
    for (const table of Object.values(COUNTRY_TRADE_WORDS)) {
      for (const [service, words] of Object.entries(table)) {
        for (const w of words) {
          expect(normaliseTradeWord(w), w).toBe(w);
          expect(w, 'one word: queries are split on spaces').not.toMatch(/\s/);
          expect(servicesOfWord(w), w).toEqual([service]);
        }
      }
    }
    expect(servicesOfWord('Tablaroquero')).toEqual(['remodelacion']);
    expect(servicesOfWord('impermeabilizador')).toEqual(['remodelacion']);
    expect(servicesOfWord('minisplit')).toEqual(['aire']);
    expect(servicesOfWord('fontanero')).toEqual(['plomeria']);
    expect(servicesOfWord('trasteo')).toEqual(['mudanza']);
    expect(splitTradeWords(['instalador', 'de', 'minisplit'])).toEqual({ trades: [{ word: 'minisplit', services: ['aire'] }], others: [] });
  });
});
