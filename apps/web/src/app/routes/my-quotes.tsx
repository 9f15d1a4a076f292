import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { myQuotes as t, offerPanel } from '@arreglaya/shared/i18n/quotes-web';
import { shell } from '@arreglaya/shared/i18n/shell';
import { PROJECT_STATUS_LABELS, QUOTE_STATUS_LABELS, QUOTE_STATUSES, quoteAllows } from '@arreglaya/shared/lifecycles';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { answerCounter, quoteKeys, type MyQuote } from '@/features/quotes/api/quotes-api.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { StatusFilter, useStatusParam } from '@/features/quotes/components/status-filter.tsx';
import { useMyQuotes } from '@/features/quotes/hooks/use-my-lists.ts';
import { useCountry } from '@/lib/country.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /profile/ofertas, 'Mis ofertas': the contractor's quotes by state, the filter in the URL. */
function MyQuotesPage() {
  usePageTitle(shell.pages.myQuotes);
  const { user } = useViewer();
  const { locale } = useCountry();
  const [status, setStatus] = useStatusParam(QUOTE_STATUSES);
  const quotes = useMyQuotes(user?.role === 'contractor' ? user.id : null, status);
  const items = quotes.data;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{shell.pages.myQuotes}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <StatusFilter label={t.filter} allLabel={t.all} statuses={QUOTE_STATUSES} labels={QUOTE_STATUS_LABELS} value={status} onChange={setStatus} />
        <p role="status" aria-live="polite" className="font-semibold text-slate-800">
          {items && t.count(items.length)}
        </p>
      </div>
      {quotes.isLoading && (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      )}
      {quotes.isError && !items && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          <p>{t.error}</p>
          <button type="button" onClick={() => void quotes.refetch()} className={buttonClasses('secondary')}>
            {t.retry}
          </button>
        </div>
      )}
      {items && items.length === 0 && (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed border-slate-400 bg-white p-6">
          <p className="text-slate-800">{status ? t.emptyFiltered : t.empty}</p>
          <Link to="/projectlist" className={buttonClasses('primary')}>
            {t.browse}
          </Link>
        </div>
      )}
      {items && items.length > 0 && (
        <ul aria-label={t.listLabel} className="flex flex-col gap-3">
          {items.map((q) => (
            <li key={q.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">
                  {/* A cancelled project's page is its client's only (issue 29): its title, no link. */}
                  {q.project.status === 'cancelled' ? (
                    q.project.title
                  ) : (
                    <Link to={`/proyectos/${q.project.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                      {q.project.title}
                    </Link>
                  )}
                </h2>
                <span className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-semibold text-brand-900">{QUOTE_STATUS_LABELS[q.status]}</span>
              </div>
              <p className="mt-1 text-xl font-bold text-slate-900">{formatMoney(q.agreedPriceMinor > 0 ? q.agreedPriceMinor : q.priceMinor, q.currency, locale)}</p>
              <p className="mt-1 line-clamp-2 text-slate-800 [overflow-wrap:anywhere]">{q.description}</p>
              <p className="mt-2 text-sm text-slate-700">
                {formatDate(q.createdAt, locale)} · {t.projectStatus(PROJECT_STATUS_LABELS[q.project.status])}
              </p>
              {q.counterStatus === 'pending' && quoteAllows('answer_counter', q.status) && <CounterAnswer quote={q} userId={user!.id} locale={locale} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A client's counter-offer waiting for the contractor's answer, answered here as on the project page (issue 35). */
function CounterAnswer({ quote, userId, locale }: { quote: MyQuote; userId: string; locale: string }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const inFlight = useInFlight();
  const [failure, setFailure] = useState<string | null>(null);
  const answer = (accept: boolean) =>
    inFlight.run(async () => {
      setFailure(null);
      try {
        const { message } = await answerCounter(quote.id, accept);
        messageBox.show({ text: message, kind: 'success' });
        await queryClient.invalidateQueries({ queryKey: quoteKeys.all(userId) });
      } catch (error) {
        setFailure(errorMessage(error));
      }
    });
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-lg border-l-4 border-accent-700 bg-amber-50 p-4">
      <h3 className="font-bold text-slate-900">{offerPanel.counterTitle}</h3>
      <p className="text-slate-800">{offerPanel.counterPrice(formatMoney(quote.counterPriceMinor ?? 0, quote.currency, locale))}</p>
      {quote.counterComment && <p className="text-slate-800 [overflow-wrap:anywhere]">{offerPanel.counterComment(quote.counterComment)}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={inFlight.busy} onClick={() => void answer(true)} className={buttonClasses('primary')}>
          {offerPanel.counterAccept}
        </button>
        <button type="button" disabled={inFlight.busy} onClick={() => void answer(false)} className={buttonClasses('secondary')}>
          {offerPanel.counterDecline}
        </button>
      </div>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {failure}
      </p>
    </div>
  );
}

export { MyQuotesPage as Component };
