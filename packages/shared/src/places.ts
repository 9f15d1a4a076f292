import { COUNTRIES, type CountryCode, type Zone } from './countries.ts';

// Places a Dominican would name (issue 34, item 2; decision 042): the sectors of the Distrito
// Nacional and Greater Santo Domingo (Este, Norte, Oeste), those of Santiago, and the centre of
// every supported city. A contractor picks one as their base, a project carries one, and the
// directory measures distances from the client's project or the place searched.
//
// SOURCE: approximate centroids compiled from public gazetteer knowledge (OpenStreetMap and
// Wikipedia's articles on the sectors), written from memory of those sources, rounded to three
// decimals (about 100 m). They were NOT re-surveyed from this machine (it has no internet) and a
// sector is an area, not a point: a distance between two sectors is good to about a kilometre.
// City centres are the coordinates in countries.ts. Correct a point by editing its line here;
// migration 0036 copied the coordinates of the places it used into the database, and a profile
// or project saved again takes the new ones.

export type PlaceKind = 'sector' | 'city';

export interface Place {
  /** Stable key stored in the database and used in URLs (`donde=naco`). */
  slug: string;
  /** The Spanish name, with accents. */
  name: string;
  kind: PlaceKind;
  country: CountryCode;
  /** City key (countries.ts). */
  city: string;
  /** Greater Santo Domingo's zone, for its sectors. */
  zone?: Zone;
  lat: number;
  lng: number;
  /** Other ways people write it (compared without accents or case). */
  aliases: readonly string[];
}

type Row = [slug: string, name: string, lat: number, lng: number, aliases?: readonly string[]];

