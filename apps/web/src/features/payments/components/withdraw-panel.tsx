import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { payoutCountryOf } from '@arreglaya/shared/payout-banks';
import { TIME_ZONES } from '@arreglaya/shared/schemas/projects';
import type { Balance } from '@arreglaya/shared/schemas/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatHour, formatLongDate, formatMoney } from '@/lib/format.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { paymentKeys, withdrawBalance } from '../api/payments-api.ts';

interface WithdrawPanelProps {
  userId: string;
  balance: Balance;
  /** The contractor has a payout account saved (else Retirar says to save one first). */
  hasAccount: boolean;
}

/**
 * Retirar (issue 46): the available balance sent now to the saved bank account, and when the
 * daily automatic payout next goes (the server's `nextPayoutAt`, in Dominican time: the runs are
 * at 9:00 in Santo Domingo wherever the phone is). The server decides what is paid: the payout
 * currency's money (decision 067); money available in another currency is named with how it is paid.
 */
export function WithdrawPanel({ userId, balance, hasAccount }: WithdrawPanelProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const sending = useInFlight();
  const [failure, setFailure] = useState<string | null>(null);
  // One Idempotency-Key per attempt: a request that got no answer is sent again with the same key (never paid twice).
  const attempt = useRef<string | null>(null);
  const zone = TIME_ZONES.DO;
  // What Retirar pays: the payout currency's available money (the first balance); other currencies wait for a bank of their country.
  const own = balance.balances[0]!;
  const amount = formatMoney(own.availableMinor, own.currency);
  const waiting = balance.balances.slice(1).flatMap((b) => {
    const country = payoutCountryOf(b.currency);
    return b.availableMinor > 0 && country ? [{ currency: b.currency, text: t.balance.otherCurrency(formatMoney(b.availableMinor, b.currency), COUNTRIES[country].name) }] : [];
  });

  const withdraw = () =>
    sending.run(async () => {
      setFailure(null);
      attempt.current ??= crypto.randomUUID();
      try {
        const answer = await withdrawBalance(attempt.current);
        attempt.current = null;
        messageBox.show({ text: answer.message, kind: 'success' });
      } catch (error) {
        if (!(error instanceof ApiError && (error.status === 0 || error.status === 503))) attempt.current = null;
        setFailure(errorMessage(error));
      }
      await queryClient.invalidateQueries({ queryKey: paymentKeys.balance(userId) });
    });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {t.balance.withdrawTitle}
      </h2>
      <p className="text-slate-800">{t.balance.schedule(formatHour(balance.nextPayoutAt, undefined, zone), formatLongDate(balance.nextPayoutAt, undefined, zone))}</p>
      {own.availableMinor <= 0 ? (
        <p className="text-slate-700">{t.balance.nothingToWithdraw}</p>
      ) : hasAccount ? (
        <div>
          <button type="button" disabled={sending.busy} onClick={() => void withdraw()} className={buttonClasses('accent', 'w-full sm:w-auto')}>
            {sending.busy ? t.balance.withdrawing : t.balance.withdraw(amount)}
          </button>
        </div>
      ) : (
        <p className="text-slate-800">{t.balance.withdrawNeedsAccount}</p>
      )}
      {waiting.map((w) => (
        <p key={w.currency} className="text-slate-800">
          {w.text}
        </p>
      ))}
      <p role="alert" className="font-medium text-red-700 empty:hidden">
        {failure}
      </p>
    </section>
  );
}
