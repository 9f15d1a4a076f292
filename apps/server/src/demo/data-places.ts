import type { Zone } from '@arreglaya/shared/countries';

// Neighbourhoods of the Dominican cities in COUNTRIES.DO, with a few real streets,
// approximate coordinates and postal codes. Zones apply to Greater Santo Domingo only.

export interface Sector {
  name: string;
  zone: Zone | null;
  lat: number;
  lng: number;
  postalCode: string;
  streets: readonly string[];
}

export interface DemoCity {
  /** COUNTRIES.DO city key. */
  key: string;
  /** Regional tags used in company names ("del Cibao", "del Este"). */
  regions: readonly string[];
  /** Municipality codes that open cédulas issued there. */
  cedulaPrefixes: readonly string[];
  sectors: readonly Sector[];
}

const s = (name: string, zone: Zone | null, lat: number, lng: number, postalCode: string, streets: string[]): Sector => ({
  name,
  zone,
  lat,
  lng,
  postalCode,
  streets,
});

export const DEMO_CITIES: readonly DemoCity[] = [
  {
    key: 'santo-domingo',
    regions: ['Capital', 'del Caribe', 'Quisqueya'],
    cedulaPrefixes: ['001', '001', '223', '224', '402'],
    sectors: [
      s('Zona Colonial', 'DN', 18.4735, -69.8838, '10210', ['Calle El Conde', 'Calle Arzobispo Meriño', 'Calle Hostos', 'Calle Isabel la Católica']),
      s('Gazcue', 'DN', 18.4655, -69.902, '10205', ['Av. Independencia', 'Calle Dr. Delgado', 'Calle Pasteur', 'Calle Santiago']),
      s('Piantini', 'DN', 18.4706, -69.939, '10148', ['Av. Abraham Lincoln', 'Calle Gustavo Mejía Ricart', 'Calle Manuel de Jesús Troncoso']),
      s('Naco', 'DN', 18.477, -69.93, '10124', ['Av. Tiradentes', 'Calle Fantino Falco', 'Calle Ángel Severo Cabral']),
      s('Bella Vista', 'DN', 18.455, -69.94, '10111', ['Av. Sarasota', 'Calle Dr. Jacinto Mañón', 'Av. Núñez de Cáceres']),
      s('Evaristo Morales', 'DN', 18.48, -69.942, '10147', ['Av. Winston Churchill', 'Calle Max Henríquez Ureña', 'Calle Luis F. Thomen']),
      s('Los Prados', 'DN', 18.484, -69.955, '10137', ['Calle Eugenio Deschamps', 'Av. Núñez de Cáceres', 'Calle Camila Henríquez Ureña']),
      s('Arroyo Hondo', 'DN', 18.504, -69.952, '10405', ['Av. República de Colombia', 'Calle Camino Chiquito', 'Calle Luis Amiama Tió']),
      s('Mirador Sur', 'DN', 18.445, -69.955, '10122', ['Av. Anacaona', 'Av. Enriquillo', 'Calle Héctor García Godoy']),
      s('Ensanche La Fe', 'DN', 18.489, -69.915, '10514', ['Av. San Martín', 'Calle Paul P. Harris', 'Av. Ortega y Gasset']),
      s('Ensanche Ozama', 'SDE', 18.487, -69.856, '11501', ['Av. Venezuela', 'Av. Sabana Larga', 'Calle Club de Leones']),
      s('Alma Rosa', 'SDE', 18.488, -69.838, '11504', ['Av. San Vicente de Paúl', 'Calle Costa Rica', 'Calle Juan Pablo Pina']),
      s('Los Mina', 'SDE', 18.499, -69.858, '11605', ['Av. San Vicente de Paúl', 'Calle Presidente Estrella Ureña', 'Calle 12']),
      s('Villa Duarte', 'SDE', 18.48, -69.87, '11602', ['Av. Francisco del Rosario Sánchez', 'Calle Respaldo Duarte', 'Av. Las Américas']),
      s('Lucerna', 'SDE', 18.499, -69.82, '11506', ['Av. Charles de Gaulle', 'Calle Gregorio Luperón', 'Calle Primera']),
      s('Herrera', 'SDO', 18.481, -69.985, '10901', ['Av. Isabel Aguiar', 'Calle Respaldo Isabel Aguiar', 'Av. Luperón']),
      s('Las Caobas', 'SDO', 18.483, -70.0, '10903', ['Av. Prolongación 27 de Febrero', 'Calle Primera', 'Calle Los Girasoles']),
      s('Manoguayabo', 'SDO', 18.495, -70.02, '10904', ['Carretera de Manoguayabo', 'Calle Duarte', 'Calle Progreso']),
      s('Villa Mella', 'SDN', 18.556, -69.914, '11001', ['Av. Hermanas Mirabal', 'Calle Charles de Gaulle', 'Calle Principal']),
      s('Sabana Perdida', 'SDN', 18.544, -69.876, '11003', ['Calle Central', 'Av. Los Restauradores', 'Calle 5']),
      s('Ciudad Modelo', 'SDN', 18.546, -69.927, '11004', ['Calle Primera', 'Av. Jacobo Majluta', 'Calle Los Pinos']),
      s('Los Alcarrizos', 'SD', 18.516, -70.013, '10902', ['Calle Duarte', 'Autopista Duarte km 14', 'Calle Presidente Vásquez']),
      s('Boca Chica', 'SD', 18.45, -69.606, '11800', ['Calle Duarte', 'Calle Caracoles', 'Av. San Rafael']),
    ],
  },
  {
    key: 'santiago',
    regions: ['del Cibao'],
    cedulaPrefixes: ['031', '031', '402'],
    sectors: [
      s('Centro Histórico', null, 19.451, -70.696, '51000', ['Calle del Sol', 'Calle Restauración', 'Calle Benito Monción']),
      s('Los Jardines Metropolitanos', null, 19.461, -70.688, '51000', ['Av. Juan Pablo Duarte', 'Calle 7', 'Av. 27 de Febrero']),
      s('Cerros de Gurabo', null, 19.475, -70.675, '51000', ['Av. Circunvalación Norte', 'Calle 3', 'Calle Los Robles']),
      s('Villa Olga', null, 19.459, -70.706, '51000', ['Av. Estrella Sadhalá', 'Calle Antonio Guzmán', 'Calle 4']),
      s('Reparto Universitario', null, 19.443, -70.684, '51000', ['Av. Salvador Estrella Sadhalá', 'Calle Colón', 'Calle Mauricio Báez']),
    ],
  },
  {
    key: 'puerto-plata',
    regions: ['del Norte'],
    cedulaPrefixes: ['037', '037', '402'],
    sectors: [
      s('Centro', null, 19.7934, -70.6884, '57000', ['Calle Beller', 'Calle Separación', 'Calle José del Carmen Ariza']),
      s('Costámbar', null, 19.805, -70.718, '57000', ['Calle Principal', 'Calle Las Palmas']),
      s('Playa Dorada', null, 19.778, -70.655, '57000', ['Av. Luis Ginebra', 'Carretera Luperón']),
    ],
  },
  {
    key: 'punta-cana',
    regions: ['del Este'],
    cedulaPrefixes: ['028', '028', '402'],
    sectors: [
      s('Punta Cana Village', null, 18.572, -68.376, '23000', ['Av. Boulevard', 'Calle Galerías']),
      s('Verón', null, 18.595, -68.43, '23000', ['Carretera Verón–Punta Cana', 'Calle Principal', 'Calle Los Mangos']),
      s('Bávaro', null, 18.64, -68.41, '23000', ['Av. Barceló', 'Av. España', 'Calle Los Corales']),
    ],
  },
  {
    key: 'la-romana',
    regions: ['del Este'],
    cedulaPrefixes: ['026', '026', '402'],
    sectors: [
      s('Centro', null, 18.4273, -68.9728, '22000', ['Calle Duarte', 'Calle Francisco Castillo Marquez']),
      s('Buena Vista Norte', null, 18.44, -68.965, '22000', ['Av. Santa Rosa', 'Calle Padre Abreu']),
    ],
  },
  {
    key: 'san-pedro-de-macoris',
    regions: ['del Este'],
    cedulaPrefixes: ['023', '402'],
    sectors: [
      s('Centro', null, 18.4539, -69.3086, '21000', ['Av. Independencia', 'Calle Sánchez', 'Calle Duarte']),
      s('Villa Velásquez', null, 18.465, -69.3, '21000', ['Calle Principal', 'Av. Circunvalación']),
    ],
  },
  {
    key: 'la-vega',
    regions: ['del Cibao'],
    cedulaPrefixes: ['047', '402'],
    sectors: [s('Centro', null, 19.2221, -70.5296, '41000', ['Calle Padre Adolfo', 'Av. Pedro A. Rivera', 'Calle Restauración'])],
  },
  {
    key: 'san-cristobal',
    regions: ['del Sur'],
    cedulaPrefixes: ['002', '402'],
    sectors: [
      s('Centro', null, 18.4167, -70.1, '91000', ['Av. Constitución', 'Calle Padre Borbón', 'Calle General Cabral']),
      s('Madre Vieja', null, 18.405, -70.11, '91000', ['Calle Principal', 'Av. Libertad']),
    ],
  },
];

