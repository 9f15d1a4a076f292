import { useId } from 'react';
import { Link } from 'react-router';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import { Avatar } from '@/components/ui/avatar.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { formatDate, formatMoney, formatNumber } from '@/lib/format.ts';
import { projectPhotoUrl } from '../project.ts';

/**
 * The offer a mail link would accept or reject (/oferta/confirmar/:token): who offers, the price
 * to confirm, its validity and message. A contractor the directory no longer lists (decision 023:
 * an incomplete profile; a ban or a deletion spends the link) shows as on the project page: the
 * name with 'Perfil no disponible', no stars and no profile link (their public page is a 404).
 */
export function LinkOffer({ offer: o, locale }: { offer: Offer; locale: string }) {
  const headingId = useId();
  const c = o.contractor;
  const listed = o.contractorListed;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center gap-3">
        <Avatar src={c.avatarPhotoId ? projectPhotoUrl(c.avatarPhotoId, 'sm') : null} size="md" className="size-14 shrink-0" />
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold break-words text-slate-900">
            {c.name}
          </h2>
          {listed ? (
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
              <StarRating value={c.ratingAvg} />
              <span>({t.offers.reviews(formatNumber(c.ratingCount, locale), c.ratingCount)})</span>
            </p>
          ) : (
            <p className="text-sm font-medium text-slate-700">{t.offers.profileUnavailable}</p>
          )}
        </div>
      </div>
      <p>
        <span className="font-medium">{t.offers.price}: </span>
        <span className={o.agreedPriceMinor > 0 ? 'text-slate-700' : 'text-lg font-bold'}>{formatMoney(o.priceMinor, o.currency, locale)}</span>
      </p>
      {/* After a counter-offer the contractor accepted, accepting hires at the agreed price: the person confirms that one. */}
      {o.agreedPriceMinor > 0 && (
        <p>
          <span className="font-medium">{t.offers.agreedPrice}: </span>
          <span className="text-lg font-bold">{formatMoney(o.agreedPriceMinor, o.currency, locale)}</span>
        </p>
      )}
      {o.expiresAt && <p className="text-sm text-slate-700">{t.offers.validUntil(formatDate(o.expiresAt, locale))}</p>}
      <p className="break-words whitespace-pre-line text-slate-800">{o.description}</p>
      {listed && (
        <div>
          <Link to={`/contractors/${c.id}`} className={buttonClasses('ghost')} aria-label={`${t.offers.viewProfile}: ${c.name}`}>
            {t.offers.viewProfile}
          </Link>
        </div>
      )}
    </article>
  );
}
