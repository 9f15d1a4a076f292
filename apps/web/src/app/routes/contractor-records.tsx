import { ShowUpRecord } from '@/features/directory/components/show-up-record.tsx';
import { PortfolioSection } from '@/features/portfolio/components/portfolio-section.tsx';
import { VerificationBadges } from '@/features/verification/verification-badges.tsx';

/**
 * What a contractor's public page shows below the reviews, each read in the browser: the
 * verification badges, the show-up record and the finished jobs. Loaded by contractor-page.tsx when
 * it scrolls near (decision 070).
 */
export default function ContractorRecords({ contractorId }: { contractorId: string }) {
  return (
    <>
      <VerificationBadges contractorId={contractorId} />
      <ShowUpRecord contractorId={contractorId} />
      <PortfolioSection contractorId={contractorId} />
    </>
  );
}
