import { Link } from 'react-router';
import { compareOffers as tc, offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import { formatMoney, formatNumber, formatRating } from '@/lib/format.ts';
import { approxResponseTime } from '@/lib/trust-format.ts';
import { effectivePrice } from '../compare-offers.ts';
import { durationText, materialsText, startDateText, warrantyText } from './offer-terms.tsx';

/**
 * The phone's comparison (issue 46): price, start, days and warranty, one column per contractor,
 * above the cards (which keep the decisions). Three offers fit 360 px; more scroll inside the box.
 */
export function CompareCompact({ entries, locale }: { entries: readonly { offer: Offer }[]; locale: string }) {
  const rows: [string, (o: Offer) => string][] = [
    [tc.price, (o) => formatMoney(effectivePrice(o), o.currency, locale)],
    [tc.start, (o) => startDateText(o, locale)],
    [tt.duration, (o) => durationText(o, locale)],
    [tt.warranty, (o) => warrantyText(o, locale)],
  ];
  return (
    <div className="overflow-x-auto md:hidden" tabIndex={0} role="region" aria-label={tc.compactTitle}>
      <table className="w-full border-collapse text-left text-sm text-slate-800">
        <caption className="pb-1 text-left font-bold text-slate-900">{tc.compactTitle}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <td />
            {entries.map(({ offer: o }) => (
              <th key={o.id} scope="col" className="px-2 py-1 font-semibold break-words">
                {o.contractor.name.split(' ')[0]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} className="border-b border-slate-200 align-top">
              <th scope="row" className="py-1 pr-2 font-medium">
                {label}
              </th>
              {entries.map(({ offer: o }) => (
                <td key={o.id} className="px-2 py-1">
                  {value(o)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * 'Comparar ofertas' on a wide screen (decision 043): one row per contractor's current offer, in
 * the order the client chose; the cards below keep the decisions. Hidden on a phone, where the
 * cards themselves are swiped side by side.
 */
export function CompareTable({ entries, locale }: { entries: readonly { offer: Offer }[]; locale: string }) {
  return (
    // Nine columns may not fit between 768 and 1024 px: the table scrolls inside its box (keyboard too), never the page.
    <div className="hidden overflow-x-auto md:block" tabIndex={0} role="region" aria-label={tc.title}>
      <table className="w-full border-collapse text-left text-sm text-slate-800">
        <caption className="pb-2 text-left text-lg font-bold text-slate-900">{tc.title}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {[tc.contractor, tc.price, tc.rating, tt.startDate, tt.duration, tt.warranty, tt.materialsIncluded, tc.response, tc.write].map((h, i) => (
              <th key={h} scope="col" className={i === 8 ? 'sr-only' : 'px-2 py-2 font-semibold'}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map(({ offer: o }) => (
            <tr key={o.id} className="border-b border-slate-200 align-top">
              <th scope="row" className="px-2 py-2 font-semibold">
                {o.contractorListed ? (
                  <Link to={`/contractors/${o.contractor.id}`} className="text-brand-800 underline-offset-2 hover:underline">
                    {o.contractor.name}
                  </Link>
                ) : (
                  o.contractor.name
                )}
              </th>
              <td className="px-2 py-2 font-semibold whitespace-nowrap">{formatMoney(effectivePrice(o), o.currency, locale)}</td>
              <td className="px-2 py-2">
                {o.contractor.ratingCount > 0
                  ? `${formatRating(o.contractor.ratingAvg, locale)} (${t.offers.reviews(formatNumber(o.contractor.ratingCount, locale), o.contractor.ratingCount)})`
                  : '—'}
              </td>
              <td className="px-2 py-2 whitespace-nowrap">{startDateText(o, locale)}</td>
              <td className="px-2 py-2">{durationText(o, locale)}</td>
              <td className="px-2 py-2">{warrantyText(o, locale)}</td>
              <td className="px-2 py-2">{materialsText(o)}</td>
              <td className="px-2 py-2">{o.contractor.medianResponseMinutes === null ? '—' : `~${approxResponseTime(o.contractor.medianResponseMinutes)}`}</td>
              <td className="px-2 py-2">
                {o.conversationId && (
                  <Link
                    to={`/perfil/mensajes?conversation=${encodeURIComponent(o.conversationId)}`}
                    className="font-medium text-brand-800 underline-offset-2 hover:underline"
                    aria-label={tc.writeTo(o.contractor.name)}
                  >
                    {tc.write}
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
