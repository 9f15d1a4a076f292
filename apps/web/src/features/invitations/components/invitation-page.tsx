import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { SERVICE_LABELS, SERVICE_TYPES, type Currency } from '@arreglaya/shared/domain';
import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { JoinInvitationSchema, type InvitationView, type JoinInvitationInput } from '@arreglaya/shared/schemas/invitations';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { authModals } from '@/lib/auth-modals.ts';
import { useCountry } from '@/lib/country.ts';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { useViewer } from '@/lib/use-viewer.ts';
import { useAcceptInvitation, useInvitation, useJoin, useSendJoinCode } from '../api.ts';

const cityName = (key: string | null) => (key ? (COUNTRIES.DO.cities.find((c) => c.key === key)?.name ?? key) : null);

/**
 * /invitacion/<token>: the técnico's page, phone first. Who invites him, the work and the price;
 * then join (name, a code to his phone, services) or, when his number has an account, sign in;
 * then accept. Opening it changes nothing: the token is the authority, each step a button.
 */
export function InvitationPage({ token }: { token: string }) {
  const { user } = useViewer();
  const invitation = useInvitation(token, user?.id ?? null);
  const accept = useAcceptInvitation(token);
  const inFlight = useInFlight();
  const { locale } = useCountry();
  const location = useLocation();

  if (invitation.isPending) return <PageSpinner />;
  if (invitation.isError)
    return (
      <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
        {errorMessage(invitation.error)}
      </p>
    );
  const v = invitation.data;
  const open = v.status === 'sent' || v.status === 'joined';

  return (
    <div className="flex flex-col gap-6">
      <JobCard view={v} locale={locale} />
      {accept.isSuccess ? (
        <div className="flex flex-col items-start gap-4">
          <p role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 p-4 font-medium text-green-900">
            {accept.data.message}
          </p>
          <Link to={`/proyectos/${accept.data.projectId}`} className={buttonClasses('primary', 'w-full sm:w-auto')}>
            {ti.page.openJob}
          </Link>
        </div>
      ) : !open ? (
        <p role="status" className="rounded-md border-l-4 border-brand-700 bg-brand-50 p-4 text-brand-900">
          {v.status === 'cancelled' ? ti.errors.cancelled : ti.page.status[v.status]}
        </p>
      ) : v.mayAccept ? (
        <div className="flex flex-col gap-3">
          {user && <p className="text-slate-700">{ti.page.signedInAs(user.firstName)}</p>}
          {accept.isError && (
            <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900">
              {errorMessage(accept.error)}
            </p>
          )}
          <button
            type="button"
            disabled={inFlight.busy}
            aria-busy={inFlight.busy}
            onClick={() => void inFlight.send(accept, undefined)}
            className={buttonClasses('accent', 'w-full sm:w-auto')}
          >
            <BusyLabel busy={inFlight.busy}>{ti.page.accept}</BusyLabel>
          </button>
        </div>
      ) : v.accountExists ? (
        <section aria-labelledby="invitation-sign-in" className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <h2 id="invitation-sign-in" className="text-lg font-semibold text-brand-950">
            {ti.page.signInHeading}
          </h2>
          <p className="text-brand-900">{ti.page.signInText}</p>
          <button type="button" onClick={() => authModals.openSignIn({ redirectTo: location.pathname })} className={buttonClasses('primary', 'w-full sm:w-auto')}>
            {ti.page.signIn}
          </button>
        </section>
      ) : (
        <JoinForm token={token} />
      )}
    </div>
  );
}

