import type { ServiceType } from '@arreglaya/shared/domain';
import type { CountryCode } from '@arreglaya/shared/countries';
import { findPlace } from '@arreglaya/shared/places';
import type { projects } from '../db/schema/index.ts';
import { DEMO_EMAIL_DOMAIN, type DemoClient, type DemoContractor } from './plan-people.ts';
import { daysAfter, daysBefore } from './random.ts';
import { AVATAR_BACKGROUNDS, HAIR_COLOURS, SHIRT_COLOURS, SKIN_TONES, type AvatarLook } from './svg-avatars.ts';

// A few people and projects in Medellín and Ciudad de México (issue 51, item 3; decision 066), so
// the Colombian and Mexican pages, places and distances show someone. Written out, not drawn: the
// Dominican demo's random draws stay exactly as they were (they come first and are not touched).
// Phones in each country's national format with its prefix (+57, +52), currency COP/MXN; the
// Colombian ID is a cédula de ciudadanía (10 digits), the Mexican a CURP with its check digit.

interface Abroad {
  key: string;
  first: string;
  last: string;
  gender: 'm' | 'f';
  country: CountryCode;
  city: string;
  sector: string;
  phone: string;
  id: string;
}

interface AbroadContractor extends Abroad {
  company: string;
  services: ServiceType[];
  description: string;
  address: string;
}

const CONTRACTORS: readonly AbroadContractor[] = [
  {
    key: 'c1',
    first: 'Jhon Jairo',
    last: 'Restrepo',
    gender: 'm',
    country: 'CO',
    city: 'medellin',
    sector: 'laureles',
    phone: '+57 304 555 0142',
    id: '1037612345',
    company: 'Restrepo Plomería y Gas',
    services: ['plomeria', 'refrigeracion'],
    description: 'Plomero con 18 años de experiencia en Medellín: fugas, calentadores, redes de gas y baños completos. Voy a El Poblado, Laureles, Belén y Envigado.',
    address: 'Circular 4 No. 70-12, Laureles',
  },
  {
    key: 'c2',
    first: 'Luz Marina',
    last: 'Ochoa',
    gender: 'f',
    country: 'CO',
    city: 'medellin',
    sector: 'belen',
    phone: '+57 310 555 0187',
    id: '43512876',
    company: 'Ochoa Electricidad',
    services: ['electricidad', 'seguridad'],
    description: 'Electricista certificada RETIE: instalaciones, tableros, iluminación y cámaras. Atiendo Belén, Guayabal, Laureles y El Poblado.',
    address: 'Calle 30A No. 76-45, Belén',
  },
  {
    key: 'c3',
    first: 'Juan Carlos',
    last: 'Martínez Gutiérrez',
    gender: 'm',
    country: 'MX',
    city: 'ciudad-de-mexico',
    sector: 'narvarte',
    phone: '+52 55 5555 0123',
    id: 'MAGJ790604HDFRRN08',
    company: 'Plomería Martínez',
    services: ['plomeria', 'remodelacion'],
    description: 'Plomero con 20 años en la Ciudad de México: tinacos, boilers, fugas y baños. Trabajo en la Narvarte, Del Valle, Roma, Condesa y Polanco.',
    address: 'Av. Universidad 845, Narvarte',
  },
  {
    key: 'c4',
    first: 'Guadalupe',
    last: 'Hernández López',
    gender: 'f',
    country: 'MX',
    city: 'ciudad-de-mexico',
    sector: 'coyoacan-centro',
    phone: '+52 55 5555 0178',
    id: 'HELG850312MDFRPD02',
    company: 'Pinturas Hernández',
    services: ['pintura', 'limpieza'],
    description: 'Pintora de interiores y fachadas en Coyoacán, Tlalpan y Benito Juárez. Impermeabilización y limpieza al terminar.',
    address: 'Calle Francisco Sosa 210, Coyoacán',
  },
];

const CLIENTS: readonly (Abroad & { address: string })[] = [
  {
    key: 'k1',
    first: 'Paula Andrea',
    last: 'Zapata',
    gender: 'f',
    country: 'CO',
    city: 'medellin',
    sector: 'el-poblado',
    phone: '+57 300 555 0111',
    id: '',
    address: 'Carrera 43A No. 9-50, El Poblado',
  },
  {
    key: 'k2',
    first: 'Alejandro',
    last: 'Ramírez Soto',
    gender: 'm',
    country: 'MX',
    city: 'ciudad-de-mexico',
    sector: 'polanco',
    phone: '+52 55 5555 0190',
    id: '',
    address: 'Calle Homero 1520, Polanco',
  },
];

const PROJECTS: readonly { key: string; client: string; title: string; description: string; services: ServiceType[]; property: 'apartamento' | 'casa'; days: number }[] = [
  {
    key: 'p1',
    client: 'k1',
    title: 'Cambiar el calentador de agua del apartamento',
    description: 'El calentador de paso ya no prende y hay que cambiarlo por uno a gas, con la conexión y la ventilación revisadas.',
    services: ['plomeria'],
    property: 'apartamento',
    days: 2,
  },
  {
    key: 'p2',
    client: 'k2',
    title: 'Pintar la sala y el comedor',
    description: 'Sala y comedor de unos 40 m², paredes y techo en blanco, resanar dos grietas pequeñas antes de pintar.',
    services: ['pintura'],
    property: 'apartamento',
    days: 4,
  },
];

