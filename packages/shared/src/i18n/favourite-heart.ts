// The heart on a contractor card or page, apart from the rest of the favourites catalogue so a
// visitor's first load of /busqueda or a contractor's page carries only these (decision 070).

export const favouriteHeart = {
  /** The heart's name; it stays the same while aria-pressed says whether it is saved. */
  toggle: (name: string) => `Favorito: ${name}`,
  /** The heart's tooltip, which does follow the state. */
  addHint: 'Añadir a favoritos',
  removeHint: 'Quitar de favoritos',
} as const;