const SD_SECTORS: Record<'DN' | 'SDE' | 'SDN' | 'SDO', readonly Row[]> = {
  DN: [
    ['naco', 'Naco', 18.475, -69.929, ['ensanche naco']],
    ['piantini', 'Piantini', 18.47, -69.939, ['ensanche piantini']],
    ['gazcue', 'Gazcue', 18.465, -69.902, ['gascue']],
    ['bella-vista', 'Bella Vista', 18.456, -69.94],
    ['los-prados', 'Los Prados', 18.484, -69.946],
    ['arroyo-hondo', 'Arroyo Hondo', 18.5, -69.947, ['arroyo hondo viejo']],
    ['ciudad-colonial', 'Ciudad Colonial', 18.473, -69.884, ['zona colonial', 'la zona colonial']],
    ['serralles', 'Serrallés', 18.471, -69.931, ['ensanche serralles']],
    ['evaristo-morales', 'Evaristo Morales', 18.479, -69.938],
    ['paraiso', 'Paraíso', 18.474, -69.943, ['ensanche paraiso']],
    ['julieta-morales', 'Julieta Morales', 18.469, -69.947, ['julieta']],
    ['la-esperilla', 'La Esperilla', 18.472, -69.919, ['esperilla']],
    ['mirador-sur', 'Mirador Sur', 18.447, -69.95, ['mirador']],
    ['los-cacicazgos', 'Los Cacicazgos', 18.442, -69.947, ['cacicazgos']],
    ['la-julia', 'La Julia', 18.46, -69.928],
    ['zona-universitaria', 'Zona Universitaria', 18.461, -69.915, ['la zona universitaria']],
    ['el-millon', 'El Millón', 18.47, -69.954, ['millon']],
    ['renacimiento', 'Renacimiento', 18.454, -69.958],
    ['quisqueya', 'Quisqueya', 18.462, -69.938, ['ensanche quisqueya']],
    ['cristo-rey', 'Cristo Rey', 18.496, -69.93],
    ['los-rios', 'Los Ríos', 18.495, -69.962],
    ['los-jardines-del-norte', 'Los Jardines del Norte', 18.498, -69.937, ['jardines del norte']],
    ['villa-juana', 'Villa Juana', 18.487, -69.905],
    ['villa-consuelo', 'Villa Consuelo', 18.483, -69.896],
    ['villa-francisca', 'Villa Francisca', 18.481, -69.888],
    ['ensanche-luperon', 'Ensanche Luperón', 18.496, -69.908, ['luperon']],
    ['ensanche-la-fe', 'Ensanche La Fe', 18.487, -69.918, ['la fe']],
    ['mirador-norte', 'Mirador Norte', 18.477, -69.963],
    ['los-restauradores', 'Los Restauradores', 18.459, -69.967, ['restauradores']],
    ['san-carlos', 'San Carlos', 18.477, -69.893],
  ],
  SDE: [
    ['ensanche-ozama', 'Ensanche Ozama', 18.479, -69.865, ['ozama']],
    ['los-mina', 'Los Mina', 18.496, -69.858, ['los minas']],
    ['alma-rosa', 'Alma Rosa', 18.487, -69.85, ['alma rosa i', 'alma rosa ii']],
    ['villa-duarte', 'Villa Duarte', 18.477, -69.877],
    ['san-isidro', 'San Isidro', 18.5, -69.78],
    ['los-tres-brazos', 'Los Tres Brazos', 18.512, -69.856, ['tres brazos']],
    ['invivienda', 'Invivienda', 18.505, -69.815],
    ['lucerna', 'Lucerna', 18.488, -69.818],
    ['los-frailes', 'Los Frailes', 18.488, -69.804, ['frailes']],
    ['el-almirante', 'El Almirante', 18.496, -69.8, ['almirante']],
    ['mendoza', 'Mendoza', 18.5, -69.83],
  ],
  SDN: [
    ['villa-mella', 'Villa Mella', 18.552, -69.905],
    ['sabana-perdida', 'Sabana Perdida', 18.539, -69.878],
    ['los-guaricanos', 'Los Guaricanos', 18.537, -69.909, ['guaricano', 'guaricanos']],
    ['ciudad-modelo', 'Ciudad Modelo', 18.564, -69.912],
    ['la-victoria', 'La Victoria', 18.6, -69.87],
  ],
  SDO: [
    ['herrera', 'Herrera', 18.48, -69.98, ['ensanche herrera', 'buenos aires de herrera']],
    ['los-alcarrizos', 'Los Alcarrizos', 18.517, -70.01, ['alcarrizos']],
    ['manoguayabo', 'Manoguayabo', 18.493, -70.006],
    ['las-caobas', 'Las Caobas', 18.5, -69.99, ['caobas']],
    ['engombe', 'Engombe', 18.457, -70.0],
    ['alameda', 'La Alameda', 18.494, -69.987, ['alameda']],
  ],
};

const SANTIAGO_SECTORS: readonly Row[] = [
  ['cerros-de-gurabo', 'Cerros de Gurabo', 19.47, -70.671, ['los cerros de gurabo']],
  ['gurabo', 'Gurabo', 19.481, -70.664],
  ['los-jardines', 'Los Jardines', 19.458, -70.688, ['los jardines metropolitanos', 'jardines metropolitanos']],
  ['villa-olga', 'Villa Olga', 19.462, -70.686],
  ['la-trinitaria', 'La Trinitaria', 19.449, -70.676, ['trinitaria']],
  ['cienfuegos', 'Cienfuegos', 19.481, -70.723],
  ['pueblo-nuevo', 'Pueblo Nuevo', 19.449, -70.703],
  ['los-pepines', 'Los Pepines', 19.442, -70.698, ['pepines']],
  ['bella-vista-santiago', 'Bella Vista (Santiago)', 19.447, -70.692],
  ['la-zurza', 'La Zurza', 19.46, -70.706, ['zurza']],
  ['pekin', 'Pekín', 19.471, -70.708],
  ['los-salados', 'Los Salados', 19.464, -70.65, ['salados']],
  ['reparto-del-este', 'Reparto del Este', 19.455, -70.67],
];

/** The city centres, as places (countries.ts; 'otro' is no place). */
const CITY_CENTRES: Place[] = COUNTRIES.DO.cities
  .filter((c) => c.key !== 'otro')
  .map((c) => ({
    slug: c.key,
    name: c.name,
    kind: 'city' as const,
    country: 'DO' as const,
    city: c.key,
    lat: c.lat,
    lng: c.lng,
    aliases: c.key === 'santiago' ? ['santiago'] : [],
  }));

