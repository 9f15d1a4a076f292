import { Link } from 'react-router';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useBalance, usePayoutAccount } from '@/features/payments/api/payments-queries.ts';
import { BalanceFigures } from '@/features/payments/components/balance-figures.tsx';
import { PayoutAccountForm } from '@/features/payments/components/payout-account-form.tsx';
import { WithdrawPanel } from '@/features/payments/components/withdraw-panel.tsx';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /profile/pagos: the contractor's balance (held, available, paid out; each currency apart, decision 067), Retirar and the next automatic payout, each movement with its project, and the payout account. */
function ContractorPaymentsPage() {
  usePageTitle(t.balance.title);
  const { user } = useViewer();
  const contractorId = user?.role === 'contractor' ? user.id : null;
  const balance = useBalance(contractorId);
  const account = usePayoutAccount(contractorId);
  const data = balance.data;

  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.balance.title}</h1>
        <p className="mt-1 text-slate-700">{t.balance.intro}</p>
      </div>
      {balance.isPending && contractorId && (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      )}
      {balance.isError && !data && <ErrorWithRetry message={t.balance.loadError} onRetry={balance.refetch} retrying={balance.isFetching} />}
      {data && (
        <>
          <BalanceFigures balances={data.balances} />
          {contractorId && account.isSuccess && <WithdrawPanel userId={contractorId} balance={data} hasAccount={account.data !== null} />}
          <section aria-labelledby="movements" className="flex flex-col gap-3">
            <h2 id="movements" className="text-xl font-bold text-slate-900">
              {t.balance.movements}
            </h2>
            {data.movements.length === 0 ? (
              <p className="text-slate-800">{t.balance.noMovements}</p>
            ) : (
              <ul aria-label={t.balance.movements} className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {data.movements.map((m, i) => (
                  <li key={`${m.createdAt}-${i}`} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <div>
                      <p className="font-semibold text-slate-900">{t.balance.kinds[m.kind]}</p>
                      {m.kind === 'payout' && m.payoutStatus && (
                        <p className={m.payoutStatus === 'failed' ? 'text-sm font-medium text-red-800' : 'text-sm text-slate-700'}>{t.balance.payoutStates[m.payoutStatus]}</p>
                      )}
                      {m.kind === 'payout' && m.reason && <p className="text-sm font-medium text-red-800">{t.balance.failedReason(m.reason)}</p>}
                      <p className="text-sm text-slate-700">
                        {formatDate(m.createdAt)}
                        {m.projectId && m.projectTitle && (
                          <>
                            {' · '}
                            <Link to={`/proyectos/${m.projectId}`} className="font-medium text-brand-700 underline">
                              {m.projectTitle}
                            </Link>
                          </>
                        )}
                      </p>
                    </div>
                    <p className="font-semibold text-slate-900">{formatMoney(m.amountMinor, m.currency)}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {contractorId && account.isSuccess && <PayoutAccountForm userId={contractorId} current={account.data} country={user?.country ?? 'DO'} />}
    </div>
  );
}

export { ContractorPaymentsPage as Component };
