import { useState } from 'react';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { portfolioPage as t } from '@arreglaya/shared/i18n/quotes-web';
import { shell } from '@arreglaya/shared/i18n/shell';
import type { PortfolioEntry } from '@arreglaya/shared/schemas/portfolio';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { PortfolioForm } from '@/features/portfolio/components/portfolio-form.tsx';
import { PortfolioPhotos } from '@/features/portfolio/components/portfolio-photos.tsx';
import { useMyPortfolio } from '@/features/portfolio/hooks/use-portfolio.ts';
import { useCountry } from '@/lib/country.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatDate } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { Photo } from '@/components/ui/photo.tsx';

/**
 * /profile/nuevoproyecto, 'Registrar proyecto': a contractor records finished jobs for their public
 * page (docs/spec-decisions.md). A new entry stays open after saving, for its photos.
 */
function PortfolioPage() {
  usePageTitle(shell.pages.registerProject);
  const { user } = useViewer();
  const { locale } = useCountry();
  const messageBox = useMessageBox();
  const portfolio = useMyPortfolio(user?.role === 'contractor' ? user.id : null);
  const removing = useInFlight();
  const items = portfolio.list.data;
  // The entry being edited (by id, so it follows the list's fresh copy), or null for a new one.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const editing = (editingId && items?.find((e) => e.id === editingId)) || null;

  const startNew = () => {
    setEditingId(null);
    setFormKey((k) => k + 1);
  };
  const onDelete = (entry: PortfolioEntry) =>
    removing.run(async () => {
      try {
        const { message } = await portfolio.remove.mutateAsync(entry.id);
        messageBox.show({ text: message, kind: 'success' });
        if (editingId === entry.id) startNew();
      } catch (error) {
        messageBox.show({ text: errorMessage(error), kind: 'error' });
      }
      setConfirmDelete(null);
    });

  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{shell.pages.registerProject}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>

      <section aria-labelledby="portfolio-form-title" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="portfolio-form-title" className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere]">
          {editing ? t.editTitle(editing.title) : t.newTitle}
        </h2>
        <PortfolioForm
          key={`${editingId ?? 'new'}-${formKey}`}
          entry={editing}
          save={(body) => (editing ? portfolio.update.mutateAsync({ id: editing.id, body }) : portfolio.create.mutateAsync(body))}
          onSaved={(entry) => setEditingId(entry.id)}
          {...(editing ? { onCancel: startNew } : {})}
        />
        {editing ? (
          <PortfolioPhotos entry={editing} upload={(file, onProgress) => portfolio.photo.mutateAsync({ id: editing.id, file, onProgress })} />
        ) : (
          <p className="text-sm text-slate-700">{t.photosAfterSave}</p>
        )}
      </section>

      <section aria-labelledby="portfolio-list-title" className="flex flex-col gap-4">
        <h2 id="portfolio-list-title" className="text-xl font-bold text-slate-900">
          {t.listTitle}
        </h2>
        {portfolio.list.isLoading && <Spinner />}
        {portfolio.list.isError && !items && (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
            <p>{t.error}</p>
            <button type="button" onClick={() => void portfolio.list.refetch()} className={buttonClasses('secondary')}>
              {t.retry}
            </button>
          </div>
        )}
        {items && items.length === 0 && <p className="text-slate-800">{t.empty}</p>}
        {items && items.length > 0 && (
          <ul className="grid gap-4 sm:grid-cols-2">
            {items.map((entry) => (
              <li key={entry.id} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
                {entry.coverPhotoId && (
                  <Photo
                    photoId={entry.coverPhotoId}
                    alt={t.photoAlt(entry.title, 1)}
                    sizes="(min-width: 640px) 384px, 100vw"
                    width={640}
                    height={480}
                    className="aspect-[4/3] h-auto w-full object-cover"
                  />
                )}
                <div className="flex flex-1 flex-col gap-1 p-4">
                  <h3 className="font-bold text-slate-900 [overflow-wrap:anywhere]">{entry.title}</h3>
                  <p className="line-clamp-3 text-slate-800 [overflow-wrap:anywhere]">{entry.description}</p>
                  <p className="text-sm text-slate-700">
                    {t.finishedOn(formatDate(entry.completedOn, locale))} · {entry.services.map((s) => SERVICE_LABELS[s]).join(', ')}
                  </p>
                  {confirmDelete === entry.id ? (
                    <div role="group" aria-label={t.removeEntry(entry.title)} className="mt-2 flex flex-col gap-2 rounded-md bg-red-50 p-3">
                      <p className="font-medium text-red-900">{t.removeConfirm(entry.title)}</p>
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          autoFocus
                          onClick={() => void onDelete(entry)}
                          disabled={removing.busy}
                          aria-busy={removing.busy}
                          className={buttonClasses('primary', 'bg-red-700 hover:bg-red-800')}
                        >
                          <BusyLabel busy={removing.busy}>{t.remove}</BusyLabel>
                        </button>
                        <button type="button" onClick={() => setConfirmDelete(null)} className={buttonClasses('secondary')}>
                          {t.cancelEdit}
                        </button>
                      </div>
                    </div>
                  ) : (
                    <div className="mt-auto flex flex-wrap gap-2 pt-2">
                      <button type="button" aria-label={t.editEntry(entry.title)} onClick={() => setEditingId(entry.id)} className={buttonClasses('secondary')}>
                        {t.edit}
                      </button>
                      <button type="button" aria-label={t.removeEntry(entry.title)} onClick={() => setConfirmDelete(entry.id)} className={buttonClasses('ghost')}>
                        {t.remove}
                      </button>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export { PortfolioPage as Component };
