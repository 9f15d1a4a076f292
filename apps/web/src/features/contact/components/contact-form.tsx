import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_MESSAGE_TYPE_LABELS, CONTACT_MESSAGE_TYPES } from '@arreglaya/shared/domain';
import { contact as t } from '@arreglaya/shared/i18n/contact';
import { ContactSchema, CONTACT_MESSAGE_MAX, type Contact, type ContactInput } from '@arreglaya/shared/schemas/contact';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { ChoiceSelect } from '@/components/ui/choice-select.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useSendContact } from '../hooks/use-send-contact.ts';
import { useSubmitWithMessage } from '@/lib/use-submit-with-message.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { sameTypes, useFormDraft } from '@/lib/use-form-draft.ts';

const FIELDS = ['firstName', 'email', 'messageType', 'message'] as const satisfies readonly (keyof ContactInput)[];
const DEFAULTS = { firstName: '', email: '', message: '' };
/** What a kept draft may hold, and of which type (the select's value is text too). */
const KEPT = { ...DEFAULTS, messageType: '' };
const DRAFT_KEY = 'contact';

interface ContactFormProps {
  /**
   * The signed-in person: the server writes the message with the account's name and e-mail, so
   * the form shows them locked (read-only rather than disabled, so screen readers still read them).
   */
  signedInAs?: { firstName: string; email: string } | null;
}

/** The /contactus form. The same ContactSchema validates here and on the server. */
export function ContactForm({ signedInAs = null }: ContactFormProps) {
  const sendContact = useSendContact();
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const form = useForm<ContactInput, unknown, Contact>({
    resolver: zodResolver(ContactSchema),
    // messageType has no default: the placeholder option ('') is what an untouched select sends.
    defaultValues: DEFAULTS,
  });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors },
  } = form;

  const lockedName = signedInAs?.firstName ?? null;
  const lockedEmail = signedInAs?.email ?? null;
  // The unsent message survives a reload or a dropped connection (decision 033); the account's name and e-mail are never taken from it.
  const draft = useFormDraft(
    DRAFT_KEY,
    form,
    (kept) => sameTypes(KEPT, kept, lockedName === null ? ['firstName', 'email', 'messageType', 'message'] : ['messageType', 'message']) as Partial<ContactInput>,
  );
  useEffect(() => {
    if (lockedName === null || lockedEmail === null) return;
    setValue('firstName', lockedName);
    setValue('email', lockedEmail);
  }, [lockedName, lockedEmail, setValue]);
  const locked = lockedName !== null;

  const onSubmit = useSubmitWithMessage({
    send: sendContact.mutateAsync,
    setError,
    fields: FIELDS,
    onSent: () => {
      reset(locked ? { firstName: lockedName, email: lockedEmail ?? '', message: '' } : undefined);
      void draft.forget();
    },
  });

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-5" aria-busy={isSubmitting}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t.firstName} error={errors.firstName?.message}>
          {(control) => (
            <input
              {...control}
              {...register('firstName')}
              readOnly={locked}
              type="text"
              autoComplete="given-name"
              maxLength={100}
              className={inputClasses(locked ? 'bg-slate-100' : undefined)}
            />
          )}
        </Field>
        <Field label={t.email} error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              {...register('email')}
              readOnly={locked}
              type="email"
              autoComplete="email"
              inputMode="email"
              className={inputClasses(locked ? 'bg-slate-100' : undefined)}
            />
          )}
        </Field>
      </div>
      <Field label={t.messageType} error={errors.messageType?.message}>
        {(control) => (
          <ChoiceSelect
            {...control}
            {...register('messageType')}
            className={inputClasses()}
            options={CONTACT_MESSAGE_TYPES}
            labels={CONTACT_MESSAGE_TYPE_LABELS}
            placeholder={t.messageTypePlaceholder}
          />
        )}
      </Field>
      <Field label={t.message} error={errors.message?.message}>
        {(control) => <textarea {...control} {...register('message')} rows={6} maxLength={CONTACT_MESSAGE_MAX} className={inputClasses('resize-y')} />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-40')}>
          {isSubmitting ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
