/**
 * The requests the directory bench sends, varied like real visitors' (a fixed seed, so two
 * runs send the same sequence): searches with and without filters across sort orders and
 * pages, free text from common trade words to rare surnames, prefixes, missing accents and
 * typos, and the pages of contractors drawn from the whole directory.
 */
import { SERVICE_TYPES } from '@arreglaya/shared/domain';
import { PLACES } from '@arreglaya/shared/places';
import type { DirectorySort } from '@arreglaya/shared/schemas/directory';
import type pg from 'pg';
import { mulberry32, Rng } from '../../apps/server/src/demo/random.ts';
import { TRADE_SHARE } from './generate-directory.ts';

export type DirectoryTargetKey = 'all' | 'service' | 'text' | 'place' | 'page';
export interface DirectoryTarget {
  key: DirectoryTargetKey;
  label: string;
}

export const DIRECTORY_TARGETS: readonly DirectoryTarget[] = [
  { key: 'all', label: 'search, no filter' },
  { key: 'service', label: 'search, service filter' },
  { key: 'text', label: 'search, free text' },
  { key: 'place', label: 'search, place (distance)' },
  { key: 'page', label: 'contractor page' },
];

/** What people type: trades and their words, names (common and rare), companies, places, prefixes, typos, two-word searches and a few that find nothing. */
export const SEARCH_TEXTS = [
  // Trades, with and without accents.
  'plomero',
  'plomeria',
  'plomería',
  'electricista',
  'electricidad',
  'pintor',
  'pintura',
  'remodelacion',
  'aire acondicionado',
  'refrigeración',
  'cerrajero',
  'fumigacion',
  'jardinero',
  'ebanista',
  'mudanzas',
  'herrero',
  'limpieza',
  'camaras de seguridad',
  // Words from profiles, common to rare.
  'filtraciones',
  'tuberias',
  'calentadores',
  'inversores',
  'porcelanato',
  'plafones',
  'alarmas',
  'verjas',
  'portones',
  'closets',
  'caoba',
  'termitas',
  'comejen',
  'neveras',
  'compresores',
  'split',
  'inverter',
  'colchones',
  'grama',
  'riego',
  'cerraduras',
  'cajas fuertes',
  'camiones',
  'texturizados',
  'breakers',
  'garantia',
  'emergencias',
  'whatsapp',
  'impermeabilizantes',
  // People: common and rare first names and surnames.
  'maria',
  'jose',
  'juan carlos',
  'rodriguez',
  'martinez',
  'perez',
  'de la cruz',
  'peña',
  'yokasta',
  'wellington',
  'radhames',
  'altagracia',
  'starlin',
  'zorrilla',
  'objio',
  'pujols',
  'hichez',
  // Companies and places.
  'hermanos',
  'srl',
  'e hijos',
  'asociados',
  'electromecanica',
  'climatizacion',
  'brillo dominicano',
  'verde vivo',
  'cero plagas',
  'santiago',
  'punta cana',
  'cibao',
  'la romana',
  // Prefixes, typos, two words, nothing.
  'plom',
  'electr',
  'refri',
  'rodrigues',
  'martines',
  'plomero santiago',
  'pintura fachadas',
  'maria rodriguez',
  'cerrajero emergencias',
  'piscina',
  'ascensor',
];

const SORT_WEIGHTS: readonly (readonly [DirectorySort, number])[] = [
  ['popular', 70],
  ['rating_desc', 15],
  ['reviews', 10],
  ['rating_asc', 5],
];

/**
 * Listed contractors (the directory's rule), the most popular first: visitors open the pages
 * of contractors near the top of the results far more often than the others.
 */
