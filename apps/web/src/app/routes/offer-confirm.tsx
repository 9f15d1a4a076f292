import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { shell } from '@arreglaya/shared/i18n/shell';
import { COMMENT_MAX } from '@arreglaya/shared/schemas/quotes';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { LinkOffer } from '@/features/projects/components/link-offer.tsx';
import { useConfirmQuoteLink, useQuoteLink } from '@/features/projects/quote-link.ts';
import { useCountry } from '@/lib/country.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

/**
 * /oferta/confirmar/:token: where the new-offer mail's 'Aprobar oferta' / 'Rechazar oferta'
 * buttons lead. Opening it changes nothing (mail scanners open links); the person confirms
 * here. Works signed out: the single-use token is the authority.
 */
function OfferConfirmPage() {
  usePageTitle(shell.pages.offerConfirm);
  const { token = '' } = useParams();
  const { locale } = useCountry();
  const { user } = useViewer();
  const link = useQuoteLink(token);
  const confirm = useConfirmQuoteLink(token);
  const [comment, setComment] = useState('');
  const inFlight = useInFlight();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void inFlight.send(confirm, comment.trim() === '' ? undefined : comment.trim());
  };

  if (link.isPending) return <PageSpinner />;
  const data = link.data;
  const o = data?.offer;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Breadcrumb items={[{ label: t.link.title }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t.link.title}</h1>
      {confirm.isSuccess ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <p role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 p-4 font-medium text-green-900">
            {confirm.data.message}
          </p>
          {user?.role === 'client' && data && (
            <Link to={`/proyectos/${data.projectId}`} className={buttonClasses('primary')}>
              {t.link.seeProject}
            </Link>
          )}
        </div>
      ) : !data || !o ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-900">
            {errorMessage(link.error)}
          </p>
          <Link to="/" className={buttonClasses('secondary')}>
            {t.link.home}
          </Link>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-6">
          <p className="text-lg text-slate-800">{t.link.project(data.projectTitle)}</p>
          <LinkOffer offer={o} locale={locale} />
          <form noValidate onSubmit={submit} aria-busy={inFlight.busy} className="flex flex-col gap-4">
            <p className="text-xl font-semibold text-slate-900">{data.question}</p>
            {data.action === 'reject' && (
              <Field label={t.link.comment}>
                {(c) => <textarea {...c} value={comment} onChange={(e) => setComment(e.target.value)} rows={3} maxLength={COMMENT_MAX} className={inputClasses('resize-y')} />}
              </Field>
            )}
            <div role="alert" className={confirm.isError ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900' : undefined}>
              {confirm.isError ? errorMessage(confirm.error) : null}
            </div>
            <div>
              <button type="submit" disabled={inFlight.busy} className={buttonClasses(data.action === 'accept' ? 'primary' : 'secondary')}>
                <BusyLabel busy={inFlight.busy}>{data.action === 'accept' ? t.link.accept : t.link.reject}</BusyLabel>
              </button>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}

export { OfferConfirmPage as Component };
