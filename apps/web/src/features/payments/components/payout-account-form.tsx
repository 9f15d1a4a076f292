import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNT_TYPES } from '@arreglaya/shared/domain';
import { DOCUMENTS_OF, bankCountry, banksOf, findPayoutBank, type PayoutCountry } from '@arreglaya/shared/payout-banks';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { PayoutAccountInputSchema, type PayoutAccountInput } from '@arreglaya/shared/schemas/payments';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button.ts';
import { ChoiceSelect } from '@/components/ui/choice-select.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useSubmitWithMessage } from '@/lib/use-submit-with-message.ts';
import { paymentKeys, savePayoutAccount, type PayoutAccount } from '../api/payments-api.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = ['bank', 'accountType', 'accountNumber', 'holderName', 'documentType', 'documentNumber'] as const satisfies readonly (keyof PayoutAccountInput)[];
type DocumentType = keyof typeof t.balance.documentTypes;

/** The bank a Mexican CLABE names by its first three digits (payout-banks.ts), once 18 digits are typed. */
function clabeBank(accountNumber: string | undefined): string | null {
  const digits = (accountNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{18}$/.test(digits)) return null;
  return banksOf('MX').find((b) => b.code === digits.slice(0, 3))?.name ?? null;
}

/**
 * The contractor's account for payouts at a bank of their country (decisions 052, 067): the bank
 * from the country's list, the account type, the number (in Mexico the CLABE, with the bank it
 * names), the holder and their document (DO cédula, RNC or passport; CO CC or NIT; MX CURP or RFC),
 * checked by the same schema as the server. Only last digits are shown back. `country`: the saved
 * account's bank's, else the contractor's profile's.
 */
export function PayoutAccountForm({ userId, current, country: profileCountry }: { userId: string; current: PayoutAccount | null; country: PayoutCountry }) {
  const known = current && findPayoutBank(current.bank) ? current.bank : null;
  const country = known ? bankCountry(known) : profileCountry;
  const banks = banksOf(country);
  const bankIds = banks.map((b) => b.id);
  const bankLabels = Object.fromEntries(banks.map((b) => [b.id, b.name]));
  const documents = DOCUMENTS_OF[country] as readonly DocumentType[];
  const mexico = country === 'MX';
  const queryClient = useQueryClient();
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<PayoutAccountInput, unknown, z.output<typeof PayoutAccountInputSchema>>({
    resolver: zodResolver(PayoutAccountInputSchema),
    defaultValues: {
      // A bank typed before the list is chosen again from it.
      bank: (known ?? '') as PayoutAccountInput['bank'],
      holderName: current?.holderName ?? '',
      accountNumber: '',
      documentNumber: '',
    },
  });
  const documentType = useWatch({ control, name: 'documentType' }) as DocumentType | '' | undefined;
  const typedAccount = useWatch({ control, name: 'accountNumber' });
  const impliedBank = mexico ? clabeBank(typedAccount) : null;
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
      <p className="text-slate-800">{current ? t.balance.accountCurrent(current.bankName, current.last4) : t.balance.noAccount}</p>
      {current?.documentType && current.documentLast4 && (
        <p className="text-slate-800">{t.balance.documentCurrent(t.balance.documentTypes[current.documentType], current.documentLast4)}</p>
      )}
      {current && !current.documentType && (
        <p role="status" className="font-medium text-amber-800">
          {t.balance.accountIncomplete}
        </p>
      )}
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-4" aria-busy={isSubmitting}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t.balance.bank} error={errors.bank?.message}>
            {(c) => (
              <ChoiceSelect
                {...c}
                {...register('bank')}
                defaultValue={known ?? ''}
                options={bankIds}
                labels={bankLabels}
                placeholder={t.balance.chooseBank}
                className={inputClasses()}
              />
            )}
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
          <Field
            label={mexico ? t.balance.clabe : t.balance.accountNumber}
            hint={mexico ? (impliedBank ? t.balance.clabeBank(impliedBank) : t.balance.clabeHint) : undefined}
            error={errors.accountNumber?.message}
          >
            {(c) => <input {...c} {...register('accountNumber')} inputMode="numeric" autoComplete="off" maxLength={mexico ? 22 : 30} className={inputClasses()} />}
          </Field>
          <Field label={t.balance.holderName} error={errors.holderName?.message}>
            {(c) => <input {...c} {...register('holderName')} autoComplete="name" maxLength={120} className={inputClasses()} />}
          </Field>
          <Field label={t.balance.documentType} error={errors.documentType?.message}>
            {(c) => (
              <ChoiceSelect
                {...c}
                {...register('documentType')}
                defaultValue={current?.documentType ?? ''}
                options={documents}
                labels={t.balance.documentTypes}
                placeholder="--"
                className={inputClasses()}
              />
            )}
          </Field>
          <Field label={t.balance.documentNumber} hint={documentType ? t.balance.documentHint[documentType] : undefined} error={errors.documentNumber?.message}>
            {(c) => (
              <input
                {...c}
                {...register('documentNumber')}
                inputMode={documentType === 'passport' ? 'text' : 'numeric'}
                autoComplete="off"
                maxLength={30}
                className={inputClasses()}
              />
            )}
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
