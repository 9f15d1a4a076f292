import { useState } from 'react';
import { Link } from 'react-router';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { confirm } from '@arreglaya/shared/i18n/common';
import { projects as tp, projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { PROJECT_STATUS_LABELS, projectAllows } from '@arreglaya/shared/lifecycles';
import type { MyProject } from '@arreglaya/shared/schemas/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { formatDate } from '@/lib/format.ts';
import { PROJECT_SECTIONS } from '@arreglaya/shared/routes';
import { Photo } from '@/components/ui/photo.tsx';

/** A project's start date is a calendar day (YYYY-MM-DD): read at local noon so no time zone moves it. */
export const startDateLabel = (isoDate: string, locale: string) => formatDate(`${isoDate}T12:00:00`, locale);

/** Where the client's next action leads (Mis proyectos); payments and reviews come with their issues. */
const NEXT_ACTION_HASH = { see_offers: `#${PROJECT_SECTIONS.offers}`, fund: '', approve: `#${PROJECT_SECTIONS.work}`, review: `#${PROJECT_SECTIONS.review}` } as const;

interface ProjectTileProps {
  project: MyProject;
  locale: string;
  onRemove: (id: string) => Promise<{ message: string }>;
}

/** A tile of Mis proyectos (spec §2): photo, title, description, services, start date, status, offers and the next step. */
export function ProjectTile({ project: p, locale, onRemove }: ProjectTileProps) {
  const messageBox = useMessageBox();
  const [asking, setAsking] = useState(false);
  const cancelling = p.offers > 0;
  const headingId = `project-${p.id}-title`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {p.coverPhotoId ? (
        <Photo
          photoId={p.coverPhotoId}
          alt=""
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          width={640}
          height={360}
          className="aspect-video h-auto w-full object-cover"
        />
      ) : (
        <div className="grid h-24 w-full place-items-center bg-slate-100 text-slate-600">{t.list.noPhoto}</div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="min-w-0 text-lg font-bold break-words text-slate-900">
            <Link to={`/proyectos/${p.id}`} className="hover:underline">
              {p.title}
            </Link>
          </h2>
          <p className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
            <span className="sr-only">{t.list.status}: </span>
            {PROJECT_STATUS_LABELS[p.status]}
          </p>
        </div>
        <p className="line-clamp-3 break-words text-slate-700">{p.description}</p>
        <div>
          <p className="text-sm font-medium text-slate-700">{tp.servicesUsed}</p>
          <ul aria-label={tp.servicesUsed} className="mt-1 flex flex-wrap gap-1.5">
            {p.services.map((s) => (
              <li key={s} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
                {SERVICE_LABELS[s]}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-slate-700">
          {t.list.startDate(startDateLabel(p.startDate, locale))}
          {/* Open offers count while the project takes them. */}
          {p.status === 'created' && ` · ${tp.offers(p.offers)}`}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {p.nextAction ? (
            <Link to={`/proyectos/${p.id}${NEXT_ACTION_HASH[p.nextAction]}`} className={buttonClasses('primary')}>
              {tp.nextActions[p.nextAction]}
            </Link>
          ) : (
            <Link to={`/proyectos/${p.id}`} className={buttonClasses('secondary')}>
              {t.list.open}
            </Link>
          )}
          {projectAllows('edit', p.status) && (
            <Link to={`/nuevoproyecto?editar=${p.id}`} className={buttonClasses('ghost')} aria-label={`${t.list.edit}: ${p.title}`}>
              {t.list.edit}
            </Link>
          )}
          {projectAllows('cancel', p.status) && (
            <button
              type="button"
              onClick={() => setAsking(true)}
              className={buttonClasses('ghost', 'text-red-700')}
              aria-label={`${cancelling ? t.list.cancel : t.list.delete}: ${p.title}`}
            >
              {cancelling ? t.list.cancel : t.list.delete}
            </button>
          )}
        </div>
      </div>
      {asking && (
        <ConfirmDialog
          title={cancelling ? t.list.cancel : t.list.delete}
          confirmLabel={t.list.confirmYes}
          danger
          onConfirm={async () => {
            const { message } = await onRemove(p.id);
            messageBox.show({ text: message, kind: 'success' });
          }}
          onClose={() => setAsking(false)}
        >
          {cancelling ? t.list.confirmCancel : confirm.deleteProject}
        </ConfirmDialog>
      )}
    </article>
  );
}
