import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNT_TYPES } from '@arreglaya/shared/domain';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { PayoutAccountInputSchema, type PayoutAccountInput } from '@arreglaya/shared/schemas/payments';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button.ts';
import { ChoiceSelect } from '@/components/ui/choice-select.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useSubmitWithMessage } from '@/lib/use-submit-with-message.ts';
import { paymentKeys, savePayoutAccount, type PayoutAccount } from '../api/payments-api.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = ['bank', 'accountType', 'accountNumber', 'holderName'] as const satisfies readonly (keyof PayoutAccountInput)[];

/** The contractor's bank account for payouts: bank, type, number, holder. Only the last 4 digits are ever shown back. */
export function PayoutAccountForm({ userId, current }: { userId: string; current: PayoutAccount | null }) {
  const queryClient = useQueryClient();
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PayoutAccountInput, unknown, z.output<typeof PayoutAccountInputSchema>>({
    resolver: zodResolver(PayoutAccountInputSchema),
    defaultValues: { bank: current?.bank ?? '', holderName: current?.holderName ?? '', accountNumber: '' },
  });
  const onSubmit = useSubmitWithMessage({
    send: async (values: z.output<typeof PayoutAccountInputSchema>) => {
      const answer = await savePayoutAccount(values);
      queryClient.setQueryData(paymentKeys.payoutAccount(userId), answer.account);
      return answer;
    },
    setError,
    fields: FIELDS,
    onSent: () => reset(undefined, { keepValues: true }),
  });

  return (
    <section aria-labelledby="payout-account" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="payout-account" className="text-xl font-bold text-slate-900">
        {t.balance.account}
      </h2>
      <p className="text-slate-800">{current ? t.balance.accountCurrent(current.bank, current.last4) : t.balance.noAccount}</p>
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-4" aria-busy={isSubmitting}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t.balance.bank} error={errors.bank?.message}>
            {(c) => <input {...c} {...register('bank')} maxLength={100} className={inputClasses()} />}
          </Field>
          <Field label={t.balance.accountType} error={errors.accountType?.message}>
            {(c) => (
              <ChoiceSelect
                {...c}
                {...register('accountType')}
                defaultValue={current?.accountType ?? ''}
                options={BANK_ACCOUNT_TYPES}
                labels={t.balance.accountTypes}
                placeholder="--"
                className={inputClasses()}
              />
            )}
          </Field>
          <Field label={t.balance.accountNumber} error={errors.accountNumber?.message}>
            {(c) => <input {...c} {...register('accountNumber')} inputMode="numeric" autoComplete="off" maxLength={30} className={inputClasses()} />}
          </Field>
          <Field label={t.balance.holderName} error={errors.holderName?.message}>
            {(c) => <input {...c} {...register('holderName')} maxLength={120} className={inputClasses()} />}
          </Field>
        </div>
        <div>
          <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
            {t.balance.saveAccount}
          </button>
        </div>
      </form>
    </section>
  );
}
