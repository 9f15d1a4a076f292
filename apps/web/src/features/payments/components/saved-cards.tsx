import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { PaymentMethod } from '@arreglaya/shared/schemas/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { makeDefaultPaymentMethod, paymentKeys } from '../api/payments-api.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

/** 'Visa •••• 4242': all a page ever shows of a card. */
export const cardLabel = (method: Pick<PaymentMethod, 'brand' | 'last4'>) => tp.receipts.card(tp.receipts.brands[method.brand], method.last4);
export const expiryLabel = (method: Pick<PaymentMethod, 'expMonth' | 'expYear'>) =>
  t.methods.expires(String(method.expMonth).padStart(2, '0'), String(method.expYear % 100).padStart(2, '0'));

interface SavedCardsProps {
  userId: string;
  methods: PaymentMethod[];
  refreshing: boolean;
  /** Asks before deleting (the page shows the confirmation dialog). */
  onRemove: (method: PaymentMethod) => void;
}

/** The client's saved cards: brand, last 4, expiry, default; set default, delete. */
export function SavedCards({ userId, methods, refreshing, onRemove }: SavedCardsProps) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const [busyId, setBusyId] = useState<string | null>(null);
  const key = paymentKeys.methods(userId);

  // One card's change at a time; busyId says which card's button shows it.
  const inFlight = useInFlight();
  const makeDefault = (method: PaymentMethod) =>
    inFlight.run(async () => {
      setBusyId(method.id);
      try {
        const answer = await makeDefaultPaymentMethod(method.id);
        queryClient.setQueryData(key, answer.items);
        messageBox.show({ text: answer.message, kind: 'success' });
      } catch (error) {
        messageBox.show({ text: error instanceof Error ? error.message : tp.methodNotFound, kind: 'error' });
      } finally {
        setBusyId(null);
        await queryClient.invalidateQueries({ queryKey: key });
      }
    });

  if (methods.length === 0) return <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">{t.methods.empty}</p>;

  return (
    <ul aria-label={t.methods.listLabel} aria-busy={refreshing} className="flex flex-col gap-3">
      {methods.map((method) => (
        <li key={method.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold text-slate-900">
              {cardLabel(method)}
              {method.isDefault && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-800">{t.methods.isDefault}</span>}
            </p>
            <p className="text-sm text-slate-700">{expiryLabel(method)}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {!method.isDefault && (
              <button
                type="button"
                disabled={inFlight.busy}
                aria-busy={busyId === method.id}
                onClick={() => void makeDefault(method)}
                aria-label={t.methods.makeDefaultLabel(cardLabel(method))}
                className={buttonClasses('secondary')}
              >
                <BusyLabel busy={busyId === method.id}>{t.methods.makeDefault}</BusyLabel>
              </button>
            )}
            <button type="button" onClick={() => onRemove(method)} aria-label={t.methods.removeLabel(cardLabel(method))} className={buttonClasses('ghost')}>
              {t.methods.remove}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
