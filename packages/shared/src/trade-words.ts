import type { CountryCode } from './countries.ts';
import type { ServiceType } from './domain.ts';

// The Spanish words people in the Dominican Republic use for each service (decision 037):
// trade names (plomero), the work (plomería), their plurals and feminine forms, and a few
// frequent misspellings. A search word that is one of them finds everyone offering the
// service, besides those whose text has the word (issue 34). Keys are written without accents
// and in lower case: they are compared after normaliseTradeWord.

const WORDS: Record<ServiceType, readonly string[]> = {
  plomeria: ['plomero', 'plomera', 'plomeros', 'plomeras', 'plomeria', 'plomerias', 'fontanero', 'fontanera', 'fontaneros', 'fontaneria', 'plomelo'],
  electricidad: [
    'electricista',
    'electricistas',
    'electricidad',
    'electrico',
    'electrica',
    'electricos',
    'electricas',
    'eletricista',
    'eletricistas',
    'electrisista',
    'eletricidad',
  ],
  pintura: ['pintor', 'pintora', 'pintores', 'pintoras', 'pintura', 'pinturas'],
  remodelacion: [
    'remodelacion',
    'remodelaciones',
    'remodelador',
    'remodeladora',
    'remodeladores',
    'albanil',
    'albaniles',
    'albanileria',
    'constructor',
    'constructora',
    'constructores',
    'construccion',
    'obra',
    'obras',
    'reforma',
    'reformas',
  ],
  seguridad: ['camara', 'camaras', 'alarma', 'alarmas', 'cctv', 'videovigilancia', 'seguridad', 'electronica'],
  herreria: ['herrero', 'herrera', 'herreros', 'herreria', 'herrerias', 'soldador', 'soldadora', 'soldadores', 'soldadura'],
  limpieza: ['limpieza', 'limpiezas', 'limpiador', 'limpiadora', 'limpiadores', 'limpiadoras', 'domestica', 'domesticas', 'domestico', 'domesticos'],
  jardineria: ['jardinero', 'jardinera', 'jardineros', 'jardineras', 'jardineria', 'paisajista', 'paisajistas', 'paisajismo'],
  ebanisteria: ['ebanista', 'ebanistas', 'ebanisteria', 'carpintero', 'carpintera', 'carpinteros', 'carpinteria', 'carpinterias'],
  mudanza: ['mudanza', 'mudanzas', 'mudancero', 'mudancera', 'mudanceros', 'acarreo', 'acarreos'],
  refrigeracion: ['refrigeracion', 'refrigerador', 'refrigeradores', 'nevera', 'neveras', 'congelador', 'congeladores', 'freezer'],
  cerrajero: ['cerrajero', 'cerrajera', 'cerrajeros', 'cerrajeras', 'cerrajeria', 'cerradura', 'cerraduras', 'cerragero'],
  fumigacion: ['fumigador', 'fumigadora', 'fumigadores', 'fumigacion', 'fumigaciones', 'fumigar', 'plaga', 'plagas', 'exterminador', 'exterminadores', 'fumigasion'],
  aire: ['aire', 'aires', 'acondicionado', 'acondicionados', 'climatizacion', 'climatizador'],
};

/**
 * How Colombia and Mexico say the trades (issue 51, item 5; decision 065), besides the words above
 * that they share with the Dominican Republic (plomero, electricista, pintor, carpintero, herrero,
 * cerrajero, jardinero, albañil…). Every country's words are searched everywhere: a Mexican in
 * Santo Domingo who types "tablaroquero" finds the remodelling contractors all the same.
 */
export const COUNTRY_TRADE_WORDS: Record<Exclude<CountryCode, 'DO'>, Partial<Record<ServiceType, readonly string[]>>> = {
  MX: {
    remodelacion: [
      'tablaroquero',
      'tablaroqueros',
      'tablaroca',
      'impermeabilizador',
      'impermeabilizadores',
      'impermeabilizacion',
      'impermeabilizante',
      'yesero',
      'yeseros',
      'yeseria',
      'azulejero',
      'azulejeros',
    ],
    aire: ['minisplit', 'minisplits', 'clima', 'climas'],
    mudanza: ['flete', 'fletes', 'fletero', 'fleteros'],
    ebanisteria: ['mueblero', 'muebleros'],
  },
  CO: {
    remodelacion: ['enchapador', 'enchapadores', 'enchape', 'drywall', 'estucador', 'estucadores'],
    mudanza: ['trasteo', 'trasteos', 'trasteador', 'trasteadores'],
    limpieza: ['aseo', 'aseadora', 'aseadoras'],
    jardineria: ['poda', 'podas'],
    aire: ['minisplit', 'minisplits'],
    refrigeracion: ['refrigeracionista'],
  },
};

/**
 * Words that only go with a trade ('técnico de aire', 'maestro plomero', 'servicio de
 * limpieza'): dropped from a query that has a trade word, so they do not require the text to
 * say them. Alone (no trade word in the query) they are searched as any word.
 */
const WITH_TRADE = new Set([
  'de',
  'del',
  'la',
  'las',
  'el',
  'los',
  'y',
  'e',
  'en',
  'para',
  'a',
  'un',
  'una',
  'tecnico',
  'tecnica',
  'tecnicos',
  'tecnicas',
  'maestro',
  'maestros',
  'servicio',
  'servicios',
  'instalador',
  'instaladora',
  'instaladores',
]);

/** Lower case without accents ('Albañil' → 'albanil'), as the search compares words (unaccent). */
export function normaliseTradeWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const SERVICES_BY_WORD = new Map<string, ServiceType[]>();
for (const table of [WORDS, ...Object.values(COUNTRY_TRADE_WORDS)]) {
  for (const [service, words] of Object.entries(table) as [ServiceType, readonly string[]][]) {
    for (const w of words) {
      const known = SERVICES_BY_WORD.get(w) ?? [];
      if (!known.includes(service)) SERVICES_BY_WORD.set(w, [...known, service]);
    }
  }
}

/** The services a word names (empty when it names none). */
export function servicesOfWord(word: string): readonly ServiceType[] {
  return SERVICES_BY_WORD.get(normaliseTradeWord(word)) ?? [];
}

/** The words of every service (for tests and the decision record). */
export function tradeWordsOf(service: ServiceType): readonly string[] {
  return WORDS[service];
}

/** A query's words, split: each trade word with its services, and the other words. */
export interface TradeSplit {
  trades: { word: string; services: readonly ServiceType[] }[];
  /** The other words, in order (words that only go with a trade dropped when there is one). */
  others: string[];
}

export function splitTradeWords(words: readonly string[]): TradeSplit {
  const trades: TradeSplit['trades'] = [];
  const rest: string[] = [];
  for (const word of words) {
    const services = servicesOfWord(word);
    if (services.length > 0) trades.push({ word, services });
    else rest.push(word);
  }
  const others = trades.length > 0 ? rest.filter((w) => !WITH_TRADE.has(normaliseTradeWord(w))) : rest;
  return { trades, others };
}

/** Every service the trade words among `words` name (empty when none). */
export function tradeServicesOf(words: readonly string[]): ServiceType[] {
  return [...new Set(splitTradeWords(words).trades.flatMap((t) => t.services))];
}
