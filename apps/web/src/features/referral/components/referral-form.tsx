import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { referral as t } from '@arreglaya/shared/i18n/site-forms';
import { ReferralSchema, type Referral, type ReferralInput } from '@arreglaya/shared/schemas/referral';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useCountry } from '@/lib/country.ts';
import { sendReferral } from '../api/send-referral.ts';
import { useSubmitWithMessage } from '@/lib/use-submit-with-message.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = ['name', 'contact'] as const satisfies readonly (keyof ReferralInput)[];

/** Refer a friend (spec §2, §3): the friend's name and an e-mail or a phone. */
export function ReferralForm() {
  const { phoneExample } = useCountry();
  const send = useMutation({ mutationFn: sendReferral });
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReferralInput, unknown, Referral>({ resolver: zodResolver(ReferralSchema), defaultValues: { name: '', contact: '' } });

  const onSubmit = useSubmitWithMessage({ send: send.mutateAsync, setError, fields: FIELDS, onSent: () => reset() });

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-5" aria-busy={isSubmitting} aria-label={t.title}>
      <Field label={t.name} error={errors.name?.message}>
        {(c) => <input {...c} {...register('name')} type="text" autoComplete="off" maxLength={100} className={inputClasses()} />}
      </Field>
      <Field label={t.contact} hint={`${t.contactHint} (${phoneExample})`} error={errors.contact?.message}>
        {(c) => <input {...c} {...register('contact')} type="text" autoComplete="off" maxLength={254} className={inputClasses()} />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full sm:w-auto')}>
          {isSubmitting ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
