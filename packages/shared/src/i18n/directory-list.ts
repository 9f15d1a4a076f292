// The contractor directory's first screen: /busqueda's texts (title, search box, sort, results,
// the filters' button) and the contractor card's, apart from the filter panel's and the contractor
// page's so a visitor's first load of /busqueda carries only these (decision 070). The whole
// catalogue (directory.ts) re-uses this object.
import { places } from './places.ts';
import { pagination } from './common.ts';
import type { DirectorySort } from '../schemas/directory.ts';
import { plural } from '../plural.ts';

export const directoryList = {
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
    showResults: (formatted: string, n: number) => plural(n, `Ver ${formatted} contratista`, `Ver ${formatted} contratistas`),
    /** More match than the count reads (DirectoryPage.totalCapped): `formatted` is the cap. */
    showResultsMore: (formatted: string) => `Ver más de ${formatted} contratistas`,
  },

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
} as const;
