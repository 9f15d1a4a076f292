import type { ReactNode } from 'react';
import { contractorPage } from '@arreglaya/shared/i18n/contractor-page';
import { directoryList as t } from '@arreglaya/shared/i18n/directory-list';
import type { ContractorPublicProfile, PublicReview } from '@arreglaya/shared/schemas/directory';
import { Avatar } from '@/components/ui/avatar.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { useCountry } from '@/lib/country.ts';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { lazySection } from '@/components/ui/lazy-section.tsx';
import { DIRECTORY_TIME_ZONE } from '../format.ts';
import { ContractorBadges } from './contractor-badges.tsx';
import { BadgesHelp } from './contractor-trust.tsx';

const ContractorAsideSection = lazySection(() => import('./contractor-aside.tsx').then((m) => m.ContractorAside));

interface ContractorProfileProps {
  profile: ContractorPublicProfile;
  /** The favourite heart and Contactar, composed by the page. */
  favourite?: ReactNode;
  contact?: ReactNode;
  /** The contractor's finished jobs (the portfolio feature's section), composed by the page. */
  portfolio?: ReactNode;
  /** What goes under each review (the reviews feature's Me gusta / No me gusta), composed by the page. */
  reviewActions?: (reviewId: string) => ReactNode;
}

/** The public page of a contractor (/contractors/:id): only public fields and approved reviews. */
export function ContractorProfile({ profile: p, favourite, contact, portfolio, reviewActions }: ContractorProfileProps) {
  const { locale } = useCountry();
  const reviewsText = t.card.reviews(formatNumber(p.ratingCount, locale), p.ratingCount);
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start">
        <Avatar src={p.avatarPhotoId ? `/api/photos/${p.avatarPhotoId}/md` : null} size="lg" className="size-24 sm:size-32" />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-3xl font-bold text-slate-900 [overflow-wrap:anywhere]">{p.name}</h1>
            {/* Its place is kept while the heart waits for the session (the server renders without it): nothing moves when it appears. */}
            {favourite && <div className="size-11 shrink-0">{favourite}</div>}
          </div>
          {p.companyName && <p className="mt-1 text-lg text-slate-700 [overflow-wrap:anywhere]">{p.companyName}</p>}
          <ContractorBadges badges={p.badges} className="mt-2" />
          <BadgesHelp className="mt-1" />
          <p className="mt-3 flex flex-wrap items-center gap-x-2 text-slate-700">
            <StarRating value={p.ratingAvg} showValue={p.ratingCount > 0} size="lg" />
            <span>{p.ratingCount > 0 ? `(${reviewsText})` : t.card.noReviews}</span>
          </p>
          {contact && <div className="mt-4 min-h-11">{contact}</div>}
        </div>
      </header>

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-8">
          <section aria-labelledby="contractor-about">
            <h2 id="contractor-about" className="text-2xl font-bold text-slate-900">
              {contractorPage.about}
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{p.description ?? contractorPage.noDescription}</p>
          </section>

          <section aria-labelledby="contractor-reviews">
            <h2 id="contractor-reviews" className="text-2xl font-bold text-slate-900">
              {contractorPage.reviews} {p.ratingCount > 0 && <span className="text-lg font-semibold text-slate-700">({reviewsText})</span>}
            </h2>
            {p.reviews.length === 0 ? (
              <p className="mt-2 text-slate-700">{contractorPage.noReviews}</p>
            ) : (
              <>
                {p.ratingCount > p.reviews.length && (
                  <p className="mt-2 text-sm text-slate-700">{contractorPage.reviewsShown(p.reviews.length, formatNumber(p.ratingCount, locale))}</p>
                )}
                <ul className="mt-4 flex flex-col gap-4">
                  {p.reviews.map((review) => (
                    <li key={review.id}>
                      <ReviewItem review={review} locale={locale} actions={reviewActions?.(review.id)} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          {portfolio}
        </div>

        {/* Below the reviews on a phone: its code comes when it is seen or touched (decision 070). */}
        <ContractorAsideSection profile={p} className="h-fit" />
      </div>
    </div>
  );
}

function ReviewItem({ review: r, locale, actions }: { review: PublicReview; locale: string; actions?: ReactNode }) {
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4">
      <StarRating value={r.rating} />
      {r.title && <h3 className="mt-1 font-bold text-slate-900 [overflow-wrap:anywhere]">{r.title}</h3>}
      <p className="mt-1 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{r.comment}</p>
      <p className="mt-2 text-sm text-slate-700">
        — {r.authorName}, <time dateTime={r.createdAt}>{formatDate(r.createdAt, locale, DIRECTORY_TIME_ZONE)}</time>
      </p>
      {r.reply && (
        <div className="mt-3 border-l-4 border-brand-300 bg-brand-50 px-3 py-2">
          <p className="text-sm font-semibold text-slate-900">{contractorPage.reply}</p>
          <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{r.reply}</p>
        </div>
      )}
      {actions}
    </article>
  );
}
