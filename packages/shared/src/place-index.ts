import { COUNTRIES, type CountryCode, type Zone } from './countries.ts';

// The places' rules without their data (decision 042; decision 070): looking a place up by its
// slug, its name or a suggestion's label, suggestions as someone types, the place a search text
// names, distances. `places.ts` builds the index over every country's places (the server, the
// forms); a public page loads only its visitor's country's (`places-do.ts`, `places-co.ts`,
// `places-mx.ts`) when it shows a place field, and builds its index over those.

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

export type PlaceRow = [slug: string, name: string, lat: number, lng: number, aliases?: readonly string[]];

/** A country's places: its city centres and its sectors. */
export interface CountryPlaces {
  centres: readonly Place[];
  sectors: readonly Place[];
}

/** The centres of a country's cities, as places (countries.ts; 'otro' is no place). */
export function cityCentres(country: CountryCode): Place[] {
  return COUNTRIES[country].cities
    .filter((c) => c.key !== 'otro')
    .map((c) => ({
      slug: c.key,
      name: c.name,
      kind: 'city' as const,
      country,
      city: c.key,
      lat: c.lat,
      lng: c.lng,
      aliases: c.key === 'santiago' ? ['santiago'] : c.key === 'ciudad-de-mexico' ? ['cdmx', 'df', 'mexico df'] : c.key === 'bogota' ? ['bogota dc'] : [],
    }));
}

/** A city's sectors from their rows. */
export function sectors(country: CountryCode, city: string, rows: readonly PlaceRow[], zone?: Zone): Place[] {
  return rows.map(([slug, name, lat, lng, aliases = []]) => ({ slug, name, kind: 'sector' as const, country, city, ...(zone ? { zone } : {}), lat, lng, aliases }));
}

/** Lower case without accents, single spaces ('Serrallés' → 'serralles'), as places are compared. */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
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

