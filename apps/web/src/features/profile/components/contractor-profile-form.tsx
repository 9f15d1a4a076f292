import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRY_CODES, DEFAULT_COUNTRY, type CountryCode } from '@arreglaya/shared/countries';
import { PERSONAL_ID, formatIdDocument, idDocumentText } from '@arreglaya/shared/id-documents';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import { contractorProfileCompletion } from '@arreglaya/shared/profile-completion';
import { COMPANY_MAX, ContractorProfileSchema, type ContractorProfile, type ContractorProfileInput, type ContractorProfileUpdate } from '@arreglaya/shared/schemas/profile';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { useSaveContractorProfile } from '../api/profile-queries.ts';
import { clientFormValues } from './client-profile-form.tsx';
import { BaseFields } from './base-fields.tsx';
import { CompletionBar } from './completion-bar.tsx';
import { DescriptionField } from './description-field.tsx';
import { ContactFields, LocationFields, PostalCodeField, SocialFields } from './profile-fields.tsx';
import { ServicesField } from './services-field.tsx';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'companyName',
  'cedula',
  'serviceTypes',
  'address',
  'country',
  'city',
  'zone',
  'postalCode',
  'baseSector',
  'serviceRadiusKm',
  'facebook',
  'instagram',
  'linkedin',
  'description',
] as const satisfies readonly (keyof ContractorProfileInput)[];

function formValues(p: ContractorProfile): ContractorProfileInput {
  return {
    ...clientFormValues(p),
    companyName: p.companyName ?? '',
    cedula: p.cedula ? formatIdDocument(PERSONAL_ID[p.country], p.cedula) : '',
    serviceTypes: p.serviceTypes,
    description: p.description ?? '',
    postalCode: p.postalCode ?? '',
    baseSector: p.baseSector ?? '',
    serviceRadiusKm: p.serviceRadiusKm,
  };
}

/** /profile/info and /contractor/profile: the contractor's profile (spec §2, §3, §4, §5). */
export function ContractorProfileForm({ userId, profile }: { userId: string; profile: ContractorProfile }) {
  const messageBox = useMessageBox();
  const save = useSaveContractorProfile(userId);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const methods = useForm<ContractorProfileInput, unknown, ContractorProfileUpdate>({
    resolver: zodResolver(ContractorProfileSchema),
    defaultValues: formValues(profile),
  });
  const {
    handleSubmit,
    setError,
    reset,
    register,
    control,
    formState: { errors },
  } = methods;
  const watched = useWatch({ control });
  // The photo is uploaded on its own; the profile query holds the current one.
  // The document field follows the country chosen below (id-documents.ts): cédula, cédula de ciudadanía, CURP.
  const country: CountryCode = (COUNTRY_CODES as readonly string[]).includes(watched.country ?? '') ? (watched.country as CountryCode) : DEFAULT_COUNTRY;
  const idKind = PERSONAL_ID[country];
  const idText = idDocumentText(idKind);
  const completion = contractorProfileCompletion({ ...watched, email: profile.email, hasPhoto: profile.avatarPhotoId !== null });

  const onSubmit = async (values: ContractorProfileUpdate) => {
    try {
      const { message, profile: saved } = await save.mutateAsync(values);
      reset(formValues(saved));
      messageBox.show({ text: message, kind: 'success' });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) messageBox.show({ text: errorMessage(error), kind: 'error' });
    }
  };

  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-6" aria-busy={isSubmitting}>
        <CompletionBar completion={completion} />
        <ContactFields email={profile.email}>
          <Field label={t.fields.companyName} error={errors.companyName?.message}>
            {(c) => <input {...c} {...register('companyName')} type="text" autoComplete="organization" maxLength={COMPANY_MAX} className={inputClasses()} />}
          </Field>
          <Field label={idText.label} hint={idText.hint} error={errors.cedula?.message}>
            {(c) => (
              <input
                {...c}
                {...register('cedula')}
                type="text"
                inputMode={idKind === 'mx_curp' ? 'text' : 'numeric'}
                autoCapitalize={idKind === 'mx_curp' ? 'characters' : 'off'}
                autoComplete="off"
                maxLength={24}
                className={inputClasses()}
              />
            )}
          </Field>
        </ContactFields>
        <ServicesField />
        <LocationFields addressLabel={t.fields.street}>
          <PostalCodeField />
          <BaseFields />
        </LocationFields>
        <SocialFields />
        <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5">
          <legend className="px-1 text-lg font-bold text-slate-900">{t.sections.description}</legend>
          <DescriptionField />
        </fieldset>
        <div>
          <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-40')}>
            {isSubmitting ? t.actions.saving : t.actions.saveContractor}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
