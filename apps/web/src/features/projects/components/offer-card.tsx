import { Link } from 'react-router';
import { directory as td } from '@arreglaya/shared/i18n/directory';
import { compareOffers as tc } from '@arreglaya/shared/i18n/offers-trust';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { QUOTE_ACTIONS, QUOTE_STATUS_LABELS, quoteAllows, type QuoteAction } from '@arreglaya/shared/lifecycles';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import { Avatar } from '@/components/ui/avatar.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { cx } from '@/lib/cx.ts';
import { formatDate, formatMoney, formatNumber } from '@/lib/format.ts';
import { responseTimeText } from '@/lib/trust-format.ts';
import { projectPhotoUrl } from '../project.ts';
import { OfferTermsRows } from './offer-terms.tsx';

const BADGE_STYLES = {
  verified: 'bg-brand-50 text-brand-800 ring-brand-700/30',
  featured: 'bg-accent-100 text-accent-800 ring-accent-700/30',
} as const;

/** May the client do `action` to this offer now? The shared lifecycle table decides, never this page. */
export function clientMay(action: QuoteAction, offer: Pick<Offer, 'status'>): boolean {
  return QUOTE_ACTIONS[action].by === 'client' && quoteAllows(action, offer.status);
}

interface OfferCardProps {
  offer: Offer;
  locale: string;
  /** Whether the project still takes a decision (the 'assign' action of the project table). */
  projectOpen: boolean;
  onAccept: () => void;
  onReject: () => void;
  onCounter: () => void;
}

/** One offer as the client compares it: price, contractor, track record, message, validity and plan. */
export function OfferCard({ offer: o, locale, projectOpen, onAccept, onReject, onCounter }: OfferCardProps) {
  const c = o.contractor;
  const headingId = `offer-${o.id}`;
  const price = formatMoney(o.priceMinor, o.currency, locale);
  // A contractor the directory no longer lists (decision 023): the name only, no track record, badges or profile link.
  const listed = o.contractorListed;
  const badges = listed ? (['featured', 'verified'] as const).filter((b) => c.badges[b]) : [];
  return (
    <article
      aria-labelledby={headingId}
      className={cx('flex h-full flex-col gap-3 rounded-xl border bg-white p-4 shadow-sm', o.status === 'accepted' ? 'border-green-700' : 'border-slate-200')}
    >
      <div className="flex items-center gap-3">
        <Avatar src={c.avatarPhotoId ? projectPhotoUrl(c.avatarPhotoId, 'sm') : null} size="md" className="size-14 shrink-0" />
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold break-words text-slate-900">
            {c.name}
          </h3>
          {listed ? (
            <>
              {c.companyName && <p className="text-sm text-slate-700">{c.companyName}</p>}
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
                <StarRating value={c.ratingAvg} />
                <span>({t.offers.reviews(formatNumber(c.ratingCount, locale), c.ratingCount)})</span>
              </p>
            </>
          ) : (
            <p className="text-sm font-medium text-slate-700">{t.offers.profileUnavailable}</p>
          )}
        </div>
      </div>
      {listed && <p className="text-sm text-slate-700">{t.offers.completed(formatNumber(c.completedProjects, locale), c.completedProjects)}</p>}
      {listed && c.medianResponseMinutes !== null && <p className="text-sm text-slate-700">{responseTimeText(c.medianResponseMinutes)}</p>}
      {badges.length > 0 && (
        <ul aria-label={td.card.badges} className="flex flex-wrap gap-1.5">
          {badges.map((b) => (
            <li key={b} className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', BADGE_STYLES[b])}>
              {td.card[b]}
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800">
        <dt className="font-medium">{t.offers.price}</dt>
        <dd className="text-lg font-bold text-slate-900">{price}</dd>
        {o.counterPriceMinor !== null && (
          <>
            <dt className="font-medium">{t.offers.counterPrice}</dt>
            <dd>
              {formatMoney(o.counterPriceMinor, o.currency, locale)}
              {o.counterStatus && <span className="block text-sm text-slate-700">{t.offers.counterStatus[o.counterStatus]}</span>}
            </dd>
          </>
        )}
        {o.agreedPriceMinor > 0 && (
          <>
            <dt className="font-medium">{t.offers.agreedPrice}</dt>
            <dd className="font-semibold">{formatMoney(o.agreedPriceMinor, o.currency, locale)}</dd>
          </>
        )}
        <OfferTermsRows offer={o} locale={locale} />
        <dt className="font-medium">{t.offers.status}</dt>
        <dd>{QUOTE_STATUS_LABELS[o.status]}</dd>
      </dl>
      {o.expiresAt && o.status === 'created' && <p className="text-sm text-slate-700">{t.offers.validUntil(formatDate(o.expiresAt, locale))}</p>}
      <div>
        <p className="text-sm font-medium text-slate-700">{t.offers.message}</p>
        <p className="break-words whitespace-pre-line text-slate-800">{o.description}</p>
      </div>
      {o.stages && o.stages.length > 0 && (
        <div>
          <p className="text-sm font-medium text-slate-700">{t.offers.plan}</p>
          <ol className="list-decimal pl-5 text-slate-800">
            {o.stages.map((s, i) => (
              <li key={i}>{t.offers.stage(s.title, s.percent)}</li>
            ))}
          </ol>
        </div>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {projectOpen && clientMay('accept', o) && (
          <button type="button" onClick={onAccept} className={buttonClasses('primary')} aria-label={`${t.offers.accept}: ${c.name}`}>
            {t.offers.accept}
          </button>
        )}
        {projectOpen && clientMay('counter', o) && (
          <button type="button" onClick={onCounter} className={buttonClasses('secondary')} aria-label={`${t.offers.counter}: ${c.name}`}>
            {t.offers.counter}
          </button>
        )}
        {projectOpen && clientMay('reject', o) && (
          <button type="button" onClick={onReject} className={buttonClasses('ghost', 'text-red-700')} aria-label={`${t.offers.reject}: ${c.name}`}>
            {t.offers.reject}
          </button>
        )}
        {/* The chat with this contractor (decision 043): allowed before hiring; contact details stay hidden until the money is held (issue 29). */}
        {o.conversationId && (
          <Link to={`/perfil/mensajes?conversation=${encodeURIComponent(o.conversationId)}`} className={buttonClasses('secondary')} aria-label={tc.writeTo(c.name)}>
            {tc.write}
          </Link>
        )}
        {listed && (
          <Link to={`/contractors/${c.id}`} className={buttonClasses('ghost')} aria-label={`${t.offers.viewProfile}: ${c.name}`}>
            {t.offers.viewProfile}
          </Link>
        )}
      </div>
    </article>
  );
}
