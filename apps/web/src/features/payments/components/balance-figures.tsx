import { CURRENCY_NAMES } from '@arreglaya/shared/i18n/common';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { CurrencyBalance } from '@arreglaya/shared/schemas/payments';
import { formatMoney } from '@/lib/format.ts';

/**
 * The contractor's held, available and paid-out amounts, each currency on its own (decision 067:
 * nothing is summed across currencies): one currency as three figures; several, each under its name,
 * the payout currency first (the server's order).
 */
export function BalanceFigures({ balances }: { balances: readonly CurrencyBalance[] }) {
  if (balances.length === 1) return <Figures balance={balances[0]!} />;
  return (
    <div className="flex flex-col gap-6">
      {balances.map((b) => (
        <section key={b.currency} aria-labelledby={`balance-${b.currency}`} className="flex flex-col gap-3">
          <h2 id={`balance-${b.currency}`} className="text-xl font-bold text-slate-900">
            {t.balance.currencyTitle(CURRENCY_NAMES[b.currency], b.currency)}
          </h2>
          <Figures balance={b} />
        </section>
      ))}
    </div>
  );
}

function Figures({ balance }: { balance: CurrencyBalance }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {(
        [
          [t.balance.pending, balance.pendingMinor],
          [t.balance.available, balance.availableMinor],
          [t.balance.paidOut, balance.paidOutMinor],
        ] as const
      ).map(([label, amount]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-medium text-slate-700">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{formatMoney(amount, balance.currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
