import { useId, useRef, useState, type ChangeEvent } from 'react';
import { portfolioPage as t } from '@arreglaya/shared/i18n/quotes-web';
import { PROJECT_PHOTOS_MAX, type PortfolioEntry } from '@arreglaya/shared/schemas/projects';
import { PHOTO_TYPES, checkPhotoFile } from '@arreglaya/shared/schemas/profile';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage } from '@/lib/form-errors.ts';

interface PortfolioPhotosProps {
  entry: PortfolioEntry;
  upload: (file: File) => Promise<{ message: string; entry: PortfolioEntry }>;
  pending: boolean;
}

/** The photos of a saved entry and a file input for one more (checked here, re-encoded by the server). */
export function PortfolioPhotos({ entry, upload, pending }: PortfolioPhotosProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const messageBox = useMessageBox();
  const [error, setError] = useState<string | null>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setError(null);
    if (!file) return;
    const problem = checkPhotoFile(file);
    if (problem) setError(problem);
    else {
      try {
        const { message } = await upload(file);
        messageBox.show({ text: message, kind: 'success' });
      } catch (failure) {
        setError(errorMessage(failure));
      }
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold text-slate-900">{t.photos}</h3>
      {entry.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {entry.photos.map((photo, i) => (
            <li key={photo.id}>
              <img src={`/api/photos/${photo.id}/sm`} alt={t.photoAlt(entry.title, i + 1)} className="size-24 rounded-md object-cover" />
            </li>
          ))}
        </ul>
      )}
      {entry.photos.length < PROJECT_PHOTOS_MAX && (
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={`${id}-input`}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            onChange={(e) => void onChange(e)}
            disabled={pending}
            aria-describedby={`${id}-hint`}
            aria-invalid={error ? true : undefined}
            className="peer sr-only"
          />
          <label
            htmlFor={`${id}-input`}
            className={buttonClasses(
              'secondary',
              'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:opacity-70',
            )}
          >
            {t.addPhoto}
          </label>
          <span role="status" className="text-sm text-slate-700">
            {pending ? t.photoUploading : ''}
          </span>
        </div>
      )}
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t.photosHint}
      </p>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
