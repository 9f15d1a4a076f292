// The contractor directory: the search at /busqueda, the contractor card and the public
// contractor page /contractors/:id (spec §2 /busqueda, §9 rating filters).
import type { DirectorySort, RatingFilter } from '../schemas/directory.ts';

const plural = (count: number, one: string, other: string) => (new Intl.PluralRules('es').select(count) === 'one' ? one : other);

export const directory = {
  title: 'Contratistas Disponibles',
  metaDescription:
    'Encuentra contratistas de confianza en tu zona: plomería, electricidad, pintura, remodelación y más. Filtra por servicio, ubicación y calificación.',
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
    country: 'País',
    zone: 'Zona',
    anyZone: 'Todas las zonas',
    city: 'Ciudad',
    anyCity: 'Todas las ciudades',
    rating: 'Calificación',
    showResults: (formatted: string, n: number) => plural(n, `Ver ${formatted} contratista`, `Ver ${formatted} contratistas`),
  },

  rating: {
    star1: '1 estrella',
    star2: '2 estrellas',
    star3: '3 estrellas',
    star4: '4 estrellas',
    star5: '5 estrellas',
    withReviews: 'Con reseñas',
  } satisfies Record<RatingFilter, string>,

  sort: {
    label: 'Ordenar por',
    popular: 'Más Populares',
    reviews: 'Más Comentarios',
    rating_desc: 'Puntuación Alta',
    rating_asc: 'Puntuación Baja',
  } satisfies Record<DirectorySort | 'label', string>,

  results: {
    count: (formatted: string, n: number) => plural(n, `${formatted} contratista`, `${formatted} contratistas`),
    listLabel: 'Resultados de la búsqueda',
    loading: 'Buscando contratistas...',
    empty: 'No encontramos contratistas con estos filtros.',
    emptyHint: 'Prueba con menos filtros o con otras palabras.',
    pageEmpty: 'Esta página no tiene resultados.',
    firstPage: 'Ir a la primera página',
    error: 'No pudimos cargar los contratistas. Revisa tu conexión e inténtalo de nuevo.',
    retry: 'Reintentar',
  },

  pagination: {
    label: 'Páginas de resultados',
    previous: 'Anterior',
    next: 'Siguiente',
    page: (n: number) => `Página ${n}`,
    current: (n: number, of: number) => `Página ${n} de ${of}`,
  },

  card: {
    badges: 'Distinciones',
    isNew: 'Nuevo',
    verified: 'Verificado',
    featured: 'Destacado',
    reviews: (formatted: string, n: number) => plural(n, `${formatted} reseña`, `${formatted} reseñas`),
    noReviews: 'Sin reseñas',
    kmFromCentre: (km: string) => `${km} km del centro`,
    memberSince: (monthYear: string) => `Miembro desde ${monthYear}`,
    completedProjects: (formatted: string, n: number) => plural(n, `${formatted} proyecto completado`, `${formatted} proyectos completados`),
    services: 'Servicios',
    viewProfile: (name: string) => `Ver perfil de ${name}`,
    photoAlt: (name: string) => `Foto de ${name}`,
  },

  page: {
    metaTitle: (name: string) => `${name}, contratista`,
    metaDescription: (parts: { name: string; company: string | null; services: string; city: string | null; rating: string | null }) =>
      [
        `${parts.name}${parts.company ? ` (${parts.company})` : ''}: ${parts.services}${parts.city ? ` en ${parts.city}` : ''}.`,
        parts.rating ?? 'Todavía sin reseñas.',
        'Contáctalo en ArreglaYa.',
      ].join(' '),
    ratingSummary: (rating: string, reviews: string) => `Calificación ${rating} de 5 (${reviews}).`,
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
    reviewRating: (value: number) => `${value} de 5 estrellas`,
    notFoundTitle: 'Contratista no encontrado',
    notFound: 'No encontramos a este contratista. Puede que ya no esté disponible.',
    backToSearch: 'Volver a la búsqueda',
    loading: 'Cargando el perfil del contratista...',
    error: 'No pudimos cargar el perfil. Inténtalo de nuevo.',
  },

  api: {
    contractorNotFound: 'No encontramos a este contratista.',
  },
} as const;
