import { Link, useParams } from 'react-router';
import { directory as t } from '@arreglaya/shared/i18n/directory';
import { shell } from '@arreglaya/shared/i18n/shell';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { ContactContractorButton } from '@/features/contractor-contact/components/contact-contractor-button.tsx';
import { ContractorProfile } from '@/features/directory/components/contractor-profile.tsx';
import { ShowUpRecord } from '@/features/directory/components/show-up-record.tsx';
import { useContractor } from '@/features/directory/hooks/use-contractor.ts';
import { FavouriteButton } from '@/features/favourites/components/favourite-button.tsx';
import { VerificationBadges } from '@/features/verification/verification-badges.tsx';
import { PortfolioSection } from '@/features/portfolio/components/portfolio-section.tsx';
import { ReportButton } from '@/features/reports/components/report-button.tsx';
import { usePublicReviewVotes } from '@/features/reviews/components/public-review-votes.tsx';
import { usePageMeta } from '@/lib/page-meta.ts';

const NO_REVIEWS: readonly string[] = [];

/** /contractors/:id: a contractor's public page with the heart and Contactar (spec §2). */
function ContractorPage() {
  const { id = '' } = useParams();
  const contractor = useContractor(id);
  const profile = contractor.data;
  const reviewVotes = usePublicReviewVotes(profile?.reviews.map((r) => r.id) ?? NO_REVIEWS);
  const meta = profile ? t.page.meta(profile) : { title: profile === null ? t.page.notFoundTitle : shell.pages.contractorPublicProfile, description: t.metaDescription };
  usePageMeta(meta.title, meta.description);
  const searchCrumb = { label: t.page.breadcrumb, to: '/busqueda' };

  if (contractor.isPending) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb items={[searchCrumb, { label: profile ? profile.name : t.page.notFoundTitle }]} />
      {profile ? (
        <ContractorProfile
          profile={profile}
          favourite={<FavouriteButton contractorId={profile.id} contractorName={profile.name} />}
          contact={
            <>
              <ContactContractorButton contractor={profile} />
              <ReportButton target={{ targetKind: 'profile', contractorId: profile.id }} />
            </>
          }
          portfolio={
            <>
              <VerificationBadges contractorId={profile.id} />
              <ShowUpRecord contractorId={profile.id} />
              <PortfolioSection contractorId={profile.id} />
            </>
          }
          reviewActions={reviewVotes}
        />
      ) : contractor.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <h1 className="text-3xl font-bold text-slate-900">{shell.pages.contractorPublicProfile}</h1>
          <p className="text-slate-800">{t.page.error}</p>
          <button type="button" onClick={() => void contractor.refetch()} className={buttonClasses('secondary')}>
            {t.results.retry}
          </button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <h1 className="text-3xl font-bold text-slate-900">{t.page.notFoundTitle}</h1>
          <p className="text-lg text-slate-800">{t.page.notFound}</p>
          <Link to="/busqueda" className={buttonClasses('primary')}>
            {t.page.backToSearch}
          </Link>
        </div>
      )}
    </div>
  );
}

export { ContractorPage as Component };