export async function listedContractorIds(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT u.id FROM users u JOIN contractor_profiles cp ON cp.user_id = u.id
     WHERE u.role = 'contractor' AND u.status = 'active' AND u.email_verified AND u.deleted_at IS NULL AND u.banned_at IS NULL AND cp.listable
     ORDER BY cp.completed_projects DESC, cp.user_id`,
  );
  return rows.map((r) => r.id);
}

/** Trade words typed with a place ('plomero en Naco'). */
const PLACE_TRADE_WORDS = ['plomero', 'electricista', 'pintor', 'albañil', 'técnico de aire', 'cerrajero', 'ebanista', 'herrero'];

function query(params: Record<string, string | number | readonly string[] | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
  }
  const s = qs.toString();
  return s ? `/api/contractors?${s}` : '/api/contractors';
}

/** What a browser's fetch sends: the directory's JSON goes out compressed, as it would to visitors. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json' };

/**
 * The five kinds mixed as a visitor's traffic, per 20 requests (an estimate, no traffic measured
 * yet): 6 contractor pages (a visit opens one or two of the contractors it found), 4 searches
 * with no filter (the directory's first page, the entry from the home page), 4 with a service
 * (the service pages and the filters), 4 near a place and 2 with free text (the least used box).
 */
export const MIXED_SHARES: readonly (readonly [DirectoryTargetKey, number])[] = [
  ['page', 6],
  ['all', 4],
  ['service', 4],
  ['place', 4],
  ['text', 2],
];

export function directoryRequests(contractorIds: readonly string[], seed = 5): { next(key: DirectoryTargetKey): string; mixed(): string } {
  const rng = new Rng(mulberry32(seed));
  const sort = () => {
    const s = rng.weighted(SORT_WEIGHTS);
    return s === 'popular' ? undefined : s;
  };
  // Most visitors stay on the first page; some page on, a few far.
  const page = (far: number) => {
    const x = rng.next();
    const p = x < 0.7 ? 1 : x < 0.92 ? rng.int(2, 5) : rng.int(6, far);
    return p === 1 ? undefined : p;
  };
  // Services asked for in proportion to the square root of how common the trade is: plumbing
  // more than moving, every trade regularly.
  const serviceWeights = SERVICE_TYPES.map((s) => [s, Math.sqrt(TRADE_SHARE[s])] as const);
  // Sectors of Greater Santo Domingo and Santiago three times as often as another city's centre.
  const placeWeights = PLACES.map((p) => [p, p.kind === 'sector' ? 3 : 1] as const);
  const next = (key: DirectoryTargetKey): string => {
    switch (key) {
      case 'all':
        return query({ sort: sort(), page: page(30) });
      case 'service': {
        const services = rng.chance(0.85) ? [rng.weighted(serviceWeights)] : [rng.weighted(serviceWeights), rng.weighted(serviceWeights)];
        return query({ service: services, sort: sort(), page: page(10) });
      }
      case 'text':
        return query({ q: rng.pick(SEARCH_TEXTS), sort: rng.chance(0.8) ? undefined : sort(), page: rng.chance(0.9) ? undefined : rng.int(2, 3) });
      case 'place': {
        // A place (sectors of the two big cities mostly, as people live), nearest first mostly;
        // with a trade word, a service, or a sector named in the text (decision 042).
        const place = rng.weighted(placeWeights);
        const x = rng.next();
        if (x < 0.2) return query({ q: `${rng.pick(PLACE_TRADE_WORDS)} en ${place.name}`, sort: rng.chance(0.5) ? 'distance' : undefined });
        return query({
          donde: place.slug,
          q: x < 0.55 ? rng.pick(PLACE_TRADE_WORDS) : undefined,
          service: x >= 0.55 && x < 0.8 ? [rng.weighted(serviceWeights)] : undefined,
          sort: rng.chance(0.8) ? 'distance' : sort(),
          page: page(5),
        });
      }
      case 'page':
        // Skewed to the popular end of the list.
        return `/api/contractors/${contractorIds[Math.floor(rng.next() ** 2 * contractorIds.length)]}`;
    }
  };
  return { next, mixed: () => next(rng.weighted(MIXED_SHARES)) };
}
