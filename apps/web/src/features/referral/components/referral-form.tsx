import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { referral as t } from '@arreglaya/shared/i18n/site-forms';
import { whatsAppNumber } from '@arreglaya/shared/format-phone';
import { shell } from '@arreglaya/shared/i18n/shell';
import { ReferralSchema, type Referral, type ReferralInput } from '@arreglaya/shared/schemas/referral';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useCountry } from '@/lib/country.ts';
import { sendReferral } from '../api/send-referral.ts';
import { useSubmitWithMessage } from '@/lib/use-submit-with-message.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { whatsAppHref } from './share-links.tsx';

const FIELDS = ['name', 'contact'] as const satisfies readonly (keyof ReferralInput)[];

const shareUrl = () => (typeof window === 'undefined' ? 'https://arreglaya.do/' : `${window.location.origin}/`);

/**
 * Refer a friend (spec §2, §3): the friend's name and an e-mail or a phone. An e-mail is sent by
 * the server; a phone gets a WhatsApp link with the invitation written, sent from the person's own
 * WhatsApp: nothing of ours writes to it, and the page says so (decision 058).
 */
export function ReferralForm() {
  const { phoneExample, code: country } = useCountry();
  const [invite, setInvite] = useState<{ name: string; href: string } | null>(null);
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

  const sendByMail = useSubmitWithMessage({ send: send.mutateAsync, setError, fields: FIELDS, onSent: () => reset() });
  const onSubmit = async (values: Referral) => {
    setInvite(null);
    if (values.contact.includes('@')) return sendByMail(values);
    const number = whatsAppNumber(values.contact, country);
    if (number === null) {
      setError('contact', { type: 'validate', message: t.phoneUnreadable(phoneExample) }, { shouldFocus: true });
      return;
    }
    setInvite({ name: values.name, href: whatsAppHref(t.whatsAppInvite(values.name, shareUrl()), number) });
  };

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
      <div role="status">
        {invite && (
          <div className="flex flex-col items-start gap-3 rounded-md border-l-4 border-green-700 bg-green-50 p-4">
            <p className="font-medium text-green-900">{t.whatsAppReady(invite.name)}</p>
            <a href={invite.href} target="_blank" rel="noopener noreferrer" aria-label={`${t.whatsAppOpen(invite.name)} ${shell.newTab}`} className={buttonClasses('primary')}>
              {t.whatsAppOpen(invite.name)}
            </a>
          </div>
        )}
      </div>
    </form>
  );
}
