// Places a Dominican would name (issue 34, item 2; decision 042): the sectors of the Distrito
// Nacional and Greater Santo Domingo (Este, Norte, Oeste), those of Santiago, and the centre of
// every supported city. A contractor picks one as their base, a project carries one, and the
// directory measures distances from the client's project or the place searched.
//
// SOURCE: approximate centroids compiled from public gazetteer knowledge (OpenStreetMap and
// Wikipedia's articles on the sectors), written from memory of those sources, rounded to three
// decimals (about 100 m). They were NOT re-surveyed from this machine (it has no internet) and a
// sector is an area, not a point: a distance between two sectors is good to about a kilometre.
// City centres are the coordinates in countries.ts. Correct a point by editing its line (in its
// country's module); migration 0036 copied the coordinates of the places it used into the database, and a profile
// or project saved again takes the new ones.
//
// The data is in one module per country (places-do.ts, places-co.ts, places-mx.ts) and the rules
// in place-index.ts: a public page loads only its visitor's country's places, and only when it
// shows a place field (decision 070). This module is every country's, for the server and the forms.

import type { CountryCode, Zone } from './countries.ts';
import { createPlaceIndex, type Place } from './place-index.ts';
import { PLACES_DO } from './places-do.ts';
import { PLACES_CO } from './places-co.ts';
import { PLACES_MX } from './places-mx.ts';

export type { Place, PlaceKind } from './place-index.ts';
export { kmBetweenPoints, normalisePlaceText, placeInZone, placeLabel, SERVICE_RADIUS_DEFAULT_KM, SERVICE_RADIUS_MAX_KM, SERVICE_RADIUS_MIN_KM } from './place-index.ts';

/** Every place: the city centres first, then the sectors (the Dominican Republic's, Colombia's, Mexico's). */
export const PLACES: readonly Place[] = [...PLACES_DO.centres, ...PLACES_CO.centres, ...PLACES_MX.centres, ...PLACES_DO.sectors, ...PLACES_CO.sectors, ...PLACES_MX.sectors];

/**
 * Bounds of the Dominican cities that have sectors (south, west, north, east), for the sanity test: Greater
 * Santo Domingo (the province and the National District) and the municipality of Santiago.
 */
export const CITY_BOUNDS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  'santo-domingo': [18.38, -70.12, 18.7, -69.6],
  santiago: [19.35, -70.8, 19.55, -70.58],
};

/** Each country's bounding box (south, west, north, east; mainland and nearby islands), for the sanity test. */
export const COUNTRY_BOUNDS: Readonly<Record<CountryCode, readonly [number, number, number, number]>> = {
  DO: [17.4, -72.1, 20.0, -68.3],
  CO: [-4.3, -79.1, 12.5, -66.8],
  MX: [14.5, -118.5, 32.8, -86.7],
};

/** The farthest a sector may lie from its city's centre (the sanity test; Milpa Alta and Usme are the farthest, under 30 km). */
export const SECTOR_MAX_KM_FROM_CENTRE = 40;

const INDEX = createPlaceIndex(PLACES);

/** The place of a slug, or undefined. */
export const findPlace = (slug: string): Place | undefined => INDEX.findPlace(slug);
/** The place a text names exactly (name, slug or alias; accents and case ignored), the country's first when given, or undefined. */
export const placeNamed = (text: string, country?: CountryCode): Place | undefined => INDEX.placeNamed(text, country);
/** The place a '¿Dónde?' field names (slug, name, alias or a suggestion's label): see PlaceIndex. */
export const placeOfField = (text: string, country?: CountryCode): Place | undefined => INDEX.placeOfField(text, country);
/** The sectors of a city (empty for cities without sectors), by name. */
export const sectorsOf = (city: string): Place[] => INDEX.sectorsOf(city);
/** The places a person may mean by a city (and zone, when one is chosen): its sectors, or its centre when it has none. */
export const placesOf = (city: string, zone?: Zone | null): Place[] => INDEX.placesOf(city, zone);
/** Suggestions for what someone typed (the '¿Dónde?' field): see PlaceIndex. */
export const suggestPlaces = (text: string, limit = 8, country?: CountryCode): Place[] => INDEX.suggestPlaces(text, limit, country);
/** The place a search text names, and the text without it: see PlaceIndex. */
export const placeInText = (text: string, country?: CountryCode): { place: Place; rest: string } | undefined => INDEX.placeInText(text, country);
/** The place of a city nearest to a point (among its sectors, or its centre), or undefined for a city without places. */
export const nearestPlace = (city: string, point: { lat: number; lng: number }): Place | undefined => INDEX.nearestPlace(city, point);

/** A place's slug and coordinates as stored with a profile or project; all null for no place (never an invented point). */
export function storedPlace(slug: string | null | undefined): { slug: string | null; lat: number | null; lng: number | null } {
  const place = slug ? findPlace(slug) : undefined;
  return place ? { slug: place.slug, lat: place.lat, lng: place.lng } : { slug: null, lat: null, lng: null };
}
