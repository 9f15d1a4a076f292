import { useId, useState } from 'react';
import { Link } from 'react-router';
import { offerPanel as t } from '@arreglaya/shared/i18n/quotes-web';
import { projects as projectsI18n, projectsWeb, quotes as tq } from '@arreglaya/shared/i18n/projects';
import { PROJECT_STATUS_LABELS, QUOTE_STATUS_LABELS, moneyShortfall, moneyToBeginHeld, projectAllows, quoteAllows } from '@arreglaya/shared/lifecycles';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import { PROJECT_PHOTOS_MAX } from '@arreglaya/shared/form-limits';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { PhotoPicker, UploadStatus } from '@/components/ui/photo-picker.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useCountry } from '@/lib/country.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { usePhotoUpload } from '@/lib/use-photo-upload.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { useOfferPanel } from '../hooks/use-offer-panel.ts';
import { PROJECT_SECTIONS } from '@arreglaya/shared/routes';
import { Photo } from '@/components/ui/photo.tsx';
import { onDemand } from '@/components/ui/on-demand.tsx';

// The offer's form (react-hook-form, its checks) comes with the tap that opens it (decision 070).
const OfferDialog = onDemand(() => import('./offer-dialog.tsx').then((m) => m.OfferDialog));

/**
 * The contractor's part of the project page (/proyectos/:id): their own offer on it and what they
 * may do now, as PROJECT_ACTIONS and QUOTE_ACTIONS say — make, replace or withdraw an offer while
 * the project is open, answer a counter-offer, and once hired start and deliver the work.
 */
export function ContractorQuotePanel({ project }: { project: ProjectDetail }) {
  const { user } = useViewer();
  const contractorId = user?.role === 'contractor' ? user.id : null;
  const panel = useOfferPanel(contractorId, project.id);
  const { locale } = useCountry();
  const messageBox = useMessageBox();
  const titleId = useId();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One tap, one request: every action of the panel waits for the one in flight.
  const inFlight = useInFlight();
  if (!contractorId) return null;

  const offers = panel.offers.data ?? [];
  const open = offers.find((o) => o.status === 'created') ?? null;
  const latest = offers[0] ?? null;
  const hired = project.viewer.isHiredContractor;
  const canQuote = projectAllows('quote', project.status);
  // The server refuses an offer from a contractor the directory does not list (tq.profileIncomplete):
  // said before the form, not after writing a whole offer (issue 35).
  const profileIncomplete = user?.profileListed === false;

  /** Runs an action; its message goes to the message box, its failure under the panel. */
  const act = (run: () => Promise<{ message: string }>) =>
    inFlight.run(async () => {
      setFailure(null);
      try {
        const { message } = await run();
        messageBox.show({ text: message, kind: 'success' });
      } catch (error) {
        setFailure(errorMessage(error));
      }
    });
  const busy = inFlight.busy;

  return (
    <section id={PROJECT_SECTIONS.myOffer} aria-labelledby={titleId} className="flex scroll-mt-24 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {hired ? t.jobTitle : t.title}
      </h2>

      {panel.offers.isPending ? (
        <Spinner />
      ) : panel.offers.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-red-900">
          <p>{t.loadError}</p>
          <button type="button" onClick={() => void panel.offers.refetch()} className={buttonClasses('secondary')}>
            {t.retry}
          </button>
        </div>
      ) : hired ? (
        <HiredJob project={project} panel={panel} act={act} busy={busy} locale={locale} />
      ) : (
        <>
          {(open ?? latest) ? <OfferSummary offer={(open ?? latest)!} locale={locale} /> : <p className="text-slate-800">{canQuote ? t.none : t.closedProject}</p>}
          {!canQuote && latest && latest.status === 'rejected' && project.status !== 'cancelled' && <p className="text-slate-800">{t.notChosen}</p>}
          {!canQuote && project.status === 'cancelled' && <p className="text-slate-800">{t.cancelled}</p>}

          {open && open.counterStatus === 'pending' && quoteAllows('answer_counter', open.status) && (
            <div className="flex flex-col gap-2 rounded-lg border-l-4 border-accent-700 bg-amber-50 p-4">
              <h3 className="font-bold text-slate-900">{t.counterTitle}</h3>
              <p className="text-slate-800">{t.counterPrice(formatMoney(open.counterPriceMinor ?? 0, open.currency, locale))}</p>
              {open.counterComment && <p className="text-slate-800 [overflow-wrap:anywhere]">{t.counterComment(open.counterComment)}</p>}
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void act(() => panel.answer.mutateAsync({ quoteId: open.id, accept: true }))}
                  className={buttonClasses('primary')}
                >
                  {t.counterAccept}
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void act(() => panel.answer.mutateAsync({ quoteId: open.id, accept: false }))}
                  className={buttonClasses('secondary')}
                >
                  {t.counterDecline}
                </button>
              </div>
            </div>
          )}

          {canQuote && profileIncomplete && (
            <div className="flex flex-col items-start gap-2 rounded-lg border-l-4 border-accent-700 bg-amber-50 p-4">
              <p className="text-slate-900">{tq.profileIncomplete}</p>
              <Link to="/contractor/profile" className={buttonClasses('primary')}>
                {t.completeProfile}
              </Link>
            </div>
          )}
          {canQuote && (
            <div className="flex flex-wrap gap-2 empty:hidden">
              {!profileIncomplete && (
                <button type="button" onClick={() => setDialogOpen(true)} className={buttonClasses('primary')}>
                  {open ? t.replace : t.make}
                </button>
              )}
              {open && quoteAllows('withdraw', open.status) && !confirmWithdraw && (
                <button type="button" onClick={() => setConfirmWithdraw(true)} className={buttonClasses('secondary')}>
                  {t.withdraw}
                </button>
              )}
            </div>
          )}
          {open && confirmWithdraw && (
            <div role="group" aria-label={t.withdraw} className="flex flex-col gap-2 rounded-lg bg-red-50 p-4">
              <p className="font-medium text-red-900">{t.withdrawConfirm}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  autoFocus
                  disabled={busy}
                  onClick={() => void act(() => panel.withdraw.mutateAsync(open.id)).then(() => setConfirmWithdraw(false))}
                  className={buttonClasses('primary', 'bg-red-700 hover:bg-red-800')}
                >
                  {t.withdrawYes}
                </button>
                <button type="button" onClick={() => setConfirmWithdraw(false)} className={buttonClasses('secondary')}>
                  {t.keep}
                </button>
              </div>
            </div>
          )}
        </>
      )}

      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {failure}
      </p>

      {dialogOpen && (
        <OfferDialog
          previous={open}
          draftKey={`offer:${project.id}`}
          country={project.country}
          locale={locale}
          feePercent={project.feePercent}
          send={(body) => panel.send.mutateAsync(body)}
          onSent={(message) => {
            setDialogOpen(false);
            messageBox.show({ text: message, kind: 'success' });
          }}
          onClose={() => setDialogOpen(false)}
        />
      )}
    </section>
  );
}

