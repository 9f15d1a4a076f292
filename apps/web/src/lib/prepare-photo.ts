import { profile as t } from '@arreglaya/shared/i18n/profile';
import { PHOTO_MAX_EDGE, checkPhotoFile } from '@arreglaya/shared/schemas/profile';

/** What a chosen file became: the file to send, or why it was refused (in Spanish, naming it). */
export type PreparedPhoto = { ok: true; file: File } | { ok: false; error: string };

/** JPEG quality of a scaled-down photo: close to the camera's look at a fraction of its weight. */
const SCALED_QUALITY = 0.85;

async function decode(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file);
  } catch {
    return null;
  }
}

function toJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return Promise.resolve(null);
    drawOnWhite(context, bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: SCALED_QUALITY }).catch(() => null);
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  drawOnWhite(context, bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', SCALED_QUALITY));
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
 * file is refused at once with its name. A photo larger than PHOTO_MAX_EDGE on its long side is
 * scaled down here (a 12-megapixel phone photo of 4-5 MB becomes about 2,048 × 1,536 and a few
 * hundred KB), so a slow connection does not carry pixels the server would throw away. The server
 * still decodes and re-encodes whatever arrives.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const problem = checkPhotoFile(file);
  if (problem) return { ok: false, error: problem };
  const bitmap = await decode(file);
  if (!bitmap || bitmap.width === 0 || bitmap.height === 0) return { ok: false, error: t.photo.fileNotAnImage(file.name) };
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    if (longest <= PHOTO_MAX_EDGE) return { ok: true, file };
    const scale = PHOTO_MAX_EDGE / longest;
    const blob = await toJpeg(bitmap, Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    // A browser that cannot re-encode sends the original: the server scales it anyway.
    if (!blob) return { ok: true, file };
    return { ok: true, file: new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) };
  } finally {
    bitmap.close();
  }
}
