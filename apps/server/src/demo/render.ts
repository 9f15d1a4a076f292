import sharp from 'sharp';
import { PHOTO_SIZES, type PhotoSize } from '../modules/media/photo-storage.ts';

export interface RenderedSize {
  data: Buffer;
  width: number;
  height: number;
}
export type RenderedPhoto = Record<PhotoSize, RenderedSize>;

/** A drawing that can be produced at any pixel size (an SVG with its own viewBox). */
export type Drawing = (width: number, height: number) => string;

async function renderOne(draw: Drawing, aspect: number, size: PhotoSize): Promise<RenderedSize> {
  const spec = PHOTO_SIZES[size];
  let w: number;
  let h: number;
  if (spec.fit === 'inside') {
    // Longest side = the limit, aspect kept.
    [w, h] = aspect >= 1 ? [spec.width, Math.round(spec.width / aspect)] : [Math.round(spec.height * aspect), spec.height];
  } else {
    [w, h] = [spec.width, spec.height];
  }
  // The SVG is drawn straight at the target size (vector, so crisp); a 'cover' size of a
  // wide scene is drawn with preserveAspectRatio 'slice' semantics by the drawing itself.
  const { data, info } = await sharp(Buffer.from(draw(w, h)))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Renders a drawing at the three stored sizes (sm, md, lg) as JPEG. */
export async function renderPhoto(draw: Drawing, aspect = 1): Promise<RenderedPhoto> {
  const [sm, md, lg] = await Promise.all([renderOne(draw, aspect, 'sm'), renderOne(draw, aspect, 'md'), renderOne(draw, aspect, 'lg')]);
  return { sm, md, lg };
}

/**
 * Runs `fn` over `items` with at most `limit` in flight (sharp uses a small thread pool).
 * After the first failure no new item starts, and that failure is thrown.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i] as T, i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
