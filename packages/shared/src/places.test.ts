import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.ts';
import {
  CITY_BOUNDS,
  COUNTRY_BOUNDS,
  PLACES,
  SECTOR_MAX_KM_FROM_CENTRE,
  findPlace,
  kmBetweenPoints,
  placeInText,
  placeLabel,
  placeNamed,
  placeOfField,
  placesOf,
  sectorsOf,
  suggestPlaces,
} from './places.ts';
import { createPlaceIndex } from './place-index.ts';
import { PLACES_DO } from './places-do.ts';
import { PLACES_CO } from './places-co.ts';
import { PLACES_MX } from './places-mx.ts';

describe('places', () => {
  it('has at least 40 sectors in Greater Santo Domingo and 10 in Santiago, and every city centre', () => {
    expect(sectorsOf('santo-domingo').length).toBeGreaterThanOrEqual(40);
    expect(sectorsOf('santiago').length).toBeGreaterThanOrEqual(10);
    for (const c of COUNTRIES.DO.cities.filter((c) => c.key !== 'otro')) expect(findPlace(c.key)?.kind, c.key).toBe('city');
    const slugs = PLACES.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('puts every Dominican sector inside its city bounds and within 25 km of its centre', () => {
    for (const p of PLACES.filter((p) => p.kind === 'sector' && p.country === 'DO')) {
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

  it("has Colombia's and Mexico's places: Bogotá's 19 urban localidades, Medellín's 16 comunas, Cali's 22, CDMX's 16 alcaldías", () => {
    const names = (city: string) => sectorsOf(city).map((p) => p.name);
    expect(names('bogota')).toEqual(expect.arrayContaining(['Usaquén', 'Chapinero', 'Suba', 'Kennedy', 'Ciudad Bolívar', 'La Candelaria', 'Chicó']));
    expect(sectorsOf('bogota').length).toBeGreaterThanOrEqual(19);
    expect(names('medellin')).toEqual(expect.arrayContaining(['Popular', 'El Poblado', 'Laureles-Estadio', 'Belén', 'Guayabal', 'San Antonio de Prado']));
    expect(sectorsOf('medellin').length).toBeGreaterThanOrEqual(16);
    for (let n = 1; n <= 22; n++) expect(findPlace(`cali-comuna-${n}`)?.city).toBe('cali');
    expect(sectorsOf('barranquilla').map((p) => p.slug)).toEqual(expect.arrayContaining(['riomar', 'norte-centro-historico', 'suroccidente', 'metropolitana', 'suroriente']));
    const alcaldias = [
      'alvaro-obregon',
      'azcapotzalco',
      'benito-juarez',
      'coyoacan',
      'cuajimalpa',
      'cuauhtemoc',
      'gustavo-a-madero',
      'iztacalco',
      'iztapalapa',
      'magdalena-contreras',
      'miguel-hidalgo',
      'milpa-alta',
      'tlahuac',
      'tlalpan',
      'venustiano-carranza',
      'xochimilco',
    ];
    for (const slug of alcaldias) expect(findPlace(slug)?.city, slug).toBe('ciudad-de-mexico');
    for (const slug of ['polanco', 'condesa', 'roma-norte', 'del-valle', 'coyoacan-centro', 'santa-fe-cdmx']) expect(findPlace(slug)?.city, slug).toBe('ciudad-de-mexico');
    expect(findPlace('san-pedro-garza-garcia')?.city).toBe('monterrey');
    expect(sectorsOf('guadalajara').length).toBeGreaterThanOrEqual(10);
    expect(sectorsOf('puebla').length).toBeGreaterThanOrEqual(10);
    for (const c of [...COUNTRIES.CO.cities, ...COUNTRIES.MX.cities].filter((c) => c.key !== 'otro'))
      expect(findPlace(c.key)?.country, c.key).toBe(
        c.key === 'bogota' || c.key === 'medellin' || c.key === 'cali' || c.key === 'barranquilla' || c.key === 'cartagena' ? 'CO' : 'MX',
      );
  });

  it("leaves out Sumapaz, Bogotá's rural páramo localidad outside the service area (decision 066)", () => {
    expect(PLACES.some((p) => /sumapaz/i.test(`${p.slug} ${p.name}`))).toBe(false);
    expect(placeInText('plomero en Sumapaz', 'CO')).toBeUndefined();
    expect(sectorsOf('bogota').map((p) => p.name)).not.toContain('Sumapaz');
  });

  it("puts every place in its country's box and within 40 km of its city's centre, and the sectors with three decimals", () => {
    for (const p of PLACES) {
      const [s, w, n, e] = COUNTRY_BOUNDS[p.country];
      expect(p.lat >= s && p.lat <= n && p.lng >= w && p.lng <= e, p.slug).toBe(true);
      const centre = COUNTRIES[p.country].cities.find((c) => c.key === p.city)!;
      expect(centre, p.slug).toBeDefined();
      expect(kmBetweenPoints(p, centre), p.slug).toBeLessThan(SECTOR_MAX_KM_FROM_CENTRE);
      // The sectors' three decimals (city centres are countries.ts's).
      if (p.kind === 'sector') expect([Math.round(p.lat * 1000) / 1000, Math.round(p.lng * 1000) / 1000], p.slug).toEqual([p.lat, p.lng]);
    }
  });

  it('finds the barrios people name in Colombia and Mexico, in a search text too', () => {
    expect(placeInText('plomero en Chapinero')).toEqual({ place: findPlace('chapinero'), rest: 'plomero' });
    expect(placeInText('electricista en El Poblado')).toEqual({ place: findPlace('el-poblado'), rest: 'electricista' });
    expect(placeInText('plomero en Polanco')).toEqual({ place: findPlace('polanco'), rest: 'plomero' });
    expect(placeInText('pintor usaquen')?.place.slug).toBe('usaquen');
    expect(placeInText('cerrajero en el chico')?.place.slug).toBe('chico');
    expect(placeNamed('laureles')?.slug).toBe('laureles');
    expect(placeNamed('CDMX')?.slug).toBe('ciudad-de-mexico');
    expect(placeNamed('la condesa')?.slug).toBe('condesa');
    // Words that are also names or words name a place only after 'en'.
    expect(placeInText('Juan Kennedy')).toBeUndefined();
    expect(placeInText('pintor en Kennedy')?.place.slug).toBe('kennedy');
    expect(placeInText('chico plomero')).toBeUndefined();
  });

  it("takes a name in two countries as the searcher's country's", () => {
    expect(placeInText('plomero en Santa Fe', 'MX')?.place.slug).toBe('santa-fe-cdmx');
    expect(placeInText('plomero en Santa Fe', 'CO')?.place.slug).toBe('santa-fe-bogota');
    expect(placeInText('plomero en San Cristóbal', 'DO')?.place.slug).toBe('san-cristobal');
    expect(placeInText('plomero en San Cristóbal', 'CO')?.place.slug).toBe('san-cristobal-bogota');
    expect(placeOfField('Santa Fe, Ciudad de México')?.slug).toBe('santa-fe-cdmx');
    expect(suggestPlaces('santa f', 8, 'MX')[0]?.slug).toBe('santa-fe-cdmx');
    expect(suggestPlaces('santa f', 8, 'CO')[0]?.slug).toBe('santa-fe-bogota');
  });

  it('measures Medellín: El Poblado is a few km from the centre and from Laureles', () => {
    const km = kmBetweenPoints(findPlace('el-poblado')!, findPlace('medellin')!);
    expect(km).toBeGreaterThan(2);
    expect(km).toBeLessThan(8);
    expect(kmBetweenPoints(findPlace('el-poblado')!, findPlace('laureles')!)).toBeLessThan(8);
  });
});

describe("one country's places (a public page loads only its visitor's, decision 070)", () => {
  const byCountry = { DO: PLACES_DO, CO: PLACES_CO, MX: PLACES_MX };

  it('each module holds its country only, and together they are every place', () => {
    for (const [country, { centres, sectors }] of Object.entries(byCountry)) {
      expect(
        [...centres, ...sectors].every((p) => p.country === country),
        country,
      ).toBe(true);
      expect(sectors.length, country).toBeGreaterThan(0);
    }
    const union = Object.values(byCountry).flatMap(({ centres, sectors }) => [...centres, ...sectors]);
    expect(new Set(union.map((p) => p.slug))).toEqual(new Set(PLACES.map((p) => p.slug)));
    expect(union).toHaveLength(PLACES.length);
  });

  it("an index over one country finds, suggests and reads that country's places as the whole index does", () => {
    const dominican = createPlaceIndex([...PLACES_DO.centres, ...PLACES_DO.sectors]);
    expect(dominican.findPlace('naco')).toEqual(findPlace('naco'));
    expect(dominican.placeOfField('Naco, Santo Domingo')?.slug).toBe('naco');
    expect(dominican.suggestPlaces('pia', 8, 'DO')).toEqual(suggestPlaces('pia', 8, 'DO').filter((p) => p.country === 'DO'));
    // Another country's place is not in it: the page loads every country's for a link to one (country-places.ts).
    expect(dominican.findPlace('usaquen')).toBeUndefined();
  });
});
