import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { shell } from '@arreglaya/shared/i18n/shell';
import { NewsletterSchema, type NewsletterInput } from '@arreglaya/shared/schemas/newsletter';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { useSubscribe } from '../hooks/use-subscribe.ts';

const t = shell.footer;

/** Footer newsletter sign-up (spec §2 Footer, §5: e-mail required and valid). */
export function NewsletterForm() {
  const messageBox = useMessageBox();
  const subscribe = useSubscribe();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterInput, unknown, NewsletterInput>({
    resolver: zodResolver(NewsletterSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: NewsletterInput) => {
    try {
      const created = await subscribe.mutateAsync(values);
      reset();
      messageBox.show({ text: created.message, kind: 'success' });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email'])) {
        messageBox.show({ text: errorMessage(error), kind: 'error' });
      }
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-2">
      <Field label={t.newsletterEmail} error={errors.email?.message} tone="dark">
        {(control) => (
          <input
            {...control}
            {...register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t.newsletterPlaceholder}
            className={inputClasses()}
          />
        )}
      </Field>
      <button type="submit" disabled={isSubmitting} className={buttonClasses('accent', 'w-full')}>
        {isSubmitting ? t.newsletterSubmitting : t.newsletterSubmit}
      </button>
    </form>
  );
}
