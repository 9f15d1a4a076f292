import type { ServiceType } from '@arreglaya/shared/domain';

// Project cover pictures: simple drawn scenes (no text) in a 960×640 box.

export type SceneKind = 'bathroom' | 'electric' | 'paint' | 'house' | 'kitchen';

export const SCENE_FOR_SERVICE: Record<ServiceType, SceneKind> = {
  plomeria: 'bathroom',
  electricidad: 'electric',
  seguridad: 'electric',
  aire: 'electric',
  pintura: 'paint',
  limpieza: 'paint',
  remodelacion: 'house',
  herreria: 'house',
  jardineria: 'house',
  mudanza: 'house',
  cerrajero: 'house',
  fumigacion: 'house',
  ebanisteria: 'kitchen',
  refrigeracion: 'kitchen',
};

/** Colour sets; a scene picks one by index, so the same kind looks different across projects. */
const PALETTES = [
  { wall: '#f1e3d3', accent: '#2a9d8f', dark: '#264653', warm: '#e76f51', sky: '#a8dadc' },
  { wall: '#e9f5db', accent: '#3a86ff', dark: '#1d3557', warm: '#ffbe0b', sky: '#bde0fe' },
  { wall: '#fde2e4', accent: '#6d597a', dark: '#355070', warm: '#eaac8b', sky: '#cde7f0' },
  { wall: '#fff3b0', accent: '#e09f3e', dark: '#540b0e', warm: '#9e2a2b', sky: '#caf0f8' },
  { wall: '#e0fbfc', accent: '#ee6c4d', dark: '#293241', warm: '#98c1d9', sky: '#ffe8d6' },
] as const;
type Palette = (typeof PALETTES)[number];

function bathroom(p: Palette): string {
  const tiles: string[] = [];
  for (let y = 0; y < 420; y += 60)
    for (let x = 0; x < 960; x += 60)
      tiles.push(`<rect x="${x + 2}" y="${y + 2}" width="56" height="56" rx="4" fill="#ffffff" fill-opacity="${(x + y) % 120 === 0 ? 0.55 : 0.35}"/>`);
  return `<rect width="960" height="640" fill="${p.sky}"/>${tiles.join('')}
<rect y="420" width="960" height="220" fill="${p.dark}"/>
<path d="M120 0v180q0 40 40 40h300" fill="none" stroke="#9aa5b1" stroke-width="34"/>
<path d="M120 0v180q0 40 40 40h300" fill="none" stroke="#c9d2dc" stroke-width="14"/>
<rect x="440" y="196" width="40" height="48" rx="6" fill="#7b8794"/>
<path d="M462 262c-12 18-12 30 0 34s12-16 0-34z" fill="#4cc9f0"/><path d="M462 318c-9 13-9 22 0 25s9-12 0-25z" fill="#4cc9f0" fill-opacity="0.8"/>
<ellipse cx="470" cy="418" rx="70" ry="12" fill="#4cc9f0" fill-opacity="0.6"/>
<path d="M600 300h260v40q0 60-60 60h-140q-60 0-60-60z" fill="#ffffff"/><rect x="700" y="400" width="60" height="140" fill="#e5e5e5"/>
<rect x="715" y="250" width="30" height="50" rx="6" fill="#adb5bd"/><path d="M730 250v-20h40" fill="none" stroke="#adb5bd" stroke-width="12" stroke-linecap="round"/>
<circle cx="880" cy="90" r="40" fill="${p.accent}" fill-opacity="0.25"/>`;
}

function electric(p: Palette): string {
  return `<rect width="960" height="640" fill="${p.dark}"/>
<circle cx="480" cy="330" r="230" fill="${p.warm}" fill-opacity="0.18"/><circle cx="480" cy="330" r="150" fill="${p.warm}" fill-opacity="0.22"/>
<path d="M480 0v200" stroke="#111" stroke-width="8"/><rect x="455" y="190" width="50" height="50" rx="6" fill="#6c757d"/>
<path d="M430 300a50 50 0 1 1 100 0c0 30-20 40-22 70h-56c-2-30-22-40-22-70z" transform="translate(0 -20) scale(1)" fill="#fff3b0"/>
<rect x="452" y="350" width="56" height="34" rx="6" fill="#adb5bd"/>
<path d="M460 300l20 30 20-30" fill="none" stroke="${p.warm}" stroke-width="5"/>
<rect x="90" y="170" width="190" height="290" rx="10" fill="#adb5bd"/><rect x="110" y="190" width="150" height="250" rx="6" fill="#495057"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${125 + (i % 2) * 70}" y="${210 + Math.floor(i / 2) * 75}" width="50" height="55" rx="4" fill="#dee2e6"/><rect x="${140 + (i % 2) * 70}" y="${222 + Math.floor(i / 2) * 75}" width="20" height="28" rx="3" fill="${i === 3 ? p.warm : p.accent}"/>`).join('')}
<rect x="730" y="380" width="110" height="150" rx="14" fill="#f8f9fa"/><rect x="758" y="415" width="14" height="34" rx="4" fill="#495057"/><rect x="798" y="415" width="14" height="34" rx="4" fill="#495057"/><circle cx="785" cy="485" r="10" fill="#495057"/>
<polygon points="760,120 700,220 750,220 730,310 810,190 760,190 790,120" fill="#ffd60a"/>`;
}

function paint(p: Palette): string {
  return `<rect width="960" height="640" fill="${p.wall}"/>
