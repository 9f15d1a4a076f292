import { useEffect, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import { DESCRIPTION_MAX, type ContractorProfileInput } from '@arreglaya/shared/schemas/profile';
import { Field, inputClasses } from '@/components/ui/field.tsx';

/** How long typing must pause before the screen reader hears the count (not every keystroke). */
const ANNOUNCE_AFTER_MS = 1000;

/**
 * The description with its live counter 'Quedan N caracteres' (spec §5: 1500). The counter is
 * part of the field's description, so it is read with the field; a polite live region repeats
 * it once typing pauses.
 */
export function DescriptionField() {
  const id = useId();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ContractorProfileInput>();
  const value = useWatch({ control, name: 'description' }) ?? '';
  const left = t.fields.charsLeft(Math.max(0, DESCRIPTION_MAX - value.length));
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(left), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [left]);

  return (
    <Field label={t.fields.description} hint={t.fields.descriptionHint} error={errors.description?.message}>
      {(control) => (
        <>
          <textarea
            {...control}
            {...register('description')}
            aria-describedby={[control['aria-describedby'], `${id}-count`].filter(Boolean).join(' ')}
            rows={8}
            maxLength={DESCRIPTION_MAX}
            className={inputClasses('resize-y')}
          />
          <p id={`${id}-count`} data-testid="description-counter" className="text-right text-sm text-slate-600">
            {left}
          </p>
          <p aria-live="polite" className="sr-only">
            {announced}
          </p>
        </>
      )}
    </Field>
  );
}
