import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { findCity } from '@arreglaya/shared/countries';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { directoryList as t } from '@arreglaya/shared/i18n/directory-list';
import type { ContractorCard as Card, DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { Avatar } from '@/components/ui/avatar.tsx';
import { MapPinIcon } from '@/components/ui/icons.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { useCountry } from '@/lib/country.ts';
import { formatNumber } from '@/lib/format.ts';
import { distanceText, formatMonthYear } from '../format.ts';
import { ContractorBadges } from './contractor-badges.tsx';
import { BadgesHelp, PortfolioThumbs, TrustFacts } from './contractor-trust.tsx';

interface ContractorCardProps {
  contractor: Card;
  /** The favourite heart, composed by the page (features do not import each other). */
  favourite?: ReactNode;
  /** The Contactar button, composed by the page. */
  contact?: ReactNode;
  /** The name's heading level: h2 in a list under the page's h1. */
  headingLevel?: 'h2' | 'h3';
  /** Where the card's distance is measured from (a search's origin); no distance without one. */
  origin?: DirectoryPage['origin'];
}

/** A contractor in the directory (spec §2 /busqueda): only public fields. */
export function ContractorCard({ contractor: c, favourite, contact, headingLevel: Heading = 'h2', origin }: ContractorCardProps) {
  const { locale } = useCountry();
  const city = c.city ? findCity(c.country, c.city)?.name : undefined;
  const distance = origin && c.distanceKm !== null ? distanceText(c.distanceKm, origin, locale) : null;
  const headingId = `contractor-${c.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <Avatar src={c.avatarPhotoId ? `/api/photos/${c.avatarPhotoId}/md` : null} size="lg" className="size-16 sm:size-20" />
        <div className="min-w-0 flex-1">
          <Heading id={headingId} className="text-lg leading-snug font-bold text-slate-900">
            <Link to={`/contractors/${c.id}`} className="text-brand-800 underline-offset-2 hover:underline">
              {c.name}
            </Link>
          </Heading>
          {c.companyName && <p className="text-slate-700 [overflow-wrap:anywhere]">{c.companyName}</p>}
          <ContractorBadges badges={c.badges} className="mt-1.5" />
          {(c.badges.verified || c.badges.featured) && <BadgesHelp />}
        </div>
        {/* The heart and Contactar wait for the session (the server renders without them): their places are kept, so nothing moves when they appear. */}
        {favourite && <div className="size-11 shrink-0">{favourite}</div>}
      </div>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
        <StarRating value={c.ratingAvg} showValue={c.ratingCount > 0} />
        <span>{c.ratingCount > 0 ? `(${t.card.reviews(formatNumber(c.ratingCount, locale), c.ratingCount)})` : t.card.noReviews}</span>
      </p>
      <ul className="space-y-1 text-sm text-slate-700">
        {(city || distance) && (
          <li className="flex items-start gap-1.5">
            <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              {city}
              {city && distance && ' · '}
              {distance && <span data-testid="distance">{distance}</span>}
            </span>
          </li>
        )}
        <li>{t.card.memberSince(formatMonthYear(c.memberSince, locale))}</li>
        <li>{t.card.completedProjects(formatNumber(c.completedProjects, locale), c.completedProjects)}</li>
        <TrustFacts contractor={c} locale={locale} />
      </ul>
      <PortfolioThumbs contractor={c} />
      {c.services.length > 0 && (
        <ul aria-label={t.card.services} className="flex flex-wrap gap-1.5">
          {c.services.map((s) => (
            <li key={s} className="rounded-md bg-slate-100 px-2 py-0.5 text-sm text-slate-800">
              {SERVICE_LABELS[s]}
            </li>
          ))}
        </ul>
      )}
      {contact && <div className="mt-auto flex min-h-12 justify-end pt-1">{contact}</div>}
    </article>
  );
}
