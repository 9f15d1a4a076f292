import type { ServiceType } from '@arreglaya/shared/domain';
import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import type { Zone } from '@arreglaya/shared/countries';
import { nearestPlace, placeNamed, storedPlace } from '@arreglaya/shared/places';
import { clientProfiles, contractorProfiles, notificationPreferences, users } from '../db/schema/index.ts';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, slugifyName, type Gender } from './data-people.ts';
import { CLIENT_LOCATION_WEIGHTS, CONTRACTOR_LOCATIONS, DEMO_CITIES, type Sector } from './data-places.ts';
import { CLOSERS, CONTRACTOR_PRIMARY_TRADES, TRADES } from './data-trades.ts';
import { daysAfter, daysBefore, type Rng } from './random.ts';
import { AVATAR_BACKGROUNDS, HAIR_COLOURS, HAT_COLOURS, SHIRT_COLOURS, SKIN_TONES, type AvatarLook, type HairStyle } from './svg-avatars.ts';

// The demo's people: contractors and clients, as rows ready to insert plus what the
// project planner needs to know about them.

export const DEMO_EMAIL_DOMAIN = 'demo.arreglaya.do';

type UserRow = typeof users.$inferInsert;

export interface DemoPerson {
  id: string;
  first: string;
  last: string;
  gender: Gender;
  cityKey: string;
  zone: Zone | null;
  createdAt: Date;
  /** Avatar drawing, or null for someone without a photo. */
  look: AvatarLook | null;
  user: UserRow;
  prefs: typeof notificationPreferences.$inferInsert;
}

export interface DemoContractor extends DemoPerson {
  primary: ServiceType;
  services: ServiceType[];
  /** Joined within the last 30 days: no completed work yet ('Nuevo' badge). */
  isNew: boolean;
  verified: boolean;
  featured: boolean;
  profile: typeof contractorProfiles.$inferInsert;
}

export interface DemoClient extends DemoPerson {
  profile: typeof clientProfiles.$inferInsert;
}

/** Hands out unique names and e-mails across everyone in the demo. */
class NameBook {
  private readonly names = new Set<string>();
  private readonly emails = new Set<string>();

  constructor(private readonly rng: Rng) {}

