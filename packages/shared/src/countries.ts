import type { Currency } from './domain.ts';

export const COUNTRY_CODES = ['DO', 'CO', 'MX'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY: CountryCode = 'DO';

export interface City {
  /** Stable key stored in the database. */
  key: string;
  name: string;
  /** City centre, used for the 'km del centro' distance on contractor cards. */
  lat: number;
  lng: number;
}

export interface Country {
  code: CountryCode;
  name: string;
  locale: string;
  currency: Currency;
  /** International dialling code. */
  dialCode: string;
  /** National significant number length and an example shown as a hint. */
  phoneDigits: number;
  phoneExample: string;
  cities: readonly City[];
}

export const COUNTRIES: Record<CountryCode, Country> = {
  DO: {
    code: 'DO',
    name: 'República Dominicana',
    locale: 'es-DO',
    currency: 'DOP',
    dialCode: '+1',
    phoneDigits: 10,
    phoneExample: '809-555-0123',
    cities: [
      { key: 'santo-domingo', name: 'Santo Domingo', lat: 18.4861, lng: -69.9312 },
      { key: 'santiago', name: 'Santiago de los Caballeros', lat: 19.4517, lng: -70.697 },
      { key: 'puerto-plata', name: 'Puerto Plata', lat: 19.7934, lng: -70.6884 },
      { key: 'punta-cana', name: 'Punta Cana', lat: 18.5601, lng: -68.3725 },
      { key: 'la-romana', name: 'La Romana', lat: 18.4273, lng: -68.9728 },
      { key: 'san-pedro-de-macoris', name: 'San Pedro de Macorís', lat: 18.4539, lng: -69.3086 },
      { key: 'la-vega', name: 'La Vega', lat: 19.2221, lng: -70.5296 },
      { key: 'san-cristobal', name: 'San Cristóbal', lat: 18.4167, lng: -70.1 },
      { key: 'otro', name: 'Otro', lat: 18.7357, lng: -70.1627 },
    ],
  },
  CO: {
    code: 'CO',
    name: 'Colombia',
    locale: 'es-CO',
    currency: 'COP',
    dialCode: '+57',
    phoneDigits: 10,
    phoneExample: '301 234 5678',
    cities: [
      { key: 'bogota', name: 'Bogotá', lat: 4.711, lng: -74.0721 },
      { key: 'medellin', name: 'Medellín', lat: 6.2442, lng: -75.5812 },
      { key: 'cali', name: 'Cali', lat: 3.4516, lng: -76.532 },
      { key: 'barranquilla', name: 'Barranquilla', lat: 10.9685, lng: -74.7813 },
      { key: 'cartagena', name: 'Cartagena', lat: 10.391, lng: -75.4794 },
      { key: 'otro', name: 'Otro', lat: 4.5709, lng: -74.2973 },
    ],
  },
  MX: {
    code: 'MX',
    name: 'México',
    locale: 'es-MX',
    currency: 'MXN',
    dialCode: '+52',
    phoneDigits: 10,
    phoneExample: '55 1234 5678',
    cities: [
      { key: 'ciudad-de-mexico', name: 'Ciudad de México', lat: 19.4326, lng: -99.1332 },
      { key: 'guadalajara', name: 'Guadalajara', lat: 20.6597, lng: -103.3496 },
      { key: 'monterrey', name: 'Monterrey', lat: 25.6866, lng: -100.3161 },
      { key: 'puebla', name: 'Puebla', lat: 19.0414, lng: -98.2063 },
      { key: 'cancun', name: 'Cancún', lat: 21.1619, lng: -86.8515 },
      { key: 'otro', name: 'Otro', lat: 23.6345, lng: -102.5528 },
    ],
  },
};

/**
 * The spec's location filter zones (Greater Santo Domingo). 'SD' stands for the whole
 * province of Santo Domingo; the others are its municipalities and the National District.
 */
export const ZONES = ['SD', 'SDE', 'SDO', 'SDN', 'DN'] as const;
export type Zone = (typeof ZONES)[number];
export const ZONE_LABELS: Record<Zone, string> = {
  SD: 'Santo Domingo',
  SDE: 'Santo Domingo Este',
  SDO: 'Santo Domingo Oeste',
  SDN: 'Santo Domingo Norte',
  DN: 'Distrito Nacional',
};

export function findCity(country: CountryCode, key: string): City | undefined {
  return COUNTRIES[country].cities.find((c) => c.key === key);
}
