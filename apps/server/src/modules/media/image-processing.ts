import sharp, { type SharpOptions } from 'sharp';
import { PHOTO_SIZE_NAMES, PHOTO_SIZES, PHOTO_WIDTHS, type PhotoSize, type PhotoWidth } from './photo-storage.ts';

/**
 * Largest decoded image accepted, in pixels (50 megapixels: a 8660×5773 camera photo). A
 * small PNG can declare a huge canvas (a decompression bomb); sharp refuses it from the
 * header, before allocating the pixels.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

const JPEG_QUALITY = 82;
/**
 * WebP quality of the widths (decision 073): 72 keeps a phone photo looking like the JPEG at 82
 * at about half its bytes; a 320 px thumbnail stays well under 30 KB.
 */
const WEBP_QUALITY = 72;

/** Why an upload is not a usable photo. The caller maps each reason to its Spanish message. */
export type ImageRejection = 'not_an_image' | 'unsupported_type' | 'too_many_pixels';

export class ImageRejectedError extends Error {
  constructor(readonly reason: ImageRejection) {
    super(`image rejected: ${reason}`);
  }
}

export interface ProcessedSize {
  data: Buffer;
  width: number;
  height: number;
}

export type ProcessedPhoto = Record<PhotoSize, ProcessedSize> & {
  mime: 'image/jpeg';
  /** The WebP widths (decision 073); empty when only the proof that it is an image was asked. */
  variants: Partial<Record<PhotoWidth, ProcessedSize>>;
};

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RIFF_MAGIC = Buffer.from('RIFF', 'latin1');
const WEBP_MAGIC = Buffer.from('WEBP', 'latin1');

/**
 * What the bytes are, from their signature, whatever the file name or the declared type say.
 * Only JPEG, PNG and WebP ever reach the decoder, so no other of libvips' many loaders (SVG,
 * TIFF, PDF, ...) is exposed to uploads.
 */
export function sniffImageType(data: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg';
  if (data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  // RIFF <size> WEBP: a WebP (lossy, lossless or animated; only its first frame is read).
  if (data.subarray(0, 4).equals(RIFF_MAGIC) && data.subarray(8, 12).equals(WEBP_MAGIC)) return 'webp';
  return null;
}

function rejectionFor(err: unknown): ImageRejection {
  const message = err instanceof Error ? err.message : '';
  return /pixel limit/i.test(message) ? 'too_many_pixels' : 'not_an_image';
}

/**
 * Decodes an uploaded photo to prove it is one, and renders every size the pages use as a
 * fresh JPEG: turned upright by its EXIF orientation, transparency flattened onto white, and
 * with no metadata at all (sharp writes none unless asked: no EXIF, no GPS position, no
 * camera serial, no ICC profile, no XMP or comments).
 *
 * A truncated or corrupt file fails the decode (`failOn: 'warning'`), so it is refused rather
 * than stored half-grey.
 */
export async function processPhoto(input: Buffer, opts: { variants?: boolean } = {}): Promise<ProcessedPhoto> {
  // Every failure of the decoder, including those sharp throws synchronously from its
  // constructor (an empty buffer), is a refusal of the upload, never a server fault.
  try {
    return await decodeAndRender(input, opts.variants ?? true);
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    throw new ImageRejectedError(rejectionFor(err));
  }
}

async function decodeAndRender(input: Buffer, withVariants: boolean): Promise<ProcessedPhoto> {
  const type = sniffImageType(input);
  if (type === null) {
    // Bytes another decoder would accept (GIF, TIFF, ...) are a different refusal from junk.
    const known = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .metadata()
      .then(() => true)
      .catch(() => false);
    throw new ImageRejectedError(known ? 'unsupported_type' : 'not_an_image');
  }

  const options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', sequentialRead: true };
  try {
    const meta = await sharp(input, options).metadata();
    if (meta.format !== type) throw new ImageRejectedError('not_an_image');
    const out = {} as Record<PhotoSize, ProcessedSize>;
    // One size after another: each decode uses JPEG shrink-on-load, and the machine is small.
    for (const size of PHOTO_SIZE_NAMES) {
      const { width, height, fit } = PHOTO_SIZES[size];
      const { data, info } = await sharp(input, options)
        .rotate()
        .resize({ width, height, fit, withoutEnlargement: fit === 'inside' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      out[size] = { data, width: info.width, height: info.height };
    }
    const variants: ProcessedPhoto['variants'] = {};
    if (withVariants) for (const width of PHOTO_WIDTHS) variants[width] = await renderVariant(input, width, options);
    return { ...out, mime: 'image/jpeg', variants };
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    throw new ImageRejectedError(rejectionFor(err));
  }
}

/**
 * One WebP width of a photo (decision 073): upright, at most `width` px wide (never enlarged),
 * the aspect ratio kept, transparency on white, no metadata. The input is an upload (already
 * sniffed) or, for a photo stored before the widths existed, its own `lg` JPEG.
 */
export async function renderVariant(input: Buffer, width: PhotoWidth, options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS }): Promise<ProcessedSize> {
  const { data, info } = await sharp(input, options)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
