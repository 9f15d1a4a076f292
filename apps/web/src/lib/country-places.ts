import { useEffect, useState } from 'react';
import type { CountryCode } from '@arreglaya/shared/countries';
import type { CountryPlaces, PlaceIndex } from '@arreglaya/shared/place-index';

// A page's places (decision 070): one country's only, loaded when a place field shows or holds a
// place (the directory's search) or a project names its sector (the project page), never with the
// page's first load. A place of another country (a shared link: /busqueda?donde=usaquen seen from
// the Dominican Republic) loads every country's.

const LOADERS: Record<CountryCode, () => Promise<CountryPlaces>> = {
  DO: () => import('@arreglaya/shared/places-do').then((m) => m.PLACES_DO),
  CO: () => import('@arreglaya/shared/places-co').then((m) => m.PLACES_CO),
  MX: () => import('@arreglaya/shared/places-mx').then((m) => m.PLACES_MX),
};
const ORDER: CountryCode[] = ['DO', 'CO', 'MX'];

const indexes = new Map<string, Promise<PlaceIndex>>();
const loaded = new Map<string, PlaceIndex>();

function indexOf(countries: CountryCode[]): Promise<PlaceIndex> {
  const key = countries.join(',');
  let index = indexes.get(key);
  if (!index) {
    index = Promise.all([import('@arreglaya/shared/place-index'), ...countries.map((c) => LOADERS[c]())]).then(([{ createPlaceIndex }, ...all]) => {
      // City centres first, as in places.ts.
      const built = createPlaceIndex([...all.flatMap((p) => p.centres), ...all.flatMap((p) => p.sectors)]);
      loaded.set(key, built);
      return built;
    });
    // A failed load (the line dropped) is tried again next time.
    index.catch(() => indexes.delete(key));
    indexes.set(key, index);
  }
  return index;
}

/** The country's places; every country's when `slug` is not one of them. */
export async function loadPlaceIndex(country: CountryCode, slug?: string): Promise<PlaceIndex> {
  const own = await indexOf([country]);
  if (!slug || own.findPlace(slug) || own.placeOfField(slug)) return own;
  return indexOf([country, ...ORDER.filter((c) => c !== country)]);
}

/** The index already loaded for the country (and `slug`), if any: a page rendered again does not wait for it. */
function loadedIndex(country: CountryCode, slug?: string): PlaceIndex | undefined {
  const own = loaded.get(country);
  if (own && (!slug || own.findPlace(slug) || own.placeOfField(slug))) return own;
  return loaded.get([country, ...ORDER.filter((c) => c !== country)].join(','));
}

let rendering: PlaceIndex | undefined;
/**
 * The server's renderer has every country's places (prerender/entry-server.tsx): its HTML shows a
 * chosen place's label, which the browser's first render takes from the input (place-combobox.tsx).
 */
export function renderWithPlaces(index: PlaceIndex): void {
  rendering = index;
}

/**
 * The country's places once `wanted` (a place field focused, typed into or holding `slug`), else
 * undefined; undefined while they load. The first render (hydration) never has them, so the
 * server's HTML and the browser's first render agree.
 */
export function usePlaceIndex(country: CountryCode, wanted: boolean, slug?: string): PlaceIndex | undefined {
  const [index, setIndex] = useState<PlaceIndex | undefined>(() => (typeof document === 'undefined' ? rendering : undefined));
  // Already loaded (another field, an earlier page): at once, without an effect's extra render.
  const known = wanted && index === undefined ? loadedIndex(country, slug) : undefined;
  useEffect(() => {
    if (!wanted || known) return;
    let live = true;
    loadPlaceIndex(country, slug).then(
      (loadedOne) => live && setIndex(loadedOne),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [country, wanted, slug, known]);
  return wanted || typeof document === 'undefined' ? (known ?? index) : undefined;
}
