import { useId, useState } from 'react';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import { Avatar } from '@/components/ui/avatar.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { PhotoPicker, UploadStatus } from '@/components/ui/photo-picker.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { usePhotoUpload } from '@/lib/use-photo-upload.ts';
import { photoUrl } from '../api/profile-api.ts';
import { usePhoto } from '../api/profile-queries.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

interface PhotoUploadProps {
  userId: string;
  avatarPhotoId: string | null;
}

/**
 * The profile photo: the current picture and the shared picker (checked, decoded and scaled down
 * in the browser), then uploaded at once with its progress; the server decodes it and strips its
 * metadata. The new photo replaces the preview (and the navbar's avatar).
 */
export function PhotoUpload({ userId, avatarPhotoId }: PhotoUploadProps) {
  const id = useId();
  const messageBox = useMessageBox();
  const { upload, remove } = usePhoto(userId);
  // One removal at a time (the upload has its own state in usePhotoUpload).
  const inFlight = useInFlight();
  const [error, setError] = useState<string | null>(null);
  const sending = usePhotoUpload(
    (file, onProgress) => upload.mutateAsync({ file, onProgress }),
    ({ message }) => messageBox.show({ text: message, kind: 'success' }),
  );
  const current = sending.state;

  const onRemove = () =>
    inFlight.run(async () => {
      setError(null);
      try {
        const { message } = await remove.mutateAsync();
        messageBox.show({ text: message, kind: 'success' });
      } catch (failure) {
        setError(errorMessage(failure));
      }
    });

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar src={avatarPhotoId ? photoUrl(avatarPhotoId, 'md') : null} alt={t.photo.current} size="lg" />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {t.sections.photo}
        </h2>
        <div className="flex flex-wrap items-start gap-2">
          <PhotoPicker label={t.photo.label} describedBy={`${id}-hint`} disabled={sending.busy} onPicked={([file]) => file && sending.start(file)} />
          {avatarPhotoId && (
            <button type="button" onClick={() => void onRemove()} disabled={inFlight.busy || sending.busy} aria-busy={remove.isPending} className={buttonClasses('ghost')}>
              <BusyLabel busy={remove.isPending}>{t.photo.remove}</BusyLabel>
            </button>
          )}
        </div>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {t.photo.hint}
        </p>
        {current && <UploadStatus name={current.file.name} progress={current.progress} error={current.error} onRetry={sending.retry} onRemove={sending.dismiss} />}
        <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
          {error}
        </p>
      </div>
    </section>
  );
}
