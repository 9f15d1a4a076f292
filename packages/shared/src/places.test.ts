import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.ts';
import { CITY_BOUNDS, PLACES, findPlace, kmBetweenPoints, placeInText, placeLabel, placeNamed, placeOfField, placesOf, sectorsOf, suggestPlaces } from './places.ts';

describe('places', () => {
  it('has at least 40 sectors in Greater Santo Domingo and 10 in Santiago, and every city centre', () => {
    expect(sectorsOf('santo-domingo').length).toBeGreaterThanOrEqual(40);
    expect(sectorsOf('santiago').length).toBeGreaterThanOrEqual(10);
    for (const c of COUNTRIES.DO.cities.filter((c) => c.key !== 'otro')) expect(findPlace(c.key)?.kind, c.key).toBe('city');
    const slugs = PLACES.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('puts every sector inside its city bounds and within 25 km of its centre', () => {
    for (const p of PLACES.filter((p) => p.kind === 'sector')) {
      const [s, w, n, e] = CITY_BOUNDS[p.city]!;
      expect(p.lat >= s && p.lat <= n && p.lng >= w && p.lng <= e, p.slug).toBe(true);
      const centre = findPlace(p.city)!;
      expect(kmBetweenPoints(p, centre), p.slug).toBeLessThan(25);
      // Three decimals, as the source says.
      expect(Math.round(p.lat * 1000) / 1000).toBe(p.lat);
      expect(Math.round(p.lng * 1000) / 1000).toBe(p.lng);
    }
  });

  it('finds places by name, slug and alias, ignoring accents and case', () => {
    expect(placeNamed('NACO')?.slug).toBe('naco');
    expect(placeNamed('serralles')?.name).toBe('Serrallés');
    expect(placeNamed('Zona Colonial')?.slug).toBe('ciudad-colonial');
    expect(placeNamed('gascue')?.slug).toBe('gazcue');
    expect(placeNamed('los minas')?.slug).toBe('los-mina');
    expect(placeNamed('santiago')?.slug).toBe('santiago');
    expect(placeNamed('jardines metropolitanos')?.slug).toBe('los-jardines');
    expect(placeNamed('atlantis')).toBeUndefined();
  });

  it("reads a '¿Dónde?' field sent as typed: a slug, a name or alias, or a suggestion's label (issue 46)", () => {
    expect(placeOfField('naco')?.slug).toBe('naco');
    expect(placeOfField(' Naco ')?.slug).toBe('naco');
    expect(placeOfField('Naco, Santo Domingo')?.slug).toBe('naco');
    expect(placeOfField('Zona Colonial')?.slug).toBe('ciudad-colonial');
    expect(placeOfField('Santiago')?.slug).toBe('santiago');
    // Every suggestion's label names its own place.
    for (const p of PLACES) expect(placeOfField(placeLabel(p))?.slug, p.slug).toBe(p.slug);
    expect(placeOfField('Naco, Santiago')).toBeUndefined();
    expect(placeOfField('atlantis')).toBeUndefined();
  });

  it('suggests places as someone types, whole words first', () => {
    expect(suggestPlaces('pian')[0]?.slug).toBe('piantini');
    expect(suggestPlaces('bella').map((p) => p.slug)).toEqual(expect.arrayContaining(['bella-vista', 'bella-vista-santiago']));
    expect(suggestPlaces('ozama')[0]?.slug).toBe('ensanche-ozama');
    expect(suggestPlaces('')).toEqual([]);
    expect(suggestPlaces('xyz')).toEqual([]);
  });

  it('takes the place out of a search text', () => {
    expect(placeInText('plomero en Naco')).toEqual({ place: findPlace('naco'), rest: 'plomero' });
    expect(placeInText('electricista piantini')?.place.slug).toBe('piantini');
    expect(placeInText('pintor en arroyo hondo')).toEqual({ place: findPlace('arroyo-hondo'), rest: 'pintor' });
    expect(placeInText('ebanista Bella Vista')?.place.slug).toBe('bella-vista');
    // A surname is a place only after 'en'.
    expect(placeInText('Juan Herrera')).toBeUndefined();
    expect(placeInText('plomero en Herrera')?.place.slug).toBe('herrera');
    expect(placeInText('plomero')).toBeUndefined();
  });

  it('lists the sectors of a city, or its centre when it has none', () => {
    expect(placesOf('la-romana').map((p) => p.slug)).toEqual(['la-romana']);
    expect(placesOf('santiago').every((p) => p.kind === 'sector' && p.city === 'santiago')).toBe(true);
  });

  it('measures distances like the haversine formula', () => {
    // One thousandth of a degree of latitude is about 111 m.
    expect(kmBetweenPoints({ lat: 18.4, lng: -69.9 }, { lat: 18.5, lng: -69.9 })).toBeCloseTo(11.12, 1);
    expect(kmBetweenPoints(findPlace('naco')!, findPlace('piantini')!)).toBeGreaterThan(0.5);
    expect(kmBetweenPoints(findPlace('naco')!, findPlace('piantini')!)).toBeLessThan(2);
  });
});
