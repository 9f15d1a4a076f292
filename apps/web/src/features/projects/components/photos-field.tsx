import { useEffect, useId, useRef } from 'react';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { PROJECT_PHOTOS_MAX } from '@arreglaya/shared/schemas/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { PhotoPicker, UploadStatus } from '@/components/ui/photo-picker.tsx';
import { newPhotoItem, type PhotoItem } from '../project.ts';
import { Photo } from '@/components/ui/photo.tsx';

interface PhotosFieldProps {
  value: PhotoItem[];
  onChange: (next: PhotoItem[]) => void;
  disabled?: boolean;
  /** Sends one photo whose upload failed again, alone (the project is saved). */
  onRetry?: (key: string) => void;
}

/**
 * Up to eight photos (JPG, PNG or WebP, 8 MB; spec §5): the shared picker checks, decodes and
 * scales each chosen file down in the browser, and it is shown at once; they are uploaded when the
 * project is saved (the server decodes and re-encodes them), each with its own progress bar, and
 * one that fails can be retried or removed alone. The first is the main photo; each can be moved
 * or removed.
 */
export function PhotosField({ value, onChange, disabled, onRetry }: PhotosFieldProps) {
  const id = useId();
  // Preview URLs of chosen files are released when the field goes away.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  useEffect(() => () => latest.current.forEach((p) => p.kind === 'new' && URL.revokeObjectURL(p.preview)), []);

  const full = value.length >= PROJECT_PHOTOS_MAX;

  const onPicked = (files: File[]) => {
    onChange([...value, ...files.map(newPhotoItem)]);
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };

  const remove = (index: number) => {
    const item = value[index];
    if (item?.kind === 'new') URL.revokeObjectURL(item.preview);
    onChange(value.filter((_, i) => i !== index));
  };

  return (
    <fieldset aria-describedby={`${id}-hint`} className="flex min-w-0 flex-col gap-3">
      <legend className="font-medium text-slate-800">{t.form.photos}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t.form.photosHint(PROJECT_PHOTOS_MAX)}
      </p>
      {value.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {value.map((photo, index) => {
            const n = index + 1;
            return (
              <li key={photo.kind === 'stored' ? photo.id : photo.key} className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2">
                <div className="relative">
                  {photo.kind === 'stored' ? (
                    <Photo
                      photoId={photo.id}
                      alt={t.form.photoAlt(n)}
                      sizes="(min-width: 640px) 160px, 45vw"
                      width={320}
                      height={320}
                      className="aspect-square h-auto w-full rounded-md object-cover"
                    />
                  ) : (
                    <img src={photo.preview} alt={t.form.photoAlt(n)} width={320} height={320} className="aspect-square h-auto w-full rounded-md object-cover" />
                  )}
                  {index === 0 && <span className="absolute top-1 left-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t.form.mainPhoto}</span>}
                </div>
                <div className="flex justify-between gap-1">
                  <button
                    type="button"
                    disabled={disabled || index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t.form.moveUp(n)}
                    className={buttonClasses('ghost', 'min-w-11 px-2 disabled:opacity-40')}
                  >
                    <span aria-hidden="true">←</span>
                  </button>
                  <button
                    type="button"
                    disabled={disabled || index === value.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t.form.moveDown(n)}
                    className={buttonClasses('ghost', 'min-w-11 px-2 disabled:opacity-40')}
                  >
                    <span aria-hidden="true">→</span>
                  </button>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => remove(index)}
                    aria-label={t.form.removePhoto(n)}
                    className={buttonClasses('ghost', 'min-w-11 px-2 text-red-700')}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </div>
                {photo.kind === 'new' && (
                  <UploadStatus
                    name={photo.file.name}
                    progress={photo.progress}
                    error={photo.error}
                    {...(onRetry && !disabled ? { onRetry: () => onRetry(photo.key) } : {})}
                    {...(!disabled ? { onRemove: () => remove(index) } : {})}
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
      <PhotoPicker
        label={t.form.addPhoto}
        describedBy={`${id}-hint`}
        disabled={disabled || full}
        max={PROJECT_PHOTOS_MAX - value.length}
        tooMany={tp.tooManyPhotos(PROJECT_PHOTOS_MAX)}
        onPicked={onPicked}
      />
    </fieldset>
  );
}