function sectors(city: string, rows: readonly Row[], zone?: Zone): Place[] {
  return rows.map(([slug, name, lat, lng, aliases = []]) => ({ slug, name, kind: 'sector' as const, country: 'DO' as const, city, ...(zone ? { zone } : {}), lat, lng, aliases }));
}

/** Every place: the city centres first, then the sectors. */
export const PLACES: readonly Place[] = [
  ...CITY_CENTRES,
  ...(Object.entries(SD_SECTORS) as [Zone, readonly Row[]][]).flatMap(([zone, rows]) => sectors('santo-domingo', rows, zone)),
  ...sectors('santiago', SANTIAGO_SECTORS),
];

/**
 * Bounds of the cities that have sectors (south, west, north, east), for the sanity test: Greater
 * Santo Domingo (the province and the National District) and the municipality of Santiago.
 */
export const CITY_BOUNDS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  'santo-domingo': [18.38, -70.12, 18.7, -69.6],
  santiago: [19.35, -70.8, 19.55, -70.58],
};

/** Lower case without accents, single spaces ('Serrallés' → 'serralles'), as places are compared. */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
}

const BY_SLUG = new Map(PLACES.map((p) => [p.slug, p]));
/** Every way of writing a place (name, slug with spaces, aliases), normalised. */
const BY_TEXT = new Map<string, Place>();
for (const p of PLACES) {
  for (const text of [p.name, p.slug.replaceAll('-', ' '), ...p.aliases]) {
    const key = normalisePlaceText(text);
    if (!BY_TEXT.has(key)) BY_TEXT.set(key, p);
  }
}
/**
 * One-word names that are also common surnames: in a search text they name the place only after
 * 'en' ('plomero en Herrera'; 'Herrera' alone is a name).
 */
const SURNAME_PLACES = new Set(['herrera', 'mendoza', 'alameda']);
/** The longest name of a place, in words (phrases are looked for up to this length). */
const MAX_WORDS = Math.max(...[...BY_TEXT.keys()].map((k) => k.split(' ').length));

/** The place of a slug, or undefined. */
export function findPlace(slug: string): Place | undefined {
  return BY_SLUG.get(slug);
}

/** The place a text names exactly (name, slug or alias; accents and case ignored), or undefined. */
export function placeNamed(text: string): Place | undefined {
  return BY_TEXT.get(normalisePlaceText(text));
}

/**
 * The place a '¿Dónde?' field names: its slug (the /busqueda URL's own form), its name or an alias
 * as typed ('Naco', 'NACO'), or a suggestion's label ('Naco, Santo Domingo'). A search form sent
 * before the page's script runs carries the text as typed (issue 46), so the URL reader and the
 * API's schema both take it through here.
 */
export function placeOfField(text: string): Place | undefined {
  const trimmed = text.trim();
  return BY_SLUG.get(trimmed) ?? placeNamed(trimmed) ?? byLabel().get(normalisePlaceText(trimmed));
}

let labels: Map<string, Place> | undefined;
/** Every place by its label, normalised; built on first use (placeLabel reads the countries). */
function byLabel(): Map<string, Place> {
  labels ??= new Map(PLACES.map((p) => [normalisePlaceText(placeLabel(p)), p]));
  return labels;
}

