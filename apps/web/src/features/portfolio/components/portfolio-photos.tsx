import { useId } from 'react';
import { portfolioPage as t } from '@arreglaya/shared/i18n/portfolio';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { PROJECT_PHOTOS_MAX } from '@arreglaya/shared/schemas/projects';
import { type PortfolioEntry } from '@arreglaya/shared/schemas/portfolio';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { PhotoPicker, UploadStatus } from '@/components/ui/photo-picker.tsx';
import type { UploadProgress } from '@/lib/upload.ts';
import { usePhotoUpload } from '@/lib/use-photo-upload.ts';
import { Photo } from '@/components/ui/photo.tsx';

interface PortfolioPhotosProps {
  entry: PortfolioEntry;
  upload: (file: File, onProgress: UploadProgress) => Promise<{ message: string; entry: PortfolioEntry }>;
}

/** The photos of a saved entry and the shared picker for one more (checked and scaled here, re-encoded by the server). */
export function PortfolioPhotos({ entry, upload }: PortfolioPhotosProps) {
  const id = useId();
  const messageBox = useMessageBox();
  const sending = usePhotoUpload(upload, ({ message }) => messageBox.show({ text: message, kind: 'success' }));
  const current = sending.state;

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold text-slate-900">{t.photos}</h3>
      {entry.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {entry.photos.map((photo, i) => (
            <li key={photo.id}>
              <Photo photoId={photo.id} alt={t.photoAlt(entry.title, i + 1)} sizes="96px" width={96} height={96} fallback="sm" className="size-24 rounded-md object-cover" />
            </li>
          ))}
        </ul>
      )}
      {current && <UploadStatus name={current.file.name} progress={current.progress} error={current.error} onRetry={sending.retry} onRemove={sending.dismiss} />}
      {entry.photos.length < PROJECT_PHOTOS_MAX && (
        <PhotoPicker
          label={t.addPhoto}
          describedBy={`${id}-hint`}
          disabled={sending.busy}
          max={PROJECT_PHOTOS_MAX - entry.photos.length}
          tooMany={tp.tooManyPhotos(PROJECT_PHOTOS_MAX)}
          onPicked={(files) => sending.start(files)}
        />
      )}
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t.photosHint}
      </p>
    </div>
  );
}