/** A place's label with its city, as suggestions show it ('Naco, Santo Domingo'). */
export function placeLabel(p: Place): string {
  if (p.kind === 'city') return p.name;
  const city = COUNTRIES[p.country].cities.find((c) => c.key === p.city);
  return city ? `${p.name}, ${city.name}` : p.name;
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

/**
 * One-word names that are also common surnames, first names or words: in a search text they name
 * the place only after 'en' ('plomero en Herrera', 'pintor en Kennedy'; 'Juan Herrera' is a name,
 * 'chico' a boy, 'suba' a verb).
 */
const SURNAME_PLACES = new Set([
  'herrera',
  'mendoza',
  'alameda',
  'kennedy',
  'juarez',
  'castilla',
  'manrique',
  'popular',
  'robledo',
  'belen',
  'bello',
  'guadalupe',
  'escandon',
  'soledad',
  'providencia',
  'roma',
  'tecnologico',
  'metropolitana',
  'americana',
  'galerias',
  'rosales',
  'estadio',
  'candelaria',
  'salitre',
  'chico',
  'poblado',
  'suba',
  'apodaca',
  'escobedo',
  'zavaleta',
  'gam',
  'granada',
]);

/** Looking places up among a list of them (every country's in places.ts, one country's on a public page). */
export interface PlaceIndex {
  readonly places: readonly Place[];
  /** A place's label with its city ('Naco, Santo Domingo'): placeLabel, for a caller that imports only the index's type. */
  placeLabel(p: Place): string;
  /** The place of a slug, or undefined. */
  findPlace(slug: string): Place | undefined;
  /** The place a text names exactly (name, slug or alias; accents and case ignored), the country's first when given, or undefined. */
  placeNamed(text: string, country?: CountryCode): Place | undefined;
  /**
   * The place a '¿Dónde?' field names: its slug (the /busqueda URL's own form), its name or an alias
   * as typed ('Naco', 'NACO'), or a suggestion's label ('Naco, Santo Domingo'). A search form sent
   * before the page's script runs carries the text as typed (issue 46), so the URL reader and the
   * API's schema both take it through here.
   */
  placeOfField(text: string, country?: CountryCode): Place | undefined;
  /** The sectors of a city (empty for cities without sectors), by name. */
  sectorsOf(city: string): Place[];
  /** The places a person may mean by a city (and zone, when one is chosen): its sectors, or its centre when it has none. */
  placesOf(city: string, zone?: Zone | null): Place[];
  /**
   * Suggestions for what someone typed (the '¿Dónde?' field): places whose name, slug or an alias
   * starts with the text, or has a word starting with it; exact and whole-name matches first, and
   * the visitor's country's before the others' when it is given.
   */
  suggestPlaces(text: string, limit?: number, country?: CountryCode): Place[];
  /**
   * The place a search text names, and the text without it ('plomero en Naco' → Naco and
   * 'plomero'): the longest phrase of the words that names a place, with 'en'/'de' before it
   * dropped; a name in several countries is the given country's. Undefined when no phrase names a place.
   */
  placeInText(text: string, country?: CountryCode): { place: Place; rest: string } | undefined;
  /** The place of a city nearest to a point (among its sectors, or its centre), or undefined for a city without places. */
  nearestPlace(city: string, point: { lat: number; lng: number }): Place | undefined;
}

/** The index over `places` (city centres first: a name that is a centre and a sector is the centre). */
export function createPlaceIndex(places: readonly Place[]): PlaceIndex {
  const bySlug = new Map(places.map((p) => [p.slug, p]));
  /**
   * Every way of writing a place (name, slug with spaces, aliases), normalised, with the places it
   * names in the list's order: a few names are in two countries ('Santa Fe' in Bogotá and in Mexico
   * City, 'San Cristóbal' a Dominican city and a localidad of Bogotá), and a search in a country
   * takes that country's.
   */
  const byTextMap = new Map<string, Place[]>();
  for (const p of places) {
    for (const text of [p.name, p.slug.replaceAll('-', ' '), ...p.aliases]) {
      const key = normalisePlaceText(text);
      const found = byTextMap.get(key);
      if (!found) byTextMap.set(key, [p]);
      else if (!found.includes(p)) found.push(p);
    }
  }
  /** The place a normalised text names, the given country's first. */
  const byText = (key: string, country?: CountryCode): Place | undefined => {
    const found = byTextMap.get(key);
    return (country ? found?.find((p) => p.country === country) : undefined) ?? found?.[0];
  };
  /** The longest name of a place, in words (phrases are looked for up to this length). */
  const maxWords = Math.max(...[...byTextMap.keys()].map((k) => k.split(' ').length));
  let labels: Map<string, Place> | undefined;
  /** Every place by its label, normalised; built on first use (placeLabel reads the countries). */
  const byLabel = (): Map<string, Place> => {
    labels ??= new Map(places.map((p) => [normalisePlaceText(placeLabel(p)), p]));
    return labels;
  };

  const index: PlaceIndex = {
    places,
    placeLabel,
    findPlace: (slug) => bySlug.get(slug),
    placeNamed: (text, country) => byText(normalisePlaceText(text), country),
    placeOfField(text, country) {
      const trimmed = text.trim();
      return bySlug.get(trimmed) ?? index.placeNamed(trimmed, country) ?? byLabel().get(normalisePlaceText(trimmed));
    },
    sectorsOf: (city) => places.filter((p) => p.kind === 'sector' && p.city === city).sort((a, b) => a.name.localeCompare(b.name, 'es')),
    placesOf(city, zone) {
      const found = index.sectorsOf(city).filter((p) => placeInZone(p, zone));
      if (found.length > 0) return found;
      const centre = bySlug.get(city);
      return centre ? [centre] : [];
    },
    suggestPlaces(text, limit = 8, country) {
      const q = normalisePlaceText(text);
      if (q === '') return [];
      const scored: { p: Place; score: number }[] = [];
      for (const p of places) {
        let best = Infinity;
        for (const t of [p.name, p.slug.replaceAll('-', ' '), ...p.aliases]) {
          const n = normalisePlaceText(t);
          const score = n === q ? 0 : n.startsWith(q) ? 1 : n.split(' ').some((w) => w.startsWith(q)) ? 2 : n.includes(q) ? 3 : Infinity;
          best = Math.min(best, score);
        }
        if (best < Infinity) scored.push({ p, score: best + (p.kind === 'city' ? 0 : 0.5) + (country && p.country !== country ? 10 : 0) });
      }
      return scored
        .sort((a, b) => a.score - b.score || a.p.name.localeCompare(b.p.name, 'es'))
        .slice(0, limit)
        .map((s) => s.p);
    },
    placeInText(text, country) {
      const words = text.trim().split(/\s+/).filter(Boolean);
      const norm = words.map(normalisePlaceText);
      for (let len = Math.min(maxWords, words.length); len >= 1; len--) {
        for (let start = 0; start + len <= words.length; start++) {
          const place = byText(norm.slice(start, start + len).join(' '), country);
          if (!place) continue;
          const before = start > 0 ? norm[start - 1]! : '';
          if (len === 1 && SURNAME_PLACES.has(norm[start]!) && before !== 'en') continue;
          let from = start;
          if (['en', 'de', 'del', 'por'].includes(before)) from--;
          return { place, rest: [...words.slice(0, from), ...words.slice(start + len)].join(' ') };
        }
      }
      return undefined;
    },
    nearestPlace(city, point) {
      let best: Place | undefined;
      let bestKm = Infinity;
      for (const p of index.placesOf(city)) {
        const km = kmBetweenPoints(point, p);
        if (km < bestKm) [best, bestKm] = [p, km];
      }
      return best;
    },
  };
  return index;
}
