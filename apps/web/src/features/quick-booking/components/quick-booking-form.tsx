import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { SERVICE_LABELS, SERVICE_TYPES } from '@arreglaya/shared/domain';
import { quickBooking as t } from '@arreglaya/shared/i18n/site-forms';
import { QuickBookingSchema, QUICK_BOOKING_COMMENTS_MAX, type QuickBooking, type QuickBookingInput } from '@arreglaya/shared/schemas/quick-booking';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { ChoiceSelect } from '@/components/ui/choice-select.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useCountry } from '@/lib/country.ts';
import { sendQuickBooking } from '../api/send-quick-booking.ts';
import { useSubmitWithMessage } from '@/lib/use-submit-with-message.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = ['nombre', 'apellido', 'telefono', 'correo', 'tipoDeServicios', 'comentarios'] as const satisfies readonly (keyof QuickBookingInput)[];

/** The landing's quick booking (spec §3, §5); the same QuickBookingSchema validates on the server. */
export function QuickBookingForm() {
  const country = useCountry();
  const send = useMutation({ mutationFn: sendQuickBooking });
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<QuickBookingInput, unknown, QuickBooking>({
    resolver: zodResolver(QuickBookingSchema),
    defaultValues: { nombre: '', apellido: '', telefono: '', correo: '', comentarios: '' },
  });

  const onSubmit = useSubmitWithMessage({ send: send.mutateAsync, setError, fields: FIELDS, onSent: () => reset() });

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-5" aria-busy={isSubmitting} aria-label={t.title}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t.nombre} error={errors.nombre?.message}>
          {(c) => <input {...c} {...register('nombre')} type="text" autoComplete="given-name" maxLength={100} className={inputClasses()} />}
        </Field>
        <Field label={t.apellido} error={errors.apellido?.message}>
          {(c) => <input {...c} {...register('apellido')} type="text" autoComplete="family-name" maxLength={100} className={inputClasses()} />}
        </Field>
        <Field label={t.telefono} hint={t.phoneHint(country.phoneExample)} error={errors.telefono?.message}>
          {(c) => <input {...c} {...register('telefono')} type="tel" autoComplete="tel" inputMode="tel" maxLength={30} className={inputClasses()} />}
        </Field>
        <Field label={t.correo} error={errors.correo?.message}>
          {(c) => <input {...c} {...register('correo')} type="email" autoComplete="email" inputMode="email" className={inputClasses()} />}
        </Field>
      </div>
      <Field label={t.tipoDeServicios} error={errors.tipoDeServicios?.message}>
        {(c) => (
          <ChoiceSelect {...c} {...register('tipoDeServicios')} className={inputClasses()} options={SERVICE_TYPES} labels={SERVICE_LABELS} placeholder={t.servicePlaceholder} />
        )}
      </Field>
      <Field label={t.comentarios} hint={t.commentsHint} error={errors.comentarios?.message}>
        {(c) => <textarea {...c} {...register('comentarios')} rows={4} maxLength={QUICK_BOOKING_COMMENTS_MAX} className={inputClasses('resize-y')} />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('accent', 'w-full sm:w-auto sm:min-w-40')}>
          {isSubmitting ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
