import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import { clientProfileCompletion } from '@arreglaya/shared/profile-completion';
import { ClientProfileSchema, type ClientProfile, type ClientProfileUpdate } from '@arreglaya/shared/schemas/profile';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { useSaveClientProfile } from '../api/profile-queries.ts';
import { CompletionBar } from './completion-bar.tsx';
import { ContactFields, LocationFields, SocialFields, type PersonFormValues } from './profile-fields.tsx';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = ['firstName', 'lastName', 'phone', 'country', 'address', 'city', 'zone', 'facebook', 'instagram', 'linkedin'] as const satisfies readonly (keyof PersonFormValues)[];

export function clientFormValues(p: ClientProfile): PersonFormValues {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone ?? '',
    country: p.country,
    address: p.address ?? '',
    city: p.city ?? '',
    zone: p.zone ?? '',
    facebook: p.facebook ?? '',
    instagram: p.instagram ?? '',
    linkedin: p.linkedin ?? '',
  };
}

/** /perfil/info: the client's contact info, location and social links (spec §2, §3, §5). */
export function ClientProfileForm({ userId, profile }: { userId: string; profile: ClientProfile }) {
  const messageBox = useMessageBox();
  const save = useSaveClientProfile(userId);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const methods = useForm<PersonFormValues, unknown, ClientProfileUpdate>({
    resolver: zodResolver(ClientProfileSchema),
    defaultValues: clientFormValues(profile),
  });
  const { handleSubmit, setError, reset, control } = methods;
  const watched = useWatch({ control });
  const completion = clientProfileCompletion({ ...watched, email: profile.email });

  const onSubmit = async (values: ClientProfileUpdate) => {
    try {
      const { message, profile: saved } = await save.mutateAsync(values);
      reset(clientFormValues(saved));
      messageBox.show({ text: message, kind: 'success' });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) messageBox.show({ text: errorMessage(error), kind: 'error' });
    }
  };

  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-6" aria-busy={isSubmitting}>
        <CompletionBar completion={completion} />
        <ContactFields email={profile.email} />
        <LocationFields addressLabel={t.fields.address} />
        <SocialFields />
        <div>
          <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-40')}>
            {isSubmitting ? t.actions.saving : t.actions.save}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
