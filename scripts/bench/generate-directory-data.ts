/**
 * The generated directory's proportions (generate-directory.ts): rare surnames, trades, places and
 * project statuses.
 */
import type { CountryCode, Zone } from '@arreglaya/shared/countries';
import type { ServiceType } from '@arreglaya/shared/domain';

/** Surnames rarer than the demo's, drawn for about one person in twenty. */
export const RARE_LAST_NAMES = [
  'Zorrilla',
  'Quezada',
  'Bidó',
  'Alcántara',
  'Caminero',
  'Tejeda',
  'Ovalles',
  'Valerio',
  'Rijo',
  'Solano',
  'Figuereo',
  'Barinas',
  'Jáquez',
  'Lebrón',
  'Mateo',
  'Mieses',
  'Objío',
  'Pujols',
  'Sepúlveda',
  'Toribio',
  'Ynoa',
  'Aybar',
  'Billini',
  'Cordero',
  'Disla',
  'Fabián',
  'Guerrero',
  'Hichez',
  'Isidor',
  'Kelly',
] as const;

/** Share of contractors whose main trade is each service (sums to 100). */
export const TRADE_SHARE: Record<ServiceType, number> = {
  plomeria: 15,
  electricidad: 14,
  pintura: 11,
  remodelacion: 11,
  aire: 9,
  limpieza: 8,
  refrigeracion: 6,
  herreria: 6,
  seguridad: 5,
  jardineria: 5,
  ebanisteria: 4,
  cerrajero: 3,
  fumigacion: 2,
  mudanza: 1,
};

/** Where people are (per thousand): mostly Greater Santo Domingo and Santiago. */
export const PLACE_WEIGHTS: readonly (readonly [CountryCode, string, Zone | null, number])[] = [
  ['DO', 'santo-domingo', 'DN', 150],
  ['DO', 'santo-domingo', 'SDE', 100],
  ['DO', 'santo-domingo', 'SDO', 80],
  ['DO', 'santo-domingo', 'SDN', 60],
  ['DO', 'santo-domingo', 'SD', 40],
  ['DO', 'santiago', null, 120],
  ['DO', 'puerto-plata', null, 30],
  ['DO', 'punta-cana', null, 50],
  ['DO', 'la-romana', null, 30],
  ['DO', 'san-pedro-de-macoris', null, 30],
  ['DO', 'la-vega', null, 40],
  ['DO', 'san-cristobal', null, 40],
  ['DO', 'otro', null, 60],
  ['CO', 'bogota', null, 45],
  ['CO', 'medellin', null, 30],
  ['CO', 'cali', null, 15],
  ['CO', 'barranquilla', null, 8],
  ['CO', 'cartagena', null, 7],
  ['MX', 'ciudad-de-mexico', null, 40],
  ['MX', 'guadalajara', null, 12],
  ['MX', 'monterrey', null, 8],
  ['MX', 'puebla', null, 3],
  ['MX', 'cancun', null, 2],
];

/** Project statuses with their cumulative share (the rest is 'cancelled'). */
export const STATUS_CUTS: readonly (readonly [string, number])[] = [
  ['created', 0.25],
  ['assigned', 0.29],
  ['in_progress', 0.34],
  ['delivered', 0.37],
  ['completado', 0.92],
  ['disputed', 0.93],
];