/** The sectors of a city (empty for cities without sectors), by name. */
export function sectorsOf(city: string): Place[] {
  return PLACES.filter((p) => p.kind === 'sector' && p.city === city).sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/**
 * Is the place in the zone? 'SD' is the province of Santo Domingo: the sectors of its
 * municipalities (Este, Norte, Oeste), not the Distrito Nacional's. A place without a zone (a city
 * centre, a sector of another city) is in none and refused by no zone; no zone chosen, all are in.
 */
export function placeInZone(place: Place, zone: Zone | null | undefined): boolean {
  if (!zone || !place.zone) return true;
  return zone === 'SD' ? place.zone !== 'DN' : place.zone === zone;
}

/** The places a person may mean by a city (and zone, when one is chosen): its sectors, or its centre when it has none. */
export function placesOf(city: string, zone?: Zone | null): Place[] {
  const found = sectorsOf(city).filter((p) => placeInZone(p, zone));
  if (found.length > 0) return found;
  const centre = BY_SLUG.get(city);
  return centre ? [centre] : [];
}

/** A place's label with its city, as suggestions show it ('Naco, Santo Domingo'). */
export function placeLabel(p: Place): string {
  if (p.kind === 'city') return p.name;
  const city = COUNTRIES[p.country].cities.find((c) => c.key === p.city);
  return city ? `${p.name}, ${city.name}` : p.name;
}

/**
 * Suggestions for what someone typed (the '¿Dónde?' field): places whose name, slug or an alias
 * starts with the text, or has a word starting with it; exact and whole-name matches first.
 */
export function suggestPlaces(text: string, limit = 8): Place[] {
  const q = normalisePlaceText(text);
  if (q === '') return [];
  const scored: { p: Place; score: number }[] = [];
  for (const p of PLACES) {
    let best = Infinity;
    for (const t of [p.name, p.slug.replaceAll('-', ' '), ...p.aliases]) {
      const n = normalisePlaceText(t);
      const score = n === q ? 0 : n.startsWith(q) ? 1 : n.split(' ').some((w) => w.startsWith(q)) ? 2 : n.includes(q) ? 3 : Infinity;
      best = Math.min(best, score);
    }
    if (best < Infinity) scored.push({ p, score: best + (p.kind === 'city' ? 0 : 0.5) });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.p.name.localeCompare(b.p.name, 'es'))
    .slice(0, limit)
    .map((s) => s.p);
}

/**
 * The place a search text names, and the text without it ('plomero en Naco' → Naco and
 * 'plomero'): the longest phrase of the words that names a place, with 'en'/'de' before it
 * dropped. Undefined when no phrase names a place.
 */
export function placeInText(text: string): { place: Place; rest: string } | undefined {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const norm = words.map(normalisePlaceText);
  for (let len = Math.min(MAX_WORDS, words.length); len >= 1; len--) {
    for (let start = 0; start + len <= words.length; start++) {
      const place = BY_TEXT.get(norm.slice(start, start + len).join(' '));
      if (!place) continue;
      const before = start > 0 ? norm[start - 1]! : '';
      if (len === 1 && SURNAME_PLACES.has(norm[start]!) && before !== 'en') continue;
      let from = start;
      if (['en', 'de', 'del', 'por'].includes(before)) from--;
      return { place, rest: [...words.slice(0, from), ...words.slice(start + len)].join(' ') };
    }
  }
  return undefined;
}

/** Great-circle distance in km (haversine, earth radius 6,371 km), not rounded; the SQL's km_between is the same formula. */
export function kmBetweenPoints(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A contractor's service radius: km they travel from their base (profile form and server). */
export const SERVICE_RADIUS_MIN_KM = 1;
export const SERVICE_RADIUS_MAX_KM = 100;
export const SERVICE_RADIUS_DEFAULT_KM = 15;

/** The place of a city nearest to a point (among its sectors, or its centre), or undefined for a city without places. */
export function nearestPlace(city: string, point: { lat: number; lng: number }): Place | undefined {
  let best: Place | undefined;
  let bestKm = Infinity;
  for (const p of placesOf(city)) {
    const km = kmBetweenPoints(point, p);
    if (km < bestKm) [best, bestKm] = [p, km];
  }
  return best;
}

/** A place's slug and coordinates as stored with a profile or project; all null for no place (never an invented point). */
export function storedPlace(slug: string | null | undefined): { slug: string | null; lat: number | null; lng: number | null } {
  const place = slug ? findPlace(slug) : undefined;
  return place ? { slug: place.slug, lat: place.lat, lng: place.lng } : { slug: null, lat: null, lng: null };
}
