// The code of the lazy sections (lazy-section.tsx) declared by the modules evaluated so far: what
// the router and the server load before rendering such a page whole (decision 070). Apart from
// lazy-section.tsx, whose listeners only pages with such sections need.

const loaders = new Set<() => Promise<unknown>>();

export function addLazySection(load: () => Promise<unknown>): void {
  loaders.add(load);
}

/** Loads the code of every lazy section declared so far (the page's route modules, once evaluated, declare theirs). */
export function preloadLazySections(): Promise<unknown> {
  return Promise.all([...loaders].map((load) => load()));
}
