// Favourites: the heart on contractor cards and the /perfil/favoritos page (spec §2, §4).

import { plural } from '../plural.ts';
import { favouriteHeart } from './favourite-heart.ts';

export const favourites = {
  title: 'Mis favoritos',
  intro: 'Los contratistas que guardaste para volver a encontrarlos.',
  // The heart's name and tooltips (favourite-heart.ts).
  ...favouriteHeart,
  serviceFilter: 'Servicio',
  allServices: '-- Todos los servicios --',
  count: (count: number, formatted: string) => `${formatted} ${plural(count, 'favorito', 'favoritos')}`,
  listLabel: 'Contratistas favoritos',
  empty: 'Todavía no tienes contratistas favoritos. Toca el corazón de un contratista en la búsqueda para guardarlo aquí.',
  emptyFiltered: 'Ninguno de tus favoritos ofrece este servicio.',
  searchLink: 'Buscar contratistas',
  loadError: 'No pudimos cargar tus favoritos. Inténtalo de nuevo.',
  retry: 'Reintentar',
  tooMany: (max: number) => `Puedes guardar hasta ${max} favoritos. Quita alguno para añadir otro.`,
  contractorNotFound: 'Este contratista ya no está disponible.',
} as const;
