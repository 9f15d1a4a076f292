// The contractor directory's search values, without zod: the /busqueda page reads its URL with
// them (apps/web/src/features/directory/search-params.ts) and must not load zod for that (about
// 25 KB gzipped on the page's first load, decision 018). schemas/directory.ts builds the API's
// schema from the same values and re-exports them.

export const DIRECTORY_SORTS = ['popular', 'reviews', 'rating_desc', 'rating_asc'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** Spec §9: star1 = rating ≤ 1; star2..star5 = that many stars; withReviews = at least one review. */
export const RATING_FILTERS = ['star1', 'star2', 'star3', 'star4', 'star5', 'withReviews'] as const;
export type RatingFilter = (typeof RATING_FILTERS)[number];

export const DIRECTORY_PAGE_SIZE = 12;
export const DIRECTORY_MAX_PAGE = 1000;

/** Longest search text, in characters (after trimming). */
export const DIRECTORY_QUERY_MAX = 100;
/** A city filter: a slug of at most 60 characters. */
export const DIRECTORY_CITY_MAX = 60;
export const DIRECTORY_CITY_PATTERN = /^[a-z0-9-]*$/;
