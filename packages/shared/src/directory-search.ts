// The contractor directory's search values, without zod: the /busqueda page reads its URL with
// them (apps/web/src/features/directory/search-params.ts) and must not load zod for that (about
// 25 KB gzipped on the page's first load, decision 018). schemas/directory.ts builds the API's
// schema from the same values and re-exports them.

/** 'distance': nearest first, from the search's origin (a place or the client's project; decision 042); without one it is 'popular'. */
export const DIRECTORY_SORTS = ['popular', 'reviews', 'rating_desc', 'rating_asc', 'distance'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/**
 * Spec §9: star1 = rating ≤ 1; star2..star5 = that many stars; withReviews = at least one review.
 * Issue 35: min3/min4 = "3 o más"/"4 o más", a minimum (the exact bands stay as an advanced choice).
 */
export const RATING_FILTERS = ['star1', 'star2', 'star3', 'star4', 'star5', 'min3', 'min4', 'withReviews'] as const;
/** The rating chips shown first; the exact bands are an advanced choice. */
export const RATING_MIN_FILTERS = ['min4', 'min3', 'withReviews'] as const;
export const RATING_BAND_FILTERS = ['star5', 'star4', 'star3', 'star2', 'star1'] as const;
export type RatingFilter = (typeof RATING_FILTERS)[number];

export const DIRECTORY_PAGE_SIZE = 12;
/**
 * A search counts at most this many matching contractors, and one more to know whether there are
 * more (decision 076): past it the answer says "more than" (DirectoryPage.totalCapped), so a count
 * reads at most about a thousand rows however many match.
 */
export const DIRECTORY_COUNT_CAP = 1000;
/**
 * The last page a search goes to: the pages the capped count vouches for (84 pages of 12 hold
 * the first 1,008). A page is read past an OFFSET of the contractors before it, so this bounds
 * what any page costs; page 1,000 cost 60,000 buffer reads at 100,000 contractors (decision 076).
 * Past it, a narrower search finds the rest.
 */
export const DIRECTORY_MAX_PAGE = Math.ceil(DIRECTORY_COUNT_CAP / DIRECTORY_PAGE_SIZE);

/** Longest search text, in characters (after trimming). */
export const DIRECTORY_QUERY_MAX = 100;
/** A city filter: a slug of at most 60 characters. */
export const DIRECTORY_CITY_MAX = 60;
export const DIRECTORY_CITY_PATTERN = /^[a-z0-9-]*$/;

/** A place filter (`donde`): a places.ts slug. */
export const DIRECTORY_PLACE_MAX = 60;