export function demoCity(key: string): DemoCity {
  const city = DEMO_CITIES.find((c) => c.key === key);
  if (!city) throw new Error(`Unknown demo city ${key}`);
  return city;
}

/**
 * How the contractors spread over the country: most in Greater Santo Domingo, by zone.
 * Each entry is [city key, zone or null, count]; the counts add up to the contractor total.
 */
export const CONTRACTOR_LOCATIONS: readonly (readonly [string, Zone | null, number])[] = [
  ['santo-domingo', 'DN', 12],
  ['santo-domingo', 'SDE', 7],
  ['santo-domingo', 'SDO', 4],
  ['santo-domingo', 'SDN', 4],
  ['santo-domingo', 'SD', 3],
  ['santiago', null, 7],
  ['puerto-plata', null, 3],
  ['punta-cana', null, 3],
  ['la-romana', null, 2],
  ['san-pedro-de-macoris', null, 1],
  ['la-vega', null, 1],
  ['san-cristobal', null, 2],
];

/** Where clients live (weights): the capital dominates, like the contractors. */
export const CLIENT_LOCATION_WEIGHTS: readonly (readonly [readonly [string, Zone | null], number])[] = [
  [['santo-domingo', 'DN'], 30],
  [['santo-domingo', 'SDE'], 14],
  [['santo-domingo', 'SDO'], 8],
  [['santo-domingo', 'SDN'], 7],
  [['santo-domingo', 'SD'], 4],
  [['santiago', null], 14],
  [['puerto-plata', null], 5],
  [['punta-cana', null], 6],
  [['la-romana', null], 4],
  [['san-pedro-de-macoris', null], 2],
  [['la-vega', null], 3],
  [['san-cristobal', null], 3],
];