<rect x="0" y="0" width="520" height="520" fill="${p.accent}"/>
<path d="M520 0h40v40h-40v40h40v40h-40v40h40v40h-40v40h40v40h-40v40h40v40h-40v40h40v40h-40z" fill="${p.accent}" fill-opacity="0.55"/>
<rect y="520" width="960" height="120" fill="#b08968"/>
<rect x="600" y="180" width="220" height="70" rx="20" fill="${p.accent}"/><rect x="612" y="192" width="196" height="46" rx="14" fill="#ffffff" fill-opacity="0.25"/>
<path d="M820 215h40v110h-150v60" fill="none" stroke="#495057" stroke-width="14" stroke-linejoin="round"/><rect x="690" y="380" width="40" height="130" rx="10" fill="${p.dark}"/>
<path d="M140 420h170l-20 140h-130z" fill="#dee2e6"/><ellipse cx="225" cy="420" rx="85" ry="18" fill="${p.accent}"/><path d="M140 420q85-80 170 0" fill="none" stroke="#6c757d" stroke-width="8"/>
<path d="M150 455c20 10 10 40 0 50" stroke="${p.accent}" stroke-width="16" fill="none" stroke-linecap="round"/>`;
}

function house(p: Palette): string {
  return `<rect width="960" height="640" fill="${p.sky}"/><circle cx="820" cy="110" r="60" fill="#ffd166"/>
<ellipse cx="200" cy="120" rx="90" ry="28" fill="#ffffff" fill-opacity="0.8"/><ellipse cx="260" cy="100" rx="60" ry="26" fill="#ffffff" fill-opacity="0.8"/>
<rect y="500" width="960" height="140" fill="#74c69d"/>
<rect x="260" y="270" width="440" height="240" fill="${p.wall}"/><polygon points="230,280 480,120 730,280" fill="${p.warm}"/>
<rect x="440" y="370" width="80" height="140" rx="6" fill="${p.dark}"/><circle cx="505" cy="440" r="6" fill="#ffd166"/>
<rect x="300" y="330" width="100" height="80" rx="4" fill="#caf0f8" stroke="${p.dark}" stroke-width="8"/><path d="M350 330v80M300 370h100" stroke="${p.dark}" stroke-width="6"/>
<rect x="560" y="330" width="100" height="80" rx="4" fill="#caf0f8" stroke="${p.dark}" stroke-width="8"/><path d="M610 330v80M560 370h100" stroke="${p.dark}" stroke-width="6"/>
${[40, 110, 750, 820, 890].map((x) => `<rect x="${x}" y="430" width="10" height="90" fill="${p.dark}"/>`).join('')}<path d="M30 455h240M740 455h220M30 490h240M740 490h220" stroke="${p.dark}" stroke-width="8"/>
<circle cx="160" cy="430" r="55" fill="#2d6a4f"/><rect x="152" y="470" width="16" height="50" fill="#6f4518"/>
<ellipse cx="330" cy="515" rx="60" ry="26" fill="#40916c"/><ellipse cx="640" cy="515" rx="60" ry="26" fill="#40916c"/>
<rect x="600" y="160" width="40" height="90" fill="#adb5bd"/>`;
}

function kitchen(p: Palette): string {
  return `<rect width="960" height="640" fill="${p.wall}"/>
<rect x="60" y="60" width="540" height="170" rx="8" fill="${p.accent}"/>${[0, 1, 2].map((i) => `<rect x="${75 + i * 175}" y="75" width="160" height="140" rx="6" fill="#ffffff" fill-opacity="0.2"/><rect x="${145 + i * 175}" y="190" width="24" height="8" rx="4" fill="${p.dark}"/>`).join('')}
<rect x="60" y="360" width="540" height="200" rx="8" fill="${p.accent}"/><rect x="40" y="340" width="580" height="30" rx="6" fill="#ced4da"/>
${[0, 1, 2].map((i) => `<rect x="${75 + i * 175}" y="385" width="160" height="160" rx="6" fill="#ffffff" fill-opacity="0.2"/><rect x="${145 + i * 175}" y="395" width="24" height="8" rx="4" fill="${p.dark}"/>`).join('')}
<rect x="680" y="90" width="220" height="470" rx="18" fill="#e9ecef"/><path d="M680 270h220" stroke="#adb5bd" stroke-width="6"/><rect x="700" y="150" width="12" height="80" rx="6" fill="#6c757d"/><rect x="700" y="300" width="12" height="120" rx="6" fill="#6c757d"/>
<path d="M790 170l20 20M810 170l-20 20M800 165v30M785 180h30" stroke="#4cc9f0" stroke-width="5" stroke-linecap="round"/>
<rect y="560" width="960" height="80" fill="${p.dark}"/><rect x="200" y="300" width="90" height="40" rx="6" fill="${p.warm}"/>`;
}

/** A scene of `kind` with palette `variant`, as an SVG document of `width`×`height` px. */
export function sceneSvg(kind: SceneKind, variant: number, width: number, height: number): string {
  const p = PALETTES[variant % PALETTES.length] as Palette;
  const body = { bathroom, electric, paint, house, kitchen }[kind](p);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 960 640" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}
