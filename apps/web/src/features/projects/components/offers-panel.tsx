import { useId, useState } from 'react';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { projectAllows } from '@arreglaya/shared/lifecycles';
import { compareOffers as tc } from '@arreglaya/shared/i18n/offers-trust';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import { COMMENT_MAX } from '@arreglaya/shared/form-limits';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatMoney } from '@/lib/format.ts';
import { COMPARE_SORTS, sortOffers, type CompareSort } from '../compare-offers.ts';
import { useOfferDecision, useOffers } from '../offers.ts';
import { CompareCompact, CompareTable } from './compare-table.tsx';
import { OfferCard } from './offer-card.tsx';
import { PROJECT_SECTIONS } from '@arreglaya/shared/routes';
import { onDemand } from '@/components/ui/on-demand.tsx';

// The counter-offer's form comes with the tap that opens it (decision 070).
const CounterDialog = onDemand(() => import('./counter-dialog.tsx').then((m) => m.CounterDialog));

type Asking = { kind: 'accept' | 'reject' | 'counter'; offer: Offer } | null;

/**
 * One entry per contractor: their newest offer, with the ones it replaced (newest first). A
 * contractor has one open offer at a time; a replaced one is withdrawn and only history (issue 35).
 * The entries keep the API's order (price or rating) of the current offers.
 */
export function currentOffers(items: readonly Offer[]): { offer: Offer; earlier: Offer[] }[] {
  const byContractor = new Map<string, Offer[]>();
  for (const o of items) byContractor.set(o.contractor.id, [...(byContractor.get(o.contractor.id) ?? []), o]);
  const entries: { offer: Offer; earlier: Offer[] }[] = [];
  for (const o of items) {
    const all = [...byContractor.get(o.contractor.id)!].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    if (all[0]!.id === o.id) entries.push({ offer: o, earlier: all.slice(1) });
  }
  return entries;
}

/**
 * The client's offers on their project, side by side ('Comparar ofertas': a table from 768 px,
 * swipeable cards on a phone), sorted on the page by price, rating, start date or response time; accept (asks first), reject with an optional comment, counter-offer. Every answer's
 * Spanish message comes from the API (a 409 says why the move is refused).
 */
export function OffersPanel({ project, userId, locale }: { project: ProjectDetail; userId: string; locale: string }) {
  const id = useId();
  // Every offer is loaded (in the API's price order); 'Comparar ofertas' sorts them on the page (decision 043).
  const [sort, setSort] = useState<CompareSort>('price');
  const offers = useOffers(userId, project.id, 'price_asc', true);
  const decide = useOfferDecision(userId);
  const messageBox = useMessageBox();
  const [asking, setAsking] = useState<Asking>(null);
  const projectOpen = projectAllows('assign', project.status);

  const run = async (offer: Offer, decision: Parameters<typeof decide.mutateAsync>[0]['decision']) => {
    const { message } = await decide.mutateAsync({ quoteId: offer.id, decision });
    messageBox.show({ text: message, kind: 'success' });
  };

  const items = offers.data ?? [];
  const entries = sortOffers(currentOffers(items), sort);
  const [showEarlier, setShowEarlier] = useState<ReadonlySet<string>>(new Set());
  const toggleEarlier = (contractorId: string) =>
    setShowEarlier((open) => {
      const next = new Set(open);
      if (!next.delete(contractorId)) next.add(contractorId);
      return next;
    });
  return (
    <section id={PROJECT_SECTIONS.offers} aria-labelledby={`${id}-title`} className="flex scroll-mt-24 flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900">
          {t.offers.title}
        </h2>
        {entries.length > 1 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-sort`} className="font-medium text-slate-800">
              {tc.sortBy}
            </label>
            <select id={`${id}-sort`} value={sort} onChange={(e) => setSort(e.target.value as CompareSort)} className={inputClasses('sm:w-80')}>
              {COMPARE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {tc.sorts[s]}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {offers.isPending && <Spinner />}
      {offers.isError && <p role="alert">{errorMessage(offers.error)}</p>}
      {offers.isSuccess && items.length === 0 && <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">{t.offers.none}</p>}
      {entries.length > 1 && <CompareTable entries={entries} locale={locale} />}
      {entries.length > 1 && <CompareCompact entries={entries} locale={locale} />}
      {entries.length > 1 && <p className="text-sm text-slate-700 md:hidden">{tc.swipeHint}</p>}
      {items.length > 0 && (
        // Phone: the cards side by side, swiped (scroll-snap) inside the list, never the page; wider: a grid.
        <ul
          aria-label={t.offers.listLabel}
          aria-busy={offers.isFetching}
          className="-mx-1 flex snap-x snap-mandatory gap-4 overflow-x-auto px-1 pb-2 md:mx-0 md:grid md:snap-none md:grid-cols-2 md:overflow-visible md:px-0 xl:grid-cols-3"
        >
          {entries.map(({ offer, earlier }) => {
            const expanded = showEarlier.has(offer.contractor.id);
            return (
              <li key={offer.id} className="flex w-[85%] shrink-0 snap-start flex-col gap-2 md:w-auto">
                <OfferCard
                  offer={offer}
                  locale={locale}
                  projectOpen={projectOpen}
                  onAccept={() => setAsking({ kind: 'accept', offer })}
                  onReject={() => setAsking({ kind: 'reject', offer })}
                  onCounter={() => setAsking({ kind: 'counter', offer })}
                />
                {earlier.length > 0 && (
                  <>
                    <button
                      type="button"
                      aria-expanded={expanded}
                      onClick={() => toggleEarlier(offer.contractor.id)}
                      className="min-h-11 self-start font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      {expanded ? t.offers.hideEarlier : t.offers.showEarlier(earlier.length)}
                    </button>
                    {expanded && (
                      <ul aria-label={t.offers.earlierLabel(offer.contractor.name)} className="flex flex-col gap-2 opacity-80">
                        {earlier.map((old) => (
                          <li key={old.id}>
                            {/* History only: no decision on an offer that was replaced. */}
                            <OfferCard offer={old} locale={locale} projectOpen={false} onAccept={() => {}} onReject={() => {}} onCounter={() => {}} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {asking?.kind === 'accept' && (
        <ConfirmDialog title={t.offers.accept} confirmLabel={t.offers.accept} onConfirm={() => run(asking.offer, { kind: 'accept' })} onClose={() => setAsking(null)}>
          {t.offers.acceptConfirm(
            asking.offer.contractor.name,
            formatMoney(asking.offer.counterStatus === 'accepted' ? asking.offer.agreedPriceMinor : asking.offer.priceMinor, asking.offer.currency, locale),
          )}
        </ConfirmDialog>
      )}
      {asking?.kind === 'reject' && (
        <ConfirmDialog
          title={t.offers.rejectTitle}
          confirmLabel={t.offers.reject}
          comment={{ label: t.offers.rejectComment, maxLength: COMMENT_MAX }}
          danger
          onConfirm={(comment) => run(asking.offer, comment ? { kind: 'reject', comment } : { kind: 'reject' })}
          onClose={() => setAsking(null)}
        >
          {asking.offer.contractor.name}
        </ConfirmDialog>
      )}
      {asking?.kind === 'counter' && (
        <CounterDialog
          contractorName={asking.offer.contractor.name}
          currency={asking.offer.currency}
          onSend={(priceMinor, comment) => run(asking.offer, comment ? { kind: 'counter', priceMinor, comment } : { kind: 'counter', priceMinor })}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
