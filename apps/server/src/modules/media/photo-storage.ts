import { PHOTO_WIDTHS, type PhotoWidth } from '@arreglaya/shared/photo-widths';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where image bytes live. Every image feature (avatars, project photos, chat images)
 * goes through this interface, so the disk backend can be swapped for S3 or similar.
 *
 * A `photos` row describes one image; its bytes are stored once per size under
 * `photoKey(photoId, size)`, i.e. `photos/<photoId>/<size>.jpg`. The row's
 * `storage_key` holds the base key `photos/<photoId>` (see `photoBaseKey`), so
 * `photoSizeKey(row.storageKey, size)` finds each size.
 */
export interface PhotoStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

/** The sizes every stored image is rendered at. `lg` keeps the aspect ratio. */
export const PHOTO_SIZES = {
  sm: { width: 96, height: 96, fit: 'cover' },
  md: { width: 320, height: 320, fit: 'cover' },
  lg: { width: 960, height: 960, fit: 'inside' },
} as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
export const PHOTO_SIZE_NAMES = Object.keys(PHOTO_SIZES) as PhotoSize[];

/** Base key stored in `photos.storage_key`: the folder that holds every size. */
export function photoBaseKey(photoId: string): string {
  return `photos/${photoId}`;
}

/** Key of one size under a base key (`photos.storage_key`). */
export function photoSizeKey(baseKey: string, size: PhotoSize): string {
  return `${baseKey}/${size}.jpg`;
}

/**
 * The WebP widths (packages/shared photo-widths.ts, decision 073): the aspect ratio is kept (the
 * page crops with CSS); a photo narrower than a width is not enlarged.
 */
export { PHOTO_WIDTHS, type PhotoWidth };
export const PHOTO_VARIANT_TYPE = 'image/webp';

/** Key of one WebP width under a base key: `photos/<photoId>/w<width>.webp`. */
export function photoVariantKey(baseKey: string, width: PhotoWidth): string {
  return `${baseKey}/w${width}.webp`;
}

/** Every file a stored photo may have (the JPEG sizes and the WebP widths), to delete them all. */
export function photoFileKeys(baseKey: string): string[] {
  return [...PHOTO_SIZE_NAMES.map((size) => photoSizeKey(baseKey, size)), ...PHOTO_WIDTHS.map((w) => photoVariantKey(baseKey, w))];
}

/** Key of one size of a photo: `photos/<photoId>/<size>.jpg`. */
export function photoKey(photoId: string, size: PhotoSize): string {
  return photoSizeKey(photoBaseKey(photoId), size);
}

const CONTENT_TYPES_BY_EXT: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};
const SIDECAR_SUFFIX = '.content-type';
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Keys are relative, '/'-separated, and made of plain segments (letters, digits, '.', '_',
 * '-'; no '.' or '..' segment, no empty segment, no leading dot). Anything else throws.
 */
export function assertValidKey(key: string): void {
  if (key.length === 0 || key.length > 512) throw new Error(`Invalid storage key: length ${key.length}`);
  if (key.startsWith('/') || path.isAbsolute(key)) throw new Error(`Invalid storage key (absolute): ${key}`);
  if (key.endsWith(SIDECAR_SUFFIX)) throw new Error(`Invalid storage key (reserved suffix): ${key}`);
  for (const segment of key.split('/')) {
    if (segment === '.' || segment === '..' || !SEGMENT.test(segment)) {
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    }
  }
}

function contentTypeFromKey(key: string): string | undefined {
  return CONTENT_TYPES_BY_EXT[path.extname(key).toLowerCase()];
}

function isErrno(err: unknown, ...codes: string[]): boolean {
  return err instanceof Error && 'code' in err && codes.includes(String((err as NodeJS.ErrnoException).code));
}

/**
 * Files under `rootDir/<key>`. The content type comes from the key's extension; when the
 * caller's type differs from it (or the key has no known extension), it is kept in a
 * sidecar file `<key>.content-type`. Writes are atomic (temp file, then rename).
 */
export class DiskPhotoStorage implements PhotoStorage {
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = path.resolve(rootDir);
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Invalid storage key (escapes root): ${key}`);
    return full;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    if (contentTypeFromKey(key) === contentType) {
      await rm(file + SIDECAR_SUFFIX, { force: true });
    } else {
      await writeFile(file + SIDECAR_SUFFIX, contentType, 'utf8');
    }
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    const file = this.pathOf(key);
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'EISDIR', 'ENOTDIR')) return null;
      throw err;
    }
    let contentType: string | undefined;
    try {
      contentType = (await readFile(file + SIDECAR_SUFFIX, 'utf8')).trim() || undefined;
    } catch (err) {
      if (!isErrno(err, 'ENOENT')) throw err;
    }
    return { data, contentType: contentType ?? contentTypeFromKey(key) ?? 'application/octet-stream' };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(file + SIDECAR_SUFFIX, { force: true });
    // Tidy up folders left empty (e.g. photos/<id>/ after its last size), never the root.
    let dir = path.dirname(file);
    while (dir.startsWith(this.root + path.sep)) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
      dir = path.dirname(dir);
    }
  }
}
