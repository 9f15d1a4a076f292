import { socialLinks as t } from '@arreglaya/shared/i18n/social-links';
import { publicSocialUrl, SOCIAL, SOCIAL_NETWORKS, type SocialNetwork } from '@arreglaya/shared/social-links';
import type { SocialLinks } from '@arreglaya/shared/schemas/social-links';
import { FacebookIcon, InstagramIcon, LinkedInIcon } from './icons.tsx';

const ICONS: Record<SocialNetwork, typeof FacebookIcon> = { facebook: FacebookIcon, instagram: InstagramIcon, linkedin: LinkedInIcon };

/**
 * A person's Facebook, Instagram and LinkedIn as links (decision 058): only a link to that
 * network's own site over http(s) is drawn (checked again here, whatever the server sent); each
 * opens a new tab without our address or any ranking credit (`nofollow ugc`: the link is the
 * person's, not ours), and its name says which network and whose.
 */
export function SocialLinksList({ links, name }: { links: SocialLinks; name: string }) {
  const shown = SOCIAL_NETWORKS.flatMap((network) => {
    const href = publicSocialUrl(network, links[network]);
    return href ? [{ network, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map(({ network, href }) => {
        const Icon = ICONS[network];
        return (
          <li key={network}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer nofollow ugc"
              aria-label={t.linkName(SOCIAL[network].name, name)}
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-800 hover:border-brand-400 hover:bg-brand-50"
            >
              <Icon className="size-5" />
              {SOCIAL[network].name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
