// The service-and-city pages, /servicios/{service}/{city} (decision 044): the trade noun of each
// service, the head, the heading, the intro, the empty state and the link blocks.
import type { ServiceType } from '../domain.ts';
import { plural } from '../plural.ts';

/**
 * What the people of a service are called, counted (one / other), in lower case. A trade's own
 * plural where Dominicans use one (plomeros, electricistas); a neutral phrase where the trade has
 * no common noun or only a gendered one (limpieza: "profesionales de limpieza", not "limpiadoras";
 * remodelación, seguridad, refrigeración, aire). Each names its service to the search
 * (trade-words.ts; a unit test checks it), so the heading is what people type.
 */
export const TRADE_NOUNS: Record<ServiceType, { one: string; other: string }> = {
  plomeria: { one: 'plomero', other: 'plomeros' },
  electricidad: { one: 'electricista', other: 'electricistas' },
  pintura: { one: 'pintor', other: 'pintores' },
  remodelacion: { one: 'contratista de remodelación', other: 'contratistas de remodelación' },
  seguridad: { one: 'técnico en cámaras y alarmas', other: 'técnicos en cámaras y alarmas' },
  herreria: { one: 'herrero', other: 'herreros' },
  limpieza: { one: 'profesional de limpieza', other: 'profesionales de limpieza' },
  jardineria: { one: 'jardinero', other: 'jardineros' },
  ebanisteria: { one: 'ebanista o carpintero', other: 'ebanistas y carpinteros' },
  mudanza: { one: 'mudancero', other: 'mudanceros' },
  refrigeracion: { one: 'técnico de refrigeración', other: 'técnicos de refrigeración' },
  cerrajero: { one: 'cerrajero', other: 'cerrajeros' },
  fumigacion: { one: 'fumigador', other: 'fumigadores' },
  aire: { one: 'técnico de aire acondicionado', other: 'técnicos de aire acondicionado' },
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The ratings of a page's contractors, formatted by the caller (Intl, the city's country locale). */
export interface RatingSummary {
  average: string;
  reviews: string;
  reviewCount: number;
}

export const serviceCity = {
  /** "Plomeros": the landing's links under each city. */
  trade: (service: ServiceType) => capitalised(TRADE_NOUNS[service].other),
  /** "Plomeros en Santo Domingo": the h1, the title (before ' · ArreglaYa') and the last crumb. */
  heading: (service: ServiceType, city: string) => `${capitalised(TRADE_NOUNS[service].other)} en ${city}`,
  /** The meta description: how many, and their rating only when there are reviews (never invented). */
  description(service: ServiceType, city: string, count: { formatted: string; n: number; capped?: boolean }, rating?: RatingSummary): string {
    const noun = TRADE_NOUNS[service];
    if (count.n === 0) return `Busca ${noun.other} en ${city} en ArreglaYa, o publica tu proyecto gratis y recibe ofertas de contratistas de la zona.`;
    const who = `${serviceCity.count(count.formatted, count.n, service, count.capped)} en ${city}`;
    const stars = rating && rating.reviewCount > 0 ? `, valoración media ${rating.average} de 5 en ${rating.reviews} ${plural(rating.reviewCount, 'reseña', 'reseñas')}` : '';
    return `${who}${stars}. Compara perfiles, reseñas y trabajos terminados, y contáctalos gratis en ArreglaYa.`;
  },
  intro: (service: ServiceType, city: string) =>
    `Compara ${TRADE_NOUNS[service].other} de ${city}: sus reseñas, sus trabajos terminados y los servicios que ofrecen. Contactarlos es gratis, o publica tu proyecto y recibe sus ofertas.`,
  /** `capped`: more than the count reads (DirectoryPage.totalCapped, decision 076), `formatted` being the cap: "Más de 1.000 plomeros". */
  count: (formatted: string, n: number, service: ServiceType, capped = false) =>
    capped ? `Más de ${formatted} ${TRADE_NOUNS[service].other}` : `${formatted} ${plural(n, TRADE_NOUNS[service].one, TRADE_NOUNS[service].other)}`,
  /** The link to the search with this service and city, when there are more than a page. */
  seeAll: (formatted: string, n: number, service: ServiceType, capped = false) =>
    capped ? `Ver los más de ${formatted} ${TRADE_NOUNS[service].other} y filtrar` : `Ver los ${serviceCity.count(formatted, n, service)} y filtrar`,
  crumbServices: 'Contratistas',
  empty: {
    title: (service: ServiceType, city: string) => `Todavía no hay ${TRADE_NOUNS[service].other} en ${city}`,
    text: 'Publica tu proyecto gratis: los contratistas de la zona lo verán y te enviarán sus ofertas. También puedes buscar en otras ciudades.',
    publish: 'Publicar un proyecto',
  },
  otherCities: (service: ServiceType) => `${capitalised(TRADE_NOUNS[service].other)} en otras ciudades`,
  otherServices: (city: string) => `Otros servicios en ${city}`,
  /** On a contractor's page: the same service in their city. */
  moreLikeThis: (service: ServiceType, city: string) => `Más ${TRADE_NOUNS[service].other} en ${city}`,
  moreLikeThisTitle: 'Otros contratistas como este',
  /** The landing's block of links. */
  landingTitle: 'Servicios por ciudad',
  landingText: 'Los contratistas de cada servicio en las principales ciudades.',
  landingCity: (city: string) => `Servicios en ${city}`,
} as const;
