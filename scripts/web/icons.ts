// Writes the installed app's icons (apps/web/public/icons/*.png, committed) from the brand mark,
// the wrench of favicon.svg: `npx tsx scripts/web/icons.ts` after changing the mark. The web app
// manifest (scripts/web/prerender.ts) lists them. "any" icons are the rounded tile as the favicon
// draws it; the maskable one fills its square with the brand colour and keeps the wrench inside the
// central 80 % circle every launcher's mask leaves visible. The notification badge (decision 039) is
// the wrench alone, white on transparent: Android draws a badge from its alpha channel only.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/public/icons');
export const BRAND = '#0b4f8a';
const WRENCH =
  '<path d="M40.5 12a11.5 11.5 0 0 0-10.9 15.2L13.4 43.4a4.6 4.6 0 0 0 6.5 6.5l16.2-16.2A11.5 11.5 0 0 0 51.3 22l-6.9 6.9-6.1-1.3-1.3-6.1 6.9-6.9A11.5 11.5 0 0 0 40.5 12z" fill="#fff"/><circle cx="16.7" cy="46.7" r="1.9" fill="' +
  BRAND +
  '"/>';

/** The mark on a 64-unit canvas: a rounded tile, or a full square with the wrench shrunk to `scale` around the centre. */
function svg(maskable: boolean): string {
  const scale = maskable ? 0.62 : 1;
  const offset = (64 - 64 * scale) / 2;
  const tile = maskable ? `<rect width="64" height="64" fill="${BRAND}"/>` : `<rect width="64" height="64" rx="14" fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${tile}<g transform="translate(${offset} ${offset}) scale(${scale})">${WRENCH}</g></svg>`;
}

/** The wrench alone on a transparent square, for a notification's badge. */
const BADGE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="8 8 48 48">${WRENCH.replace(/<circle[^>]*\/>/, '')}</svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
  { file: 'badge-96.png', size: 96, maskable: false, badge: true },
];

await mkdir(OUT, { recursive: true });
for (const icon of ICONS) {
  const source = 'badge' in icon ? BADGE_SVG : svg(icon.maskable);
  await sharp(Buffer.from(source), { density: (72 * icon.size) / ('badge' in icon ? 48 : 64) })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, icon.file));
}
console.log(`wrote ${ICONS.map((i) => i.file).join(', ')} in ${path.relative(process.cwd(), OUT)}`);