function JobCard({ view: v, locale }: { view: InvitationView; locale: string }) {
  const city = cityName(v.project.city);
  return (
    <section aria-labelledby="invitation-work" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-lg text-slate-800">{ti.page.invitedBy(v.clientName)}</p>
      <h2 id="invitation-work" className="text-xl font-semibold break-words text-slate-900">
        {v.project.title}
      </h2>
      <p className="break-words whitespace-pre-line text-slate-700">{v.project.description}</p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">{ti.page.price}</dt>
          <dd className="text-2xl font-bold text-slate-900">{formatMoney(v.priceMinor, v.currency as Currency, locale)}</dd>
        </div>
        {city && (
          <div>
            <dt className="text-sm text-slate-600">{ti.page.place}</dt>
            <dd className="text-slate-900">{city}</dd>
          </div>
        )}
        <div>
          <dt className="text-sm text-slate-600">{ti.page.startDate}</dt>
          <dd className="text-slate-900">{formatDate(`${v.project.startDate}T12:00:00Z`, locale)}</dd>
        </div>
      </dl>
      <p className="rounded-md bg-green-50 p-3 text-green-900">{ti.page.protection}</p>
    </section>
  );
}

function JoinForm({ token }: { token: string }) {
  const sendCode = useSendJoinCode(token);
  const join = useJoin(token);
  const codeFlight = useInFlight();
  const joinFlight = useInFlight();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<JoinInvitationInput, unknown, JoinInvitationInput>({
    resolver: zodResolver(JoinInvitationSchema),
    defaultValues: { name: '', code: '', services: [] },
  });
  const servicesError = errors.services?.message ?? errors.services?.root?.message;

  const submit = async (values: JoinInvitationInput) => {
    setFailure(null);
    try {
      await join.mutateAsync(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['name', 'code', 'services'])) setFailure(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={joinFlight.submit(handleSubmit(submit))} aria-labelledby="invitation-join" className="flex flex-col gap-4">
      <h2 id="invitation-join" className="text-xl font-semibold text-slate-900">
        {ti.page.joinHeading}
      </h2>
      <Field label={ti.page.name} error={errors.name?.message}>
        {(c) => <input {...c} {...register('name')} autoComplete="name" maxLength={100} className={inputClasses()} />}
      </Field>
      <div className="flex flex-col gap-2">
        <button
          type="button"
          disabled={codeFlight.busy || sendCode.isSuccess}
          aria-busy={codeFlight.busy}
          onClick={() => void codeFlight.send(sendCode, undefined)}
          className={buttonClasses('secondary', 'w-full sm:w-auto sm:self-start')}
        >
          <BusyLabel busy={codeFlight.busy}>{ti.page.sendCode}</BusyLabel>
        </button>
        <div role="status">{sendCode.isSuccess && <p className="text-green-900">{sendCode.data.message}</p>}</div>
        {sendCode.isError && (
          <p role="alert" className="font-medium text-red-700">
            {errorMessage(sendCode.error)}
          </p>
        )}
      </div>
      <Field label={ti.page.code} error={errors.code?.message}>
        {(c) => <input {...c} {...register('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={inputClasses('tracking-widest')} />}
      </Field>
      <fieldset aria-describedby={servicesError ? 'join-services-error' : 'join-services-hint'} className="flex min-w-0 flex-col gap-2">
        <legend className="font-medium text-slate-800">{ti.page.services}</legend>
        <p id="join-services-hint" className="text-sm text-slate-600">
          {ti.page.servicesHint}
        </p>
        <ul className="grid gap-1 sm:grid-cols-2">
          {SERVICE_TYPES.map((service) => (
            <li key={service}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-brand-50">
                <input type="checkbox" value={service} {...register('services')} className="size-5 accent-brand-700" />
                <span className="text-slate-800">{SERVICE_LABELS[service]}</span>
              </label>
            </li>
          ))}
        </ul>
        {servicesError && (
          <p id="join-services-error" className="text-sm font-medium text-red-700">
            {servicesError}
          </p>
        )}
      </fieldset>
      <p className="text-sm text-slate-600">{ti.page.laterNote}</p>
      <div role="alert" className={failure ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900' : undefined}>
        {failure}
      </div>
      <button type="submit" disabled={joinFlight.busy} aria-busy={joinFlight.busy} className={buttonClasses('primary', 'w-full sm:w-auto sm:self-start')}>
        <BusyLabel busy={joinFlight.busy}>{ti.page.join}</BusyLabel>
      </button>
    </form>
  );
}
