import { profile as t } from '@arreglaya/shared/i18n/profile';
import { PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES, checkPhotoFile } from '@arreglaya/shared/photo-files';

/** What a chosen file became: the file to send, or why it was refused (in Spanish, naming it). */
export type PreparedPhoto = { ok: true; file: File } | { ok: false; error: string };

/**
 * JPEG qualities tried, best first, until the photo weighs at most PHOTO_TARGET_BYTES (decision
 * 073): 0.85 is close to the camera's look; a busy 1,600 px photo may need 0.7 or 0.6.
 */
const QUALITIES = [0.85, 0.75, 0.65, 0.55] as const;

async function decode(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file);
  } catch {
    return null;
  }
}

function toJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return Promise.resolve(null);
    drawOnWhite(context, bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality }).catch(() => null);
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  drawOnWhite(context, bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** A transparent PNG becomes a JPEG on white, as the server flattens it (decision 012). */
function drawOnWhite(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, bitmap: ImageBitmap, width: number, height: number): void {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

const jpegName = (name: string) => `${name.replace(/\.[^./]*$/, '') || 'foto'}.jpg`;

/**
 * Every photo picker's check before anything is sent (issue 31): type and size against the limits
 * the server enforces (packages/shared), then a real decode in the browser, so a broken or fake
 * file is refused at once with its name. A photo larger than PHOTO_MAX_EDGE (1,600 px) on its long
 * side, or heavier than PHOTO_TARGET_BYTES (300 KB), leaves the phone scaled down and re-encoded
 * as a JPEG, at the best quality that fits (decision 073): a 12-megapixel phone photo of 4-5 MB
 * becomes 1,600 × 1,200 and about 200-300 KB, so a prepaid line does not carry pixels the server
 * would throw away. The server still decodes, re-encodes and limits whatever arrives.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const problem = checkPhotoFile(file);
  if (problem) return { ok: false, error: problem };
  const bitmap = await decode(file);
  if (!bitmap || bitmap.width === 0 || bitmap.height === 0) return { ok: false, error: t.photo.fileNotAnImage(file.name) };
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    if (longest <= PHOTO_MAX_EDGE && file.size <= PHOTO_TARGET_BYTES) return { ok: true, file };
    const scale = Math.min(1, PHOTO_MAX_EDGE / longest);
    const [width, height] = [Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale))];
    let smallest: Blob | null = null;
    for (const quality of QUALITIES) {
      const blob = await toJpeg(bitmap, width, height, quality);
      // A browser that cannot re-encode sends the original: the server scales it anyway.
      if (!blob) break;
      if (!smallest || blob.size < smallest.size) smallest = blob;
      if (blob.size <= PHOTO_TARGET_BYTES) break;
    }
    // Never send more than was chosen: a small photo that re-encodes heavier goes as it was.
    if (!smallest || (longest <= PHOTO_MAX_EDGE && smallest.size >= file.size)) return { ok: true, file };
    return { ok: true, file: new File([smallest], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) };
  } finally {
    bitmap.close();
  }
}
