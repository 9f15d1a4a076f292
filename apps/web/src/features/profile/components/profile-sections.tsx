import { profile as t } from '@arreglaya/shared/i18n/profile';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useClientProfile, useContractorProfile } from '../api/profile-queries.ts';
import { ClientProfileForm } from './client-profile-form.tsx';
import { ContractorProfileForm } from './contractor-profile-form.tsx';
import { PhotoUpload } from './photo-upload.tsx';

function LoadFailed({ query }: { query: { refetch: () => unknown; isFetching: boolean } }) {
  return <ErrorWithRetry message={t.loadFailed} onRetry={query.refetch} retrying={query.isFetching} />;
}

/** The client's own photo and profile form, once loaded (also a sysadmin's personal form). */
export function ClientProfileSection({ userId }: { userId: string }) {
  const query = useClientProfile(userId);
  if (query.isPending) return <Spinner className="py-8" />;
  if (query.isError) return <LoadFailed query={query} />;
  return (
    <>
      <PhotoUpload userId={userId} avatarPhotoId={query.data.avatarPhotoId} />
      <ClientProfileForm userId={userId} profile={query.data} />
    </>
  );
}

/** The contractor's own photo and profile form, once loaded. */
export function ContractorProfileSection({ userId }: { userId: string }) {
  const query = useContractorProfile(userId);
  if (query.isPending) return <Spinner className="py-8" />;
  if (query.isError) return <LoadFailed query={query} />;
  return (
    <>
      <PhotoUpload userId={userId} avatarPhotoId={query.data.avatarPhotoId} />
      <ContractorProfileForm userId={userId} profile={query.data} />
    </>
  );
}
