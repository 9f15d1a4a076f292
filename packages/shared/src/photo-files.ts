import { profile } from './i18n/profile.ts';

/**
 * Photo uploads (spec §5, issue 31): JPEG, PNG or WebP up to 8 MB, one file a request. The one
 * place for these limits: the server's multipart limit and refusals, the OpenAPI document and
 * every picker in the web app read them from here.
 */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The web app scales a larger photo down to this many pixels on its long side before sending it (decision 073). */
export const PHOTO_MAX_EDGE = 1600;
/** ...and re-encodes it until it weighs at most this much (decision 073); the server keeps its own 8 MB limit. */
export const PHOTO_TARGET_BYTES = 300 * 1024;

/** The browser's check before sending, naming the file (the server decodes the file to be sure). */
export function checkPhotoFile(file: { name: string; size: number; type: string }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return profile.photo.fileWrongType(file.name);
  if (file.size > PHOTO_MAX_BYTES) return profile.photo.fileTooLarge(file.name);
  return null;
}
