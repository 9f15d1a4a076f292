// A person's Facebook, Instagram and LinkedIn (spec §3, decision 058), without zod: the pages that
// only show the links (a contractor's page, a project) import this module, so their first load
// carries no zod (decision 070). schemas/social-links.ts re-exports it with the schema.

export const SOCIAL = {
  facebook: { name: 'Facebook', hosts: ['facebook.com', 'fb.com'], example: 'https://facebook.com/tu.nombre' },
  instagram: { name: 'Instagram', hosts: ['instagram.com'], example: 'https://instagram.com/tu.nombre' },
  linkedin: { name: 'LinkedIn', hosts: ['linkedin.com'], example: 'https://linkedin.com/in/tu-nombre' },
} as const;
export type SocialNetwork = keyof typeof SOCIAL;

/** The link as stored: https:// added when the person typed only `facebook.com/...`. */
export function normalizeSocialUrl(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

// The shared package runs in the browser and in Node without either's URL type; a link is
// scheme, host (letters, digits, dots, hyphens), optional port, then a path without spaces.
const LINK = /^https?:\/\/([a-z0-9.-]+)(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export function isProfileUrlOf(network: SocialNetwork, value: string): boolean {
  const host = LINK.exec(value)?.[1]?.toLowerCase();
  return host !== undefined && SOCIAL[network].hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

export const SOCIAL_NETWORKS = Object.keys(SOCIAL) as SocialNetwork[];

/** The link as a page may show it, or null (empty, or not that network's own site: a value stored before the check). */
export function publicSocialUrl(network: SocialNetwork, value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const url = normalizeSocialUrl(trimmed);
  return isProfileUrlOf(network, url) ? url : null;
}

/** The three links of a profile row as a page may show them; null when there is none. */
export function publicSocialLinks(row: Partial<Record<SocialNetwork, string | null>>): Record<SocialNetwork, string | null> | null {
  const links = {
    facebook: publicSocialUrl('facebook', row.facebook),
    instagram: publicSocialUrl('instagram', row.instagram),
    linkedin: publicSocialUrl('linkedin', row.linkedin),
  };
  return links.facebook || links.instagram || links.linkedin ? links : null;
}
