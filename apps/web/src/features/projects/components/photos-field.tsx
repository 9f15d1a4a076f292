import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { profile as tprofile } from '@arreglaya/shared/i18n/profile';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { PHOTO_TYPES, checkPhotoFile } from '@arreglaya/shared/schemas/profile';
import { PROJECT_PHOTOS_MAX } from '@arreglaya/shared/schemas/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { projectPhotoUrl, type PhotoItem } from '../project.ts';

interface PhotosFieldProps {
  value: PhotoItem[];
  onChange: (next: PhotoItem[]) => void;
  disabled?: boolean;
}

let nextKey = 1;

/**
 * Up to eight photos (JPG or PNG, 8 MB), one file at a time (spec §5): each chosen file is checked
 * here with the server's own messages and shown at once; they are uploaded when the project is
 * saved (the server decodes and re-encodes them). The first is the main photo; each can be moved
 * or removed.
 */
export function PhotosField({ value, onChange, disabled }: PhotosFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // Preview URLs of chosen files are released when the field goes away.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  useEffect(() => () => latest.current.forEach((p) => p.kind === 'new' && URL.revokeObjectURL(p.preview)), []);

  const full = value.length >= PROJECT_PHOTOS_MAX;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files;
    setError(null);
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = files.length > 1 ? tprofile.photo.onlyOne : full ? tp.tooManyPhotos(PROJECT_PHOTOS_MAX) : checkPhotoFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    onChange([...value, { kind: 'new', key: `new-${nextKey++}`, file, preview: URL.createObjectURL(file) }]);
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
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} className="flex min-w-0 flex-col gap-3">
      <legend className="font-medium text-slate-800">{t.form.photos}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t.form.photosHint(PROJECT_PHOTOS_MAX)}
      </p>
      {value.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {value.map((photo, index) => {
            const n = index + 1;
            const src = photo.kind === 'stored' ? projectPhotoUrl(photo.id, 'md') : photo.preview;
            return (
              <li key={photo.kind === 'stored' ? photo.id : photo.key} className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2">
                <div className="relative">
                  <img src={src} alt={t.form.photoAlt(n)} className="aspect-square w-full rounded-md object-cover" />
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
              </li>
            );
          })}
        </ol>
      )}
      {/* The native control stays focusable and named by its label but hidden: its own text comes in the browser's language. */}
      <div>
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          onChange={onPick}
          disabled={disabled || full}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
        />
        <label
          htmlFor={`${id}-input`}
          className={buttonClasses(
            'secondary',
            'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          )}
        >
          {t.form.addPhoto}
        </label>
      </div>
      <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
        {error}
      </p>
    </fieldset>
  );
}