  person(gender: Gender): { first: string; last: string; email: string } {
    for (;;) {
      const first = this.rng.pick(gender === 'f' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
      const last = this.rng.pick(LAST_NAMES);
      if (this.names.has(`${first} ${last}`)) continue;
      this.names.add(`${first} ${last}`);
      const base = `${slugifyName(first)}.${slugifyName(last)}`;
      let email = `${base}@${DEMO_EMAIL_DOMAIN}`;
      for (let n = 2; this.emails.has(email); n++) email = `${base}${n}@${DEMO_EMAIL_DOMAIN}`;
      this.emails.add(email);
      return { first, last, email };
    }
  }
}

function phone(rng: Rng): string {
  return `${rng.pick(['809', '829', '849'])}-${rng.int(200, 999)}-${rng.digits(4)}`;
}

function cedula(rng: Rng, prefixes: readonly string[]): string {
  const first10 = rng.pick(prefixes) + rng.digits(7);
  return first10 + String(cedulaCheckDigit(first10));
}

function sectorOf(rng: Rng, cityKey: string, zone: Zone | null): Sector {
  const city = DEMO_CITIES.find((c) => c.key === cityKey);
  if (!city) throw new Error(`Unknown city ${cityKey}`);
  const sectors = city.sectors.filter((s) => s.zone === zone);
  return rng.pick(sectors.length > 0 ? sectors : city.sectors);
}

function address(rng: Rng, sector: Sector): string {
  const street = rng.pick(sector.streets);
  // Numbered streets and highway kilometres read better with 'No.': 'Calle 5 No. 136'.
  const number = /\d$/.test(street) ? `No. ${rng.int(1, 260)}` : String(rng.int(1, 260));
  const unit = rng.chance(0.3)
    ? `, Edif. ${rng.pick(['Torre', 'Residencial', 'Condominio'])} ${rng.pick(LAST_NAMES)}, Apto. ${rng.int(1, 9)}${rng.pick(['A', 'B', 'C', 'D'])}`
    : '';
  return `${street} ${number}${unit}, ${sector.name}`;
}

function look(rng: Rng, gender: Gender, tool: ServiceType | null): AvatarLook {
  const hairStyle: HairStyle = gender === 'f' ? rng.pick(['long', 'long', 'bun', 'curly'] as const) : rng.pick(['short', 'short', 'curly', 'bald'] as const);
  const hardHat = tool && hairStyle !== 'bun' && rng.chance(0.4) ? rng.pick(HAT_COLOURS) : null;
  return {
    background: rng.pick(AVATAR_BACKGROUNDS),
    skin: rng.pick(SKIN_TONES),
    hair: rng.pick(HAIR_COLOURS),
    hairStyle,
    shirt: rng.pick(SHIRT_COLOURS),
    hardHat,
    tool,
  };
}

function prefs(rng: Rng, userId: string, updatedAt: Date): typeof notificationPreferences.$inferInsert {
  return {
    userId,
    immediate: rng.chance(0.9),
    newsletter: rng.chance(0.4),
    matches: rng.chance(0.8),
    specialOffers: rng.chance(0.2),
    updatedAt,
  };
}

/** A demo contractor's base: the places.ts sector named like the demo's, else the city's place nearest to the drawn point. */
function demoBase(cityKey: string, sector: { name: string }, lat: number, lng: number): { baseSector: string | null; lat: number | null; lng: number | null } {
  const named = placeNamed(sector.name);
  const place = named && named.city === cityKey ? named : nearestPlace(cityKey, { lat, lng });
  const { slug, lat: baseLat, lng: baseLng } = storedPlace(place?.slug);
  return { baseSector: slug, lat: baseLat, lng: baseLng };
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}

// Openers written in the first person masculine ("Soy plomero…"); women get the others.
const MASCULINE_OPENER = /^(Soy |Plomero|Electricista|Pintor |Maestro|Técnico|Herrero|Jardinero|Ebanista|Cerrajero)/;

function description(rng: Rng, trade: ServiceType, gender: Gender, years: number, place: string): string {
  const t = TRADES[trade];
  const openers = gender === 'f' ? t.openers.filter((o) => !MASCULINE_OPENER.test(o)) : t.openers;
  const parts = [fill(rng.pick(openers), { years: String(years), place }), ...rng.sample(t.specifics, rng.int(1, 2))];
  if (parts.length < 3 || rng.chance(0.6)) parts.push(rng.pick(CLOSERS));
  return parts.join(' ');
}

function socialHandle(s: string): string {
  return slugifyName(s).slice(0, 40);
}

function planContractors(rng: Rng, now: Date, names: NameBook): DemoContractor[] {
  const primaries = rng.shuffle(CONTRACTOR_PRIMARY_TRADES.flatMap(([service, n]) => Array<ServiceType>(n).fill(service)));
  const places = rng.shuffle(CONTRACTOR_LOCATIONS.flatMap(([city, zone, n]) => Array.from({ length: n }, () => [city, zone] as const)));
  if (places.length !== primaries.length) throw new Error('contractor trades and locations differ in count');

  // One new contractor in each of the busiest trades (they keep others to cover the work).
  const newIndexes = new Set<number>();
  for (const trade of ['plomeria', 'electricidad', 'pintura', 'remodelacion', 'aire'] as const) newIndexes.add(primaries.indexOf(trade));

  const companies = new Set<string>();
  const contractors = primaries.map((primary, i): DemoContractor => {
    const [cityKey, zone] = places[i] as readonly [string, Zone | null];
    const city = DEMO_CITIES.find((c) => c.key === cityKey);
    if (!city) throw new Error(`Unknown city ${cityKey}`);
    const gender: Gender = rng.chance(primary === 'limpieza' ? 0.6 : 0.15) ? 'f' : 'm';
    const { first, last, email } = names.person(gender);
    const id = rng.uuid();
    const isNew = newIndexes.has(i);
    const createdAt = isNew ? daysBefore(now, rng.float(2, 28)) : daysBefore(now, rng.float(60, 1095));
    const extra = rng.weighted([
      [0, 35],
      [1, 45],
      [2, 20],
    ] as const);
    const services = [primary, ...rng.sample(TRADES[primary].related, extra)];
    const sector = sectorOf(rng, cityKey, zone);
    const years = rng.int(4, 28);

    let company = '';
    for (let attempt = 0; attempt < 10 && (company === '' || companies.has(company)); attempt++) {
      company = fill(rng.pick(TRADES[primary].companies), { last, first, region: rng.pick(city.regions) });
    }
    if (companies.has(company)) company = `${company} ${sector.name}`;
    companies.add(company);

    const verifiedAt = daysAfter(createdAt, rng.float(1, 20));
    const verified = verifiedAt < now && (isNew ? rng.chance(0.3) : rng.chance(0.65));
    const updatedAt = daysAfter(createdAt, rng.float(0, Math.min(30, (now.getTime() - createdAt.getTime()) / 86_400_000)));
    const handle = socialHandle(company);
    return {
      id,
      first,
      last,
      gender,
      cityKey,
      zone,
      createdAt,
      look: look(rng, gender, primary),
      primary,
      services,
      isNew,
      verified,
      featured: false,
      user: {
        id,
        email,
        emailVerified: true,
        name: `${first} ${last}`,
        role: 'contractor',
        status: 'active',
        firstName: first,
        lastName: last,
        phone: phone(rng),
        country: 'DO',
        createdAt,
        updatedAt,
      },
      prefs: prefs(rng, id, createdAt),
      profile: {
        userId: id,
        displayName: `${first} ${last}`,
        companyName: company,
        cedula: cedula(rng, city.cedulaPrefixes),
        serviceTypes: services,
        description: description(rng, primary, gender, years, cityKey === 'santo-domingo' && rng.chance(0.5) ? sector.name : cityName(cityKey)),
        address: address(rng, sector),
        postalCode: sector.postalCode,
        city: cityKey,
        zone,
        country: 'DO',
        // The base is a real place (places.ts): the sector by its name, else the city's nearest
        // (decision 042). The two draws stay so the rest of the demo is drawn as before.
        ...demoBase(cityKey, sector, round6(sector.lat + rng.float(-0.006, 0.006)), round6(sector.lng + rng.float(-0.006, 0.006))),
        facebook: rng.chance(0.5) ? `https://www.facebook.com/${handle}` : null,
        instagram: rng.chance(0.45) ? `https://www.instagram.com/${handle}` : null,
        linkedin: rng.chance(0.15) ? `https://www.linkedin.com/in/${slugifyName(first)}-${slugifyName(last)}` : null,
        verifiedAt: verified ? verifiedAt : null,
        featured: false,
        createdAt,
        updatedAt,
      },
    };
  });

  // A few featured contractors: verified, established, from different trades.
  const featuredTrades = new Set<ServiceType>();
  for (const c of rng.shuffle(contractors)) {
    if (featuredTrades.size >= 5) break;
    if (!c.verified || c.isNew || featuredTrades.has(c.primary)) continue;
    featuredTrades.add(c.primary);
    c.featured = true;
    c.profile.featured = true;
  }
  return contractors;
}

function cityName(key: string): string {
  const names: Record<string, string> = {
    'santo-domingo': 'Santo Domingo',
    santiago: 'Santiago',
    'puerto-plata': 'Puerto Plata',
    'punta-cana': 'Punta Cana',
    'la-romana': 'La Romana',
    'san-pedro-de-macoris': 'San Pedro de Macorís',
    'la-vega': 'La Vega',
    'san-cristobal': 'San Cristóbal',
  };
  return names[key] ?? key;
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function planClients(rng: Rng, now: Date, names: NameBook, count: number): DemoClient[] {
  return Array.from({ length: count }, (_, i): DemoClient => {
    const gender: Gender = rng.chance(0.5) ? 'f' : 'm';
    const { first, last, email } = names.person(gender);
    const id = rng.uuid();
    const [cityKey, zone] = rng.weighted(CLIENT_LOCATION_WEIGHTS);
    const sector = sectorOf(rng, cityKey, zone);
    // The first clients are the oldest accounts, so early completed projects have owners.
    const createdAt = i < 3 ? daysBefore(now, 1100 - i * 5) : daysBefore(now, rng.chance(0.15) ? rng.float(3, 60) : rng.float(90, 1090));
    const hasSocial = rng.chance(0.3);
    return {
      id,
      first,
      last,
      gender,
      cityKey,
      zone,
      createdAt,
      look: rng.chance(0.5) ? look(rng, gender, null) : null,
      user: {
        id,
        email,
        emailVerified: true,
        name: `${first} ${last}`,
        role: 'client',
        status: 'active',
        firstName: first,
        lastName: last,
        phone: phone(rng),
        country: 'DO',
        createdAt,
        updatedAt: createdAt,
      },
      prefs: prefs(rng, id, createdAt),
      profile: {
        userId: id,
        address: address(rng, sector),
        city: cityKey,
        zone,
        facebook: hasSocial ? `https://www.facebook.com/${slugifyName(first)}.${slugifyName(last)}` : null,
        instagram: hasSocial && rng.chance(0.5) ? `https://www.instagram.com/${slugifyName(first)}${slugifyName(last)}` : null,
        linkedin: rng.chance(0.1) ? `https://www.linkedin.com/in/${slugifyName(first)}-${slugifyName(last)}` : null,
        updatedAt: createdAt,
      },
    };
  });
}

export function planPeople(rng: Rng, now: Date, clientCount = 30): { contractors: DemoContractor[]; clients: DemoClient[] } {
  const names = new NameBook(rng);
  const contractors = planContractors(rng, now, names);
  const clients = planClients(rng, now, names, clientCount);
  return { contractors, clients };
}
