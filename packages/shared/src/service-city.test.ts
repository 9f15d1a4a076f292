import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES } from './countries.ts';
import { SERVICE_TYPES } from './domain.ts';
import { serviceCity, TRADE_NOUNS } from './i18n/service-city.ts';
import { findServiceCity, serviceCitiesOf, serviceCityPath } from './service-city.ts';
import { tradeServicesOf } from './trade-words.ts';

describe('service-and-city pages', () => {
  it('the trade noun of every service, singular and plural, names that service to the search (what people type)', () => {
    for (const service of SERVICE_TYPES) {
      for (const noun of [TRADE_NOUNS[service].one, TRADE_NOUNS[service].other]) {
        expect(tradeServicesOf(noun.split(/\s+/)), `${service}: "${noun}"`).toContain(service);
      }
    }
  });

  it('the heading is the plural trade noun, capitalised, and the city', () => {
    expect(serviceCity.heading('plomeria', 'Santo Domingo')).toBe('Plomeros en Santo Domingo');
    expect(serviceCity.heading('limpieza', 'Santiago de los Caballeros')).toBe('Profesionales de limpieza en Santiago de los Caballeros');
  });

  it('the description counts in the singular or plural and gives the rating only when there are reviews', () => {
    expect(serviceCity.description('plomeria', 'Santo Domingo', { formatted: '12', n: 12 }, { average: '4.6', reviews: '87', reviewCount: 87 })).toMatch(
      /^12 plomeros en Santo Domingo, valoración media 4\.6 de 5 en 87 reseñas\. /,
    );
    expect(serviceCity.description('plomeria', 'Santo Domingo', { formatted: '1', n: 1 }, { average: '5', reviews: '1', reviewCount: 1 })).toMatch(
      /^1 plomero en Santo Domingo, valoración media 5 de 5 en 1 reseña\. /,
    );
    const withoutReviews = serviceCity.description('pintura', 'La Vega', { formatted: '3', n: 3 });
    expect(withoutReviews).toMatch(/^3 pintores en La Vega\. /);
    expect(withoutReviews).not.toMatch(/valoración/);
  });

  it('past the count\'s cap it says "más de" (decision 076): the heading of the results, the description, the link', () => {
    const capped = { formatted: '1.000', n: 1000, capped: true };
    expect(serviceCity.count(capped.formatted, capped.n, 'plomeria', true)).toBe('Más de 1.000 plomeros');
    expect(serviceCity.description('plomeria', 'Santo Domingo', capped)).toMatch(/^Más de 1\.000 plomeros en Santo Domingo\. /);
    expect(serviceCity.seeAll(capped.formatted, capped.n, 'limpieza', true)).toBe('Ver los más de 1.000 profesionales de limpieza y filtrar');
    expect(serviceCity.count('1.000', 1000, 'plomeria')).toBe('1.000 plomeros');
  });

  it('every city but "otro" of every country has pages; unknown services and cities have none', () => {
    for (const country of COUNTRY_CODES) {
      const cities = serviceCitiesOf(country);
      expect(cities.length).toBe(COUNTRIES[country].cities.length - 1);
      for (const city of cities) expect(findServiceCity('plomeria', city.key)).toEqual({ service: 'plomeria', country, city });
    }
    expect(findServiceCity('plomeria', 'otro')).toBeUndefined();
    expect(findServiceCity('plomero', 'santo-domingo')).toBeUndefined();
    expect(findServiceCity('plomeria', 'Santo-Domingo')).toBeUndefined();
    expect(findServiceCity('__proto__', 'santo-domingo')).toBeUndefined();
    expect(findServiceCity('plomeria', '__proto__')).toBeUndefined();
    expect(serviceCityPath('plomeria', 'santo-domingo')).toBe('/servicios/plomeria/santo-domingo');
  });
});