function OfferSummary({ offer: o, locale }: { offer: Offer; locale: string }) {
  const agreed = o.agreedPriceMinor > 0 && o.agreedPriceMinor !== o.priceMinor;
  return (
    <div className="flex flex-col gap-2" data-testid="my-offer">
      <p className="font-semibold text-slate-800">{t.status(QUOTE_STATUS_LABELS[o.status])}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
        <dt className="font-medium">{t.price}</dt>
        <dd className="text-xl font-bold text-slate-900">{formatMoney(o.priceMinor, o.currency, locale)}</dd>
        {agreed && (
          <>
            <dt className="font-medium">{t.agreedPrice}</dt>
            <dd className="font-bold text-slate-900">{formatMoney(o.agreedPriceMinor, o.currency, locale)}</dd>
          </>
        )}
      </dl>
      <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{o.description}</p>
      {o.stages && o.stages.length > 0 && (
        <div>
          <p className="font-medium text-slate-800">{t.stages}</p>
          <ul className="list-inside list-disc text-slate-800">
            {o.stages.map((s, i) => (
              <li key={i}>{t.stage(s.title, String(s.percent))}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-sm text-slate-700">
        {t.sentOn(formatDate(o.createdAt, locale))}
        {o.status === 'created' && o.expiresAt && ` · ${t.validUntil(formatDate(o.expiresAt, locale))}`}
      </p>
      {o.clientComments && <p className="text-slate-800 [overflow-wrap:anywhere]">{t.clientComment(o.clientComments)}</p>}
    </div>
  );
}

interface HiredJobProps {
  project: ProjectDetail;
  panel: ReturnType<typeof useOfferPanel>;
  act: (run: () => Promise<{ message: string }>) => Promise<void>;
  /** A request of the panel is in flight. */
  busy: boolean;
  locale: string;
}

/**
 * After hiring: the client's contact data and the contractor's moves (start, delivery photos,
 * deliver). A move the money does not allow yet (MONEY_GATES) is disabled, with what the client
 * still has to pay next to it — the server's own reason.
 */
function HiredJob({ project: p, panel, act, busy, locale }: HiredJobProps) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const messageBox = useMessageBox();
  // Its own progress and failure (retry or drop it), rather than the panel's shared alert.
  const sending = usePhotoUpload(
    (file, onProgress) => panel.photo.mutateAsync({ file, onProgress }),
    ({ message }) => messageBox.show({ text: message, kind: 'success' }),
  );

  const status = p.status;
  const money = p.money;
  const short = (action: 'start' | 'add_delivery_photo' | 'deliver') => (money ? moneyShortfall(action, money) : 0);
  const amount = (minor: number) => (money ? formatMoney(minor, money.currency, locale) : '');
  const startShort = short('start');
  const photoShort = short('add_delivery_photo');
  const deliverShort = short('deliver');
  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold text-slate-800">{PROJECT_STATUS_LABELS[status]}</p>
      {status === 'assigned' && money && !moneyToBeginHeld(money) && (
        <div className="flex flex-col items-start gap-2">
          <p className="text-slate-800">{t.hired}</p>
          {p.conversationId && (
            <Link to={`/perfil/mensajes?conversation=${p.conversationId}`} className={buttonClasses('secondary')}>
              {projectsWeb.page.conversation}
            </Link>
          )}
        </div>
      )}
      {status === 'delivered' && <p className="text-slate-800">{t.waitingApproval}</p>}
      {status === 'completado' && <p className="text-slate-800">{t.completed}</p>}
      {status === 'disputed' && <p className="text-slate-800">{t.disputed}</p>}
      {p.clientContact && (
        <div className="rounded-lg bg-brand-50 p-4">
          <h3 className="font-bold text-slate-900">{t.clientContact}</h3>
          <p className="text-slate-800">{p.clientContact.name}</p>
          <p className="break-all text-slate-800">{p.clientContact.email}</p>
          <p className="text-slate-800">{p.clientContact.phone ?? projectsWeb.page.noPhone}</p>
        </div>
      )}

      {projectAllows('start', status) && (
        <div className="flex flex-col items-start gap-2">
          <button
            type="button"
            disabled={busy || startShort > 0}
            aria-describedby={startShort > 0 ? `${noteId}-start-why` : undefined}
            onClick={() => void act(() => panel.status.mutateAsync({ to: 'in_progress' }))}
            className={buttonClasses('primary')}
          >
            {t.start}
          </button>
          {startShort > 0 && (
            <p id={`${noteId}-start-why`} className="text-slate-800">
              {projectsI18n.moneyRefused.start(amount(startShort))}
            </p>
          )}
        </div>
      )}

      {(p.deliveryPhotos.length > 0 || projectAllows('add_delivery_photo', status)) && (
        <div className="flex flex-col gap-2">
          <h3 className="font-bold text-slate-900">{t.deliveryPhotos}</h3>
          {p.deliveryPhotos.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {p.deliveryPhotos.map((photo, i) => (
                <li key={photo.id}>
                  <Photo photoId={photo.id} alt={t.deliveryPhotoAlt(i + 1)} sizes="96px" width={96} height={96} fallback="sm" className="size-24 rounded-md object-cover" />
                </li>
              ))}
            </ul>
          )}
          {projectAllows('add_delivery_photo', status) && photoShort > 0 && <p className="text-slate-800">{projectsI18n.moneyRefused.add_delivery_photo(amount(photoShort))}</p>}
          {projectAllows('add_delivery_photo', status) && photoShort === 0 && (
            <div className="flex flex-col gap-2">
              {sending.state && (
                <UploadStatus name={sending.state.file.name} progress={sending.state.progress} error={sending.state.error} onRetry={sending.retry} onRemove={sending.dismiss} />
              )}
              <PhotoPicker
                label={t.addDeliveryPhoto}
                disabled={busy || sending.busy}
                max={Math.max(1, PROJECT_PHOTOS_MAX - p.deliveryPhotos.length)}
                tooMany={projectsI18n.tooManyPhotos(PROJECT_PHOTOS_MAX)}
                onPicked={(files) => sending.start(files)}
              />
            </div>
          )}
        </div>
      )}

      {projectAllows('deliver', status) && (
        <div className="flex flex-col gap-2">
          <Field label={t.deliveryNote}>
            {(c) => <textarea {...c} value={note} onChange={(e) => setNote(e.currentTarget.value)} rows={3} maxLength={1000} className={inputClasses('resize-y')} />}
          </Field>
          <button
            type="button"
            disabled={busy || deliverShort > 0}
            aria-describedby={deliverShort > 0 ? `${noteId}-deliver-why` : undefined}
            onClick={() => void act(() => panel.status.mutateAsync({ to: 'delivered', ...(note.trim() ? { note: note.trim() } : {}) }))}
            className={buttonClasses('primary', 'self-start')}
          >
            {t.deliver}
          </button>
          {deliverShort > 0 && (
            <p id={`${noteId}-deliver-why`} className="text-slate-800">
              {projectsI18n.moneyRefused.deliver(amount(deliverShort))}
            </p>
          )}
        </div>
      )}
      {p.deliveryNote && status !== 'in_progress' && <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{p.deliveryNote}</p>}
    </div>
  );
}
