import type { ServiceType } from '@arreglaya/shared/domain';

// Avatar drawings for the demo people: plain shapes only (no text, so no font is
// needed wherever the server runs). Drawn in a 100×100 box and scaled by the renderer.

export const AVATAR_BACKGROUNDS = ['#1e6f9f', '#2a9d8f', '#e76f51', '#8e44ad', '#f4a261', '#264653', '#3a86ff', '#43aa8b', '#d1495b', '#6d597a', '#118ab2', '#ef8354'] as const;
export const SKIN_TONES = ['#6b4423', '#8d5524', '#a0662f', '#c68642', '#e0ac69', '#f1c27d'] as const;
export const HAIR_COLOURS = ['#1b1b1b', '#2e1f14', '#4a2f1b', '#6f4e37'] as const;
export const SHIRT_COLOURS = ['#f1faee', '#ffd166', '#06d6a0', '#073b4c', '#ff6b6b', '#ffffff', '#9bc1bc', '#f7b267'] as const;
export const HAT_COLOURS = ['#ffbe0b', '#fb8500', '#ffffff', '#e63946'] as const;

export type HairStyle = 'short' | 'curly' | 'long' | 'bun' | 'bald';

export interface AvatarLook {
  background: string;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  shirt: string;
  /** Hard hat colour, or null for none. */
  hardHat: string | null;
  /** Trade shown in a badge at the bottom right, or null. */
  tool: ServiceType | null;
}

/** Trade icons, drawn in a 24×24 box with stroke 'currentColor'-like colour `c`. */
function toolIcon(tool: ServiceType, c: string): string {
  const sw = (width = 2) => `fill="none" stroke="${c}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
  const st = sw();
  switch (tool) {
    case 'plomeria':
      return `<path ${st} d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z"/>`;
    case 'electricidad':
      return `<polygon fill="#ffd60a" stroke="${c}" stroke-width="1.5" stroke-linejoin="round" points="13 2 3 14 12 14 11 22 21 10 12 10 13 2"/>`;
    case 'pintura':
      return `<rect ${st} x="2" y="3" width="16" height="6" rx="2"/><path ${st} d="M18 6h3v6h-9v4"/><rect fill="${c}" x="10" y="16" width="4" height="6" rx="1"/>`;
    case 'remodelacion':
      return `<path ${sw(3)} d="M4 20l9-9"/><polygon fill="${c}" points="10,6 15,1 23,9 18,14"/>`;
    case 'seguridad':
      return `<path ${st} d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z"/><path ${st} d="M8.5 12l2.5 2.5 4.5-5"/>`;
    case 'herreria':
      return `<rect ${st} x="3" y="3" width="18" height="18" rx="1"/><path ${st} d="M7.5 3v18M12 3v18M16.5 3v18M3 12h18"/>`;
    case 'limpieza':
      return `<path fill="${c}" d="M10 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2z"/><path fill="${c}" d="M18 13l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1z"/>`;
    case 'jardineria':
      return `<path fill="#52b788" stroke="${c}" stroke-width="1.5" d="M5 19C5 9 11 4 20 4c0 9-5 15-15 15z"/><path ${st} d="M5 19L14 10"/>`;
    case 'ebanisteria':
      return `<rect fill="#c8904f" stroke="${c}" stroke-width="1.5" x="2" y="8" width="20" height="8" rx="1"/><path ${sw(1)} d="M5 11c3-1 6 1 9 0s5-1 6 0M4 13.5c4 1 8-1 12 0"/>`;
    case 'mudanza':
      return `<path fill="#deb887" stroke="${c}" stroke-width="1.5" stroke-linejoin="round" d="M3 8l9-5 9 5v9l-9 5-9-5z"/><path ${sw(1.5)} d="M3 8l9 5 9-5M12 13v9"/>`;
    case 'refrigeracion':
      return `<path ${st} d="M12 2v20M3.3 7l17.4 10M3.3 17l17.4-10M9.5 3.5L12 6l2.5-2.5M9.5 20.5L12 18l2.5 2.5"/>`;
    case 'cerrajero':
      return `<circle ${st} cx="7" cy="16" r="4.5"/><path ${st} d="M10.2 12.8L20 3M16 7l3 3M13.5 9.5l2 2"/>`;
    case 'fumigacion':
      return `<ellipse fill="${c}" cx="12" cy="14" rx="5" ry="6"/><circle fill="${c}" cx="12" cy="6.5" r="3"/><path ${sw(1.5)} d="M7 11l-4-2M7 15H2.5M7.5 19l-3.5 2.5M17 11l4-2M17 15h4.5M16.5 19l3.5 2.5"/>`;
    case 'aire':
      return `<rect ${st} x="2" y="4" width="20" height="9" rx="2"/><path ${sw(1.5)} d="M5 10h14M6 16c1.5 1.5-1.5 3 0 5M12 16c1.5 1.5-1.5 3 0 5M18 16c1.5 1.5-1.5 3 0 5"/>`;
  }
}

