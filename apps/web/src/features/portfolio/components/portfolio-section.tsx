import { useId } from 'react';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { portfolioPage as t } from '@arreglaya/shared/i18n/portfolio';
import { useCountry } from '@/lib/country.ts';
import { formatDate } from '@/lib/format.ts';
import { usePublicPortfolio } from '../hooks/use-portfolio.ts';
import { Photo } from '@/components/ui/photo.tsx';

/** 'Trabajos realizados' on a contractor's public page: the finished jobs they registered. Nothing while empty. */
export function PortfolioSection({ contractorId }: { contractorId: string }) {
  const portfolio = usePublicPortfolio(contractorId);
  const { locale } = useCountry();
  const titleId = useId();
  const items = portfolio.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {t.sectionTitle}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {items.map((entry) => (
          <li key={entry.id}>
            <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
              {entry.coverPhotoId && (
                <Photo
                  photoId={entry.coverPhotoId}
                  alt={t.photoAlt(entry.title, 1)}
                  sizes="(min-width: 640px) 384px, 100vw"
                  width={640}
                  height={480}
                  waitsOnSaveData
                  className="aspect-[4/3] h-auto w-full object-cover"
                />
              )}
              <div className="flex flex-1 flex-col gap-1 p-4">
                <h3 className="font-bold text-slate-900 [overflow-wrap:anywhere]">{entry.title}</h3>
                <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{entry.description}</p>
                <p className="mt-auto pt-2 text-sm text-slate-700">
                  {t.finishedOn(formatDate(entry.completedOn, locale))} · {entry.services.map((s) => SERVICE_LABELS[s]).join(', ')}
                </p>
                {entry.photos.length > 1 && (
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {entry.photos.slice(1).map((photo, i) => (
                      <li key={photo.id}>
                        <Photo photoId={photo.id} alt={t.photoAlt(entry.title, i + 2)} sizes="64px" width={64} height={64} fallback="sm" className="size-16 rounded object-cover" />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
