import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { shell } from '@arreglaya/shared/i18n/shell';
import { NewsletterSchema, type NewsletterInput } from '@arreglaya/shared/schemas/newsletter';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useSubscribe } from '../hooks/use-subscribe.ts';
import { useSubmitWithMessage } from '@/lib/use-submit-with-message.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const t = shell.footer;

/** Footer newsletter sign-up (spec §2 Footer, §5: e-mail required and valid). */
export function NewsletterForm() {
  const subscribe = useSubscribe();
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<NewsletterInput, unknown, NewsletterInput>({
    resolver: zodResolver(NewsletterSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = useSubmitWithMessage({ send: subscribe.mutateAsync, setError, fields: ['email'], onSent: () => reset() });

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-2">
      <Field label={t.newsletterEmail} error={errors.email?.message} tone="dark">
        {(control) => (
          <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" placeholder={t.newsletterPlaceholder} className={inputClasses()} />
        )}
      </Field>
      <button type="submit" disabled={isSubmitting} className={buttonClasses('accent', 'w-full')}>
        {isSubmitting ? t.newsletterSubmitting : t.newsletterSubmit}
      </button>
    </form>
  );
}