function hairBack(look: AvatarLook): string {
  if (look.hairStyle === 'long') {
    return `<path fill="${look.hair}" d="M32 46c0-16 8-24 18-24s18 8 18 24v22H32z"/>`;
  }
  if (look.hairStyle === 'bun') return `<circle fill="${look.hair}" cx="50" cy="22" r="8"/>`;
  return '';
}

function hairFront(look: AvatarLook): string {
  switch (look.hairStyle) {
    case 'short':
      return `<path fill="${look.hair}" d="M35 42c-1-12 6-19 15-19s16 7 15 19c-3-6-8-9-15-9s-12 3-15 9z"/>`;
    case 'curly':
      return [
        [36, 33],
        [42, 27],
        [50, 25],
        [58, 27],
        [64, 33],
      ]
        .map(([x, y]) => `<circle fill="${look.hair}" cx="${x}" cy="${y}" r="7"/>`)
        .join('');
    case 'long':
    case 'bun':
      return `<path fill="${look.hair}" d="M34 44c-1-13 7-20 16-20s17 7 16 20c-4-7-9-10-16-10s-12 3-16 10z"/>`;
    case 'bald':
      return '';
  }
}

/** The avatar as an SVG document of `size`×`size` pixels. */
export function avatarSvg(look: AvatarLook, size: number): string {
  const hat = look.hardHat
    ? `<path fill="${look.hardHat}" d="M34 37a16 15 0 0 1 32 0z"/><rect fill="${look.hardHat}" x="29" y="35" width="42" height="5" rx="2.5"/><rect fill="#000" fill-opacity="0.12" x="48" y="23" width="4" height="13" rx="2"/>`
    : hairFront(look);
  const badge = look.tool
    ? `<g><circle cx="79" cy="79" r="15" fill="#ffffff" stroke="#1d3557" stroke-width="2"/><g transform="translate(70 70) scale(0.75)">${toolIcon(look.tool, '#1d3557')}</g></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<rect width="100" height="100" fill="${look.background}"/>
<circle cx="50" cy="52" r="40" fill="#ffffff" fill-opacity="0.14"/>
${hairBack(look)}
<path fill="${look.shirt}" d="M16 100c0-22 15-33 34-33s34 11 34 33z"/>
<path fill="#000" fill-opacity="0.08" d="M42 67l8 9 8-9z"/>
<rect fill="${look.skin}" x="44" y="54" width="12" height="14" rx="4"/>
<ellipse fill="${look.skin}" cx="50" cy="44" rx="15" ry="17"/>
<circle fill="#1b1b1b" fill-opacity="0.75" cx="44.5" cy="45" r="1.6"/><circle fill="#1b1b1b" fill-opacity="0.75" cx="55.5" cy="45" r="1.6"/>
<path fill="none" stroke="#1b1b1b" stroke-opacity="0.55" stroke-width="1.3" stroke-linecap="round" d="M45.5 52.5q4.5 3 9 0"/>
${hat}
${badge}
</svg>`;
}
