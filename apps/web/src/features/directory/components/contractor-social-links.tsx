import { socialLinks as t } from '@arreglaya/shared/i18n/social-links';
import type { ContractorPublicProfile } from '@arreglaya/shared/schemas/directory';
import { SocialLinksList } from '@/components/ui/social-links.tsx';

/** A contractor's Facebook, Instagram and LinkedIn on the public page (issue 55, decision 058): for a tradesman, often the portfolio. */
export function ContractorSocialLinks({ contractor }: { contractor: Pick<ContractorPublicProfile, 'name' | 'social'> }) {
  if (!contractor.social) return null;
  return (
    <section aria-labelledby="contractor-social">
      <h2 id="contractor-social" className="text-lg font-bold text-slate-900">
        {t.contractorTitle}
      </h2>
      <div className="mt-2">
        <SocialLinksList links={contractor.social} name={contractor.name} />
      </div>
    </section>
  );
}
