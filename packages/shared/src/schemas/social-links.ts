import { z } from 'zod';

// A person's Facebook, Instagram and LinkedIn (spec §3): checked by the profile forms' schema
// (schemas/profile.ts) when saved, and again when shown (decision 058), so only a link to that
// network's own site, over http(s), ever reaches a page.

export { SOCIAL, SOCIAL_NETWORKS, isProfileUrlOf, normalizeSocialUrl, publicSocialUrl, type SocialNetwork } from '../social-links.ts';
import { publicSocialLinks as linksOf } from '../social-links.ts';
import type { SocialNetwork } from '../social-links.ts';

/** What a page shows: each network's link or null. */
export const SocialLinksSchema = z.object({ facebook: z.string().nullable(), instagram: z.string().nullable(), linkedin: z.string().nullable() }).meta({ id: 'SocialLinks' });
export type SocialLinks = z.infer<typeof SocialLinksSchema>;

/** The three links of a profile row as a page may show them; null when there is none. */
export function publicSocialLinks(row: Partial<Record<SocialNetwork, string | null>>): SocialLinks | null {
  return linksOf(row);
}