/** A fixed UUID (version 4 form) per key: the same on every load. */
const uuidOf = (key: string) => `0c0c0c0c-0000-4000-8000-${Buffer.from(key).toString('hex').padStart(12, '0').slice(-12)}`;

/** Is this one of the people abroad (their avatars are drawn with fixed ids, apart from the demo's draws)? */
export const isAbroad = (id: string) => id.startsWith('0c0c0c0c-0000-4000-8000-');
/** The fixed id of an abroad person's avatar photo. */
export const abroadAvatarId = (personId: string) => personId.replace('0c0c0c0c-', '0a0a0a0a-');

/** A contractor's drawn face: fixed colours, the trade's tool. */
function lookOf(i: number, gender: 'm' | 'f', tool: ServiceType | null): AvatarLook {
  return {
    background: AVATAR_BACKGROUNDS[(i * 5) % AVATAR_BACKGROUNDS.length]!,
    skin: SKIN_TONES[(i * 2 + 1) % SKIN_TONES.length]!,
    hair: HAIR_COLOURS[i % HAIR_COLOURS.length]!,
    hairStyle: gender === 'f' ? 'long' : 'short',
    shirt: SHIRT_COLOURS[(i * 3) % SHIRT_COLOURS.length]!,
    hardHat: null,
    tool,
  };
}

function placeOf(slug: string) {
  const place = findPlace(slug);
  if (!place) throw new Error(`Unknown place ${slug}`);
  return place;
}

function userRow(p: Abroad, role: 'contractor' | 'client', createdAt: Date) {
  return {
    id: uuidOf(p.key),
    email: `${p.first.split(' ')[0]!.toLowerCase()}.${p.last.split(' ')[0]!.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
    emailVerified: true,
    name: `${p.first} ${p.last}`,
    role,
    status: 'active' as const,
    firstName: p.first,
    lastName: p.last,
    phone: p.phone,
    country: p.country,
    createdAt,
    updatedAt: createdAt,
  };
}

const prefsOf = (userId: string, at: Date) => ({ userId, immediate: true, newsletter: false, matches: true, specialOffers: false, updatedAt: at });

/** The contractors, clients and open projects abroad, ready to add after the Dominican demo is planned. */
export function planAbroad(now: Date): { contractors: DemoContractor[]; clients: DemoClient[]; projects: (typeof projects.$inferInsert & { id: string; createdAt: Date })[] } {
  const contractors = CONTRACTORS.map((c, i): DemoContractor => {
    const createdAt = daysBefore(now, 200 + i * 40);
    const place = placeOf(c.sector);
    const id = uuidOf(c.key);
    return {
      id,
      first: c.first,
      last: c.last,
      gender: c.gender,
      cityKey: c.city,
      zone: null,
      createdAt,
      look: lookOf(i, c.gender, c.services[0]!),
      primary: c.services[0]!,
      services: c.services,
      isNew: false,
      verified: false,
      featured: false,
      user: userRow(c, 'contractor', createdAt),
      prefs: prefsOf(id, createdAt),
      profile: {
        userId: id,
        displayName: `${c.first} ${c.last}`,
        companyName: c.company,
        cedula: c.id,
        serviceTypes: c.services,
        description: c.description,
        address: c.address,
        postalCode: null,
        city: c.city,
        zone: null,
        country: c.country,
        baseSector: place.slug,
        lat: place.lat,
        lng: place.lng,
        serviceRadiusKm: 20,
        featured: false,
        createdAt,
        updatedAt: createdAt,
      },
    };
  });
  const clients = CLIENTS.map((c, i): DemoClient => {
    const createdAt = daysBefore(now, 90 + i * 10);
    const id = uuidOf(c.key);
    return {
      id,
      first: c.first,
      last: c.last,
      gender: c.gender,
      cityKey: c.city,
      zone: null,
      createdAt,
      look: null,
      user: userRow(c, 'client', createdAt),
      prefs: prefsOf(id, createdAt),
      profile: { userId: id, address: c.address, city: c.city, zone: null, updatedAt: createdAt },
    };
  });
  const projectRows = PROJECTS.map((p) => {
    const client = CLIENTS.find((c) => c.key === p.client)!;
    const place = placeOf(client.sector);
    const createdAt = daysBefore(now, p.days);
    return {
      id: uuidOf(p.key),
      clientId: uuidOf(client.key),
      title: p.title,
      description: p.description,
      propertyType: p.property,
      serviceTypes: p.services,
      status: 'created' as const,
      intention: 'ready' as const,
      startDate: daysAfter(now, 10).toISOString().slice(0, 10),
      country: client.country,
      city: client.city,
      zone: null,
      sector: place.slug,
      lat: place.lat,
      lng: place.lng,
      currency: client.country === 'CO' ? ('COP' as const) : ('MXN' as const),
      createdAt,
      updatedAt: createdAt,
    };
  });
  return { contractors, clients, projects: projectRows };
}
