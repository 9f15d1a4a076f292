import { useId, useRef, useState, type ChangeEvent } from 'react';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import { PHOTO_TYPES, checkPhotoFile } from '@arreglaya/shared/schemas/profile';
import { Avatar } from '@/components/ui/avatar.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { photoUrl } from '../api/profile-api.ts';
import { usePhoto } from '../api/profile-queries.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

interface PhotoUploadProps {
  userId: string;
  avatarPhotoId: string | null;
}

/**
 * The profile photo: the current picture and a labelled file input. A chosen file is checked
 * here with the server's own messages (type, 8 MB), then uploaded at once; the server decodes it
 * and strips its metadata. The new photo replaces the preview (and the navbar's avatar).
 */
export function PhotoUpload({ userId, avatarPhotoId }: PhotoUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const messageBox = useMessageBox();
  const { upload, remove } = usePhoto(userId);
  // One upload or removal at a time.
  const inFlight = useInFlight();
  const [error, setError] = useState<string | null>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setError(null);
    if (!file) return;
    const problem = event.target.files!.length > 1 ? t.photo.onlyOne : checkPhotoFile(file);
    if (problem) {
      setError(problem);
      if (input.current) input.current.value = '';
      return;
    }
    await inFlight.run(async () => {
      try {
        const { message } = await upload.mutateAsync(file);
        messageBox.show({ text: message, kind: 'success' });
      } catch (failure) {
        setError(errorMessage(failure));
      } finally {
        // The same file can be chosen again (after fixing it, or to retry).
        if (input.current) input.current.value = '';
      }
    });
  };

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
        {/*
          The native control stays in the page (focusable, named by its label, announced) but
          hidden: its own button text comes in the browser's language, not ours. The label,
          drawn as a button, opens it and shows its keyboard focus.
        */}
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={`${id}-input`}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            onChange={(event) => void onChange(event)}
            disabled={inFlight.busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            className="peer sr-only"
          />
          <label
            htmlFor={`${id}-input`}
            className={buttonClasses(
              'secondary',
              'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-wait peer-disabled:opacity-70',
            )}
          >
            {t.photo.label}
          </label>
          {avatarPhotoId && (
            <button type="button" onClick={() => void onRemove()} disabled={inFlight.busy} aria-busy={remove.isPending} className={buttonClasses('ghost')}>
              <BusyLabel busy={remove.isPending}>{t.photo.remove}</BusyLabel>
            </button>
          )}
        </div>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {t.photo.hint}
        </p>
        <p role="status" className="text-sm text-slate-700">
          {upload.isPending ? t.photo.uploading : ''}
        </p>
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      </div>
    </section>
  );
}
