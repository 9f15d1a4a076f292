// The contractor directory: the search at /busqueda, the contractor card and the public
// contractor page /contractors/:id (spec §2 /busqueda, §9 rating filters).
import { findCity } from '../countries.ts';
import { places } from './places.ts';
import { pagination } from './common.ts';
import { SERVICE_LABELS } from '../domain.ts';
import type { ContractorCard, DirectorySort, RatingFilter } from '../schemas/directory.ts';
import { plural } from '../plural.ts';

export const directory = {
  title: 'Contratistas disponibles',
  metaDescription: 'Encuentra contratistas de confianza en tu zona: plomería, electricidad, pintura, remodelación y más. Filtra por servicio, ubicación y calificación.',
  intro: 'Filtra por servicio, ubicación y calificación, y contacta al contratista que necesitas.',

  search: {
    label: 'Buscar contratistas',
    placeholder: 'Nombre, empresa o servicio',
    submit: 'Buscar',
  },

  filters: {
    title: 'Filtros',
    open: 'Filtros',
    close: 'Cerrar filtros',
    activeCount: (n: number) => plural(n, '1 filtro activo', `${n} filtros activos`),
    clear: 'Limpiar filtros',
    services: 'Servicios',
    location: 'Ubicación',
    zone: 'Zona',
    anyZone: 'Todas las zonas',
    city: 'Ciudad',
    anyCity: 'Todas las ciudades',
    rating: 'Calificación',
    showResults: (formatted: string, n: number) => plural(n, `Ver ${formatted} contratista`, `Ver ${formatted} contratistas`),
    /** More match than the count reads (DirectoryPage.totalCapped): `formatted` is the cap. */
    showResultsMore: (formatted: string) => `Ver más de ${formatted} contratistas`,
  },

  rating: {
    star1: '1 estrella',
    star2: '2 estrellas',
    star3: '3 estrellas',
    star4: '4 estrellas',
    star5: '5 estrellas',
    min3: '3 o más',
    min4: '4 o más',
    withReviews: 'Con reseñas',
    /** The exact bands, folded away (issue 35). */
    exactBands: 'Estrellas exactas',
  } satisfies Record<RatingFilter, string> & { exactBands: string },

  sort: {
    label: 'Ordenar por',
    popular: 'Más populares',
    reviews: 'Más reseñas',
    rating_desc: 'Puntuación alta',
    rating_asc: 'Puntuación baja',
    distance: places.sort.distance,
  } satisfies Record<DirectorySort | 'label', string>,

  results: {
    count: (formatted: string, n: number) => plural(n, `${formatted} contratista`, `${formatted} contratistas`),
    /** More match than the count reads (DirectoryPage.totalCapped, decision 076): `formatted` is the cap, 1.000. */
    countMore: (formatted: string) => `Más de ${formatted} contratistas`,
    listLabel: 'Resultados de la búsqueda',
    loading: 'Buscando contratistas...',
    empty: 'No encontramos contratistas con estos filtros.',
    emptyHint: 'Prueba con menos filtros o con otras palabras.',
    pageEmpty: 'Esta página no tiene resultados.',
    firstPage: 'Ir a la primera página',
    error: 'No pudimos cargar los contratistas. Revisa tu conexión e inténtalo de nuevo.',
    retry: 'Reintentar',
  },

  pagination,

  card: {
    badges: 'Distinciones',
    isNew: 'Nuevo',
    verified: 'Verificado',
    featured: 'Destacado',
    reviews: (formatted: string, n: number) => plural(n, `${formatted} reseña`, `${formatted} reseñas`),
    noReviews: 'Sin reseñas',
    memberSince: (monthYear: string) => `Miembro desde ${monthYear}`,
    completedProjects: (formatted: string, n: number) => plural(n, `${formatted} proyecto completado`, `${formatted} proyectos completados`),
    services: 'Servicios',
    viewProfile: (name: string) => `Ver perfil de ${name}`,
  },

  page: {
    /**
     * The page's title (before ' · ArreglaYa') and description, also the link preview's: the
     * server writes them into the HTML, the page sets the same once shown.
     */
    meta(c: Pick<ContractorCard, 'name' | 'companyName' | 'services' | 'country' | 'city' | 'ratingAvg' | 'ratingCount'>): { title: string; description: string } {
      const city = c.city ? (findCity(c.country, c.city)?.name ?? null) : null;
      const services = c.services.map((s) => SERVICE_LABELS[s]).join(', ') || 'Contratista';
      const rating =
        c.ratingCount > 0
          ? `Calificación ${new Intl.NumberFormat('es-DO', { maximumFractionDigits: 1 }).format(c.ratingAvg)} de 5 (${plural(c.ratingCount, '1 reseña', `${new Intl.NumberFormat('es-DO').format(c.ratingCount)} reseñas`)}).`
          : 'Todavía sin reseñas.';
      return {
        title: `${c.name}, contratista`,
        description: `${c.name}${c.companyName ? ` (${c.companyName})` : ''}: ${services}${city ? ` en ${city}` : ''}. ${rating} Contáctalo en ArreglaYa.`,
      };
    },
    breadcrumb: 'Contratistas',
    about: 'Acerca de',
    noDescription: 'Este contratista todavía no escribió una descripción.',
    services: 'Servicios',
    details: 'Datos del contratista',
    city: 'Ciudad',
    memberSince: 'Miembro desde',
    completedProjects: 'Proyectos completados',
    reviews: 'Reseñas',
    reviewsShown: (shown: number, total: string) => `Las ${shown} reseñas más recientes de ${total}.`,
    noReviews: 'Este contratista todavía no tiene reseñas.',
    reply: 'Respuesta del contratista',
    notFoundTitle: 'Contratista no encontrado',
    notFound: 'No encontramos a este contratista. Puede que ya no esté disponible.',
    backToSearch: 'Volver a la búsqueda',
    error: 'No pudimos cargar el perfil. Inténtalo de nuevo.',
  },

  api: {
    contractorNotFound: 'No encontramos a este contratista.',
  },
} as const;
