import { lazy, useCallback, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { contractorPage } from '@arreglaya/shared/i18n/contractor-page';
import { directoryList as t } from '@arreglaya/shared/i18n/directory-list';
import { shell } from '@arreglaya/shared/i18n/shell';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { WhenVisible } from '@/components/ui/when-visible.tsx';
import { ContactButton } from '@/features/contractor-contact/components/contact-button.tsx';
import { ContractorProfile } from '@/features/directory/components/contractor-profile.tsx';
import { useContractor } from '@/features/directory/hooks/use-contractor.ts';
import { FavouriteHeart } from '@/features/favourites/components/favourite-heart.tsx';
import { SignedInReportButton } from '@/features/reports/components/signed-in-report-button.tsx';
import { usePageMeta } from '@/lib/page-meta.ts';

// Parts the server renders nothing of (they fetch their data in the browser): their code comes
// when they scroll near (decision 070), not with the page's first screen.
const ContractorRecords = lazy(() => import('./contractor-records.tsx'));
const PublicReviewVotes = lazy(() => import('@/features/reviews/components/public-review-votes.tsx').then((m) => ({ default: m.PublicReviewVotes })));
/** The votes' distance, closer than WhenVisible's usual 600 px: a phone's first screen does not reach the first review's. */
const NEAR = '300px 0px';

const NO_REVIEWS: readonly string[] = [];

/** /contractors/:id: a contractor's public page with the heart and Contactar (spec §2). */
function ContractorPage() {
  const { id = '' } = useParams();
  const contractor = useContractor(id);
  const profile = contractor.data;
  const reviewIds = useMemo(() => profile?.reviews.map((r) => r.id) ?? NO_REVIEWS, [profile]);
  const reviewVotes = useCallback(
    (reviewId: string) => (
      <WhenVisible rootMargin={NEAR}>
        <PublicReviewVotes reviewIds={reviewIds} reviewId={reviewId} />
      </WhenVisible>
    ),
    [reviewIds],
  );
  const meta = profile
    ? contractorPage.meta(profile)
    : { title: profile === null ? contractorPage.notFoundTitle : shell.pages.contractorPublicProfile, description: t.metaDescription };
  usePageMeta(meta.title, meta.description);
  const searchCrumb = { label: contractorPage.breadcrumb, to: '/busqueda' };

  if (contractor.isPending) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb items={[searchCrumb, { label: profile ? profile.name : contractorPage.notFoundTitle }]} />
      {profile ? (
        <ContractorProfile
          profile={profile}
          favourite={<FavouriteHeart contractorId={profile.id} contractorName={profile.name} />}
          contact={
            <>
              <ContactButton contractor={profile} />
              <SignedInReportButton target={{ targetKind: 'profile', contractorId: profile.id }} />
            </>
          }
          portfolio={
            // Empty until it loads: no gap of the column's below the reviews.
            <WhenVisible className="flex flex-col gap-8 empty:-mt-8">
              <ContractorRecords contractorId={profile.id} />
            </WhenVisible>
          }
          reviewActions={reviewVotes}
        />
      ) : contractor.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <h1 className="text-3xl font-bold text-slate-900">{shell.pages.contractorPublicProfile}</h1>
          <p className="text-slate-800">{contractorPage.error}</p>
          <button type="button" onClick={() => void contractor.refetch()} className={buttonClasses('secondary')}>
            {t.results.retry}
          </button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <h1 className="text-3xl font-bold text-slate-900">{contractorPage.notFoundTitle}</h1>
          <p className="text-lg text-slate-800">{contractorPage.notFound}</p>
          <Link to="/busqueda" className={buttonClasses('primary')}>
            {contractorPage.backToSearch}
          </Link>
        </div>
      )}
    </div>
  );
}

export { ContractorPage as Component };
