import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { findCity } from '@arreglaya/shared/countries';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { contractorContact } from '@arreglaya/shared/i18n/contractor-contact';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import { Avatar } from '@/components/ui/avatar.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { formatNumber } from '@/lib/format.ts';
import { FavouriteButton } from './favourite-button.tsx';

interface FavouriteCardProps {
  contractor: ContractorCard;
  /** More actions composed by the page (Contactar). */
  actions?: ReactNode;
}

/**
 * A compact contractor card for the favourites list. Stands in for the directory's card until
 * the page composes that one (docs/decisions/014-favourites-and-service-requests.md).
 */
export function FavouriteCard({ contractor: c, actions }: FavouriteCardProps) {
  const city = c.city ? findCity(c.country, c.city)?.name : undefined;
  return (
    <article aria-labelledby={`fav-${c.id}`} className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <Avatar src={c.avatarPhotoId ? `/api/photos/${c.avatarPhotoId}/sm` : null} size="md" className="size-14" />
        <div className="min-w-0 flex-1">
          <h2 id={`fav-${c.id}`} className="text-lg font-bold text-slate-900">
            <Link to={`/contractors/${c.id}`} className="hover:text-brand-800 hover:underline">
              {c.name}
            </Link>
          </h2>
          {c.companyName && <p className="truncate text-slate-700">{c.companyName}</p>}
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <StarRating value={c.ratingAvg} />
            <span>({contractorContact.reviews(c.ratingCount, formatNumber(c.ratingCount))})</span>
          </p>
        </div>
        <FavouriteButton contractorId={c.id} contractorName={c.name} />
      </div>
      <p className="text-sm text-slate-700">
        {c.services.map((s) => SERVICE_LABELS[s]).join(' · ')}
        {city && ` — ${city}`}
      </p>
      {actions && <div className="mt-auto flex justify-end">{actions}</div>}
    </article>
  );
}
