import { describe, expect, it } from 'vitest';
import { locationValue, readProjectSearch, withLocation, withoutFilters, writeProjectSearch } from './search-params.ts';

const read = (query: string) => readProjectSearch(new URLSearchParams(query));

describe('the /projectlist URL', () => {
  it('reads every filter, the sort and the page, and writes them back the same', () => {
    const query = 'q=ba%C3%B1o&service=plomeria&service=electricidad&zone=SDE&from=2030-01-01&to=2030-02-01&sort=oldest&page=3';
    const search = read(query);
    expect(search).toMatchObject({ q: 'baño', service: ['plomeria', 'electricidad'], zone: 'SDE', from: '2030-01-01', to: '2030-02-01', sort: 'oldest', page: 3 });
    expect(writeProjectSearch(search).toString()).toBe(query);
  });

  it('leaves defaults out of the URL (newest first, page 1, the contractor’s own services)', () => {
    expect(writeProjectSearch(read('')).toString()).toBe('');
    expect(writeProjectSearch(read('sort=newest&page=1')).toString()).toBe('');
  });

  it('drops only the keys the API would refuse (a hand-edited link)', () => {
    const search = read('service=nada&zone=XX&page=0&sort=best&q=techo');
    expect(search).toMatchObject({ q: 'techo', page: 1, sort: 'newest' });
    expect([search.service, search.zone]).toEqual([undefined, undefined]);
    // A range that ends before it starts loses its end.
    const range = read('from=2030-05-01&to=2030-01-01');
    expect([range.from, range.to]).toEqual(['2030-05-01', undefined]);
  });

  it('keeps "all services" only while no service is named', () => {
    expect(writeProjectSearch(read('allServices=1')).toString()).toBe('allServices=1');
    expect(writeProjectSearch({ ...read('allServices=1'), service: ['pintura'] }).toString()).toBe('service=pintura');
  });

  it('the location select sets a zone or a city, never both', () => {
    const inZone = withLocation(read('city=santiago&country=DO&page=4'), 'zone:DN');
    expect(inZone).toMatchObject({ zone: 'DN', city: undefined, page: 1 });
    expect(locationValue(inZone)).toBe('zone:DN');
    const inCity = withLocation(inZone, 'city:santiago');
    expect(writeProjectSearch(inCity).toString()).toBe('country=DO&city=santiago');
    expect(locationValue(inCity)).toBe('city:santiago');
    expect(locationValue(withLocation(inCity, ''))).toBe('');
  });

  it('clearing the filters keeps the sort', () => {
    expect(writeProjectSearch(withoutFilters(read('q=x&zone=SD&sort=oldest&page=2&allServices=1'))).toString()).toBe('sort=oldest');
  });
});
