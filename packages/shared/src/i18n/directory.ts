// The contractor directory: the search at /busqueda, the contractor card and the public
// contractor page /contractors/:id (spec §2 /busqueda, §9 rating filters).
import type { RatingFilter } from '../schemas/directory.ts';
import { contractorPage } from './contractor-page.ts';
import { directoryList } from './directory-list.ts';

export const directory = {
  // /busqueda's first screen and the card (directory-list.ts).
  ...directoryList,

  filters: {
    ...directoryList.filters,
    // The filter panel's own.
    services: 'Servicios',
    location: 'Ubicación',
    zone: 'Zona',
    anyZone: 'Todas las zonas',
    city: 'Ciudad',
    anyCity: 'Todas las ciudades',
    rating: 'Calificación',
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

  // The contractor's page (contractor-page.ts).
  page: contractorPage,

  api: {
    contractorNotFound: 'No encontramos a este contratista.',
  },
} as const;
