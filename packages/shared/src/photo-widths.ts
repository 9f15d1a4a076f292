/**
 * The widths every stored photo is also served at as WebP (decision 073), for `srcset`: 160 (a
 * card's thumbnail or an avatar at 1×), 320 (the same at 2×, a 360 px phone's half-width tile),
 * 640 (a phone's full-width gallery photo at 2×) and 1280 (the full view). Zod-free, so the web
 * app's photo component does not load the schemas.
 */
export const PHOTO_WIDTHS = [160, 320, 640, 1280] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** Where one width of a stored photo is served: `/api/photos/<id>?w=<width>`. */
export const photoVariantUrl = (photoId: string, width: PhotoWidth): string => `/api/photos/${encodeURIComponent(photoId)}?w=${width}`;

/** The `srcset` of a photo's WebP widths: `<url> 160w, <url> 320w, …` (an avatar needs this alone, not the photo component). */
export const photoSrcSet = (widthUrl: (w: PhotoWidth) => string): string => PHOTO_WIDTHS.map((w) => `${widthUrl(w)} ${w}w`).join(', ');
