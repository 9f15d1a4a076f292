import { Link } from 'react-router';
import { findCity, ZONE_LABELS } from '@arreglaya/shared/countries';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { projectList as t } from '@arreglaya/shared/i18n/quotes-web';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import type { OpenProject } from '@arreglaya/shared/schemas/projects';
import { formatDate } from '@/lib/format.ts';
import { Photo } from '@/components/ui/photo.tsx';

/** One open project: main photo, title, description, services, place and start date; links to its page. */
export function ProjectTile({ project: p, locale }: { project: OpenProject; locale: string }) {
  const place = [p.zone ? ZONE_LABELS[p.zone] : null, p.city ? findCity(p.country, p.city)?.name : null].filter(Boolean).join(' · ');
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-700">
      {p.coverPhotoId ? (
        <Photo
          photoId={p.coverPhotoId}
          alt=""
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          width={640}
          height={360}
          className="aspect-[16/9] h-auto w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="flex aspect-[16/9] w-full items-center justify-center bg-brand-50 text-brand-700">
          {t.noPhoto}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">
          <Link to={`/proyectos/${p.id}`} aria-label={t.view(p.title)} className="after:absolute after:inset-0 focus:outline-none">
            {p.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-slate-800 [overflow-wrap:anywhere]">{p.description}</p>
        <ul className="flex flex-wrap gap-1.5" aria-label={t.services}>
          {p.services.map((s) => (
            <li key={s} className="rounded-md bg-brand-50 px-2 py-0.5 text-sm text-brand-900">
              {SERVICE_LABELS[s]}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-col gap-0.5 pt-2 text-sm text-slate-700">
          {place && <p>{place}</p>}
          <p>{t.startDate(formatDate(p.startDate, locale))}</p>
          <p>
            {t.postedBy(p.clientFirstName, formatDate(p.createdAt, locale))} · {tp.offers(p.offers)}
          </p>
        </div>
      </div>
    </article>
  );
}
