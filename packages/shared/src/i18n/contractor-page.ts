// A contractor's public page /contractors/:id (spec §2): its texts, apart from the directory's so
// /busqueda's first load does without them (decision 070). The whole catalogue (directory.ts)
// re-uses this object as `directory.page`.
import { findCity } from '../countries.ts';
import { SERVICE_LABELS } from '../domain.ts';
import type { ContractorCard } from '../schemas/directory.ts';
import { plural } from '../plural.ts';

export const contractorPage = {
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
} as const;
