import { useId, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COUNTRIES, COUNTRY_CODES } from '@arreglaya/shared/countries';
import { adminCampaigns as t } from '@arreglaya/shared/i18n/campaigns';
import { CAMPAIGN_ROLES, CampaignInputSchema, type Campaign, type CampaignAudience, type CampaignForm, type CampaignInput } from '@arreglaya/shared/schemas/campaigns';
import { buttonClasses } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { cx } from '@/lib/cx.ts';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { formatMoment, formatNumber } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { Detail } from './detail.tsx';
import { campaignKeys, createCampaign, fetchAudience, fetchCampaigns, sendCampaign, updateCampaign } from './campaigns-api.ts';

const SENDING_REFRESH_MS = 5000;
const EMPTY: CampaignForm = { subject: '', text: '', roles: ['client'], countries: ['DO'] };
const people = (n: number) => t.people(n, formatNumber(n));

/** /admin/campanas: "Ofertas especiales", the sysadmin's campaigns (decision 041): a draft's form with its live audience, the list, "Enviar" after a confirmation. Sysadmins only (router). */
export function CampaignsPage() {
  usePageTitle(t.title);
  const campaigns = useQuery({
    queryKey: campaignKeys.list,
    queryFn: ({ signal }) => fetchCampaigns(signal),
    // While one is being sent, its state and counts are read again until it shows sent.
    refetchInterval: (query) => (query.state.data?.some((c) => c.state === 'sending') ? SENDING_REFRESH_MS : false),
  });
  const [editing, setEditing] = useState<Campaign | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      {/* A new key per draft edited: the form starts again from that draft's values. */}
      <CampaignEditor key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <section aria-labelledby="campaigns-list-title" className="flex flex-col gap-3">
        <h2 id="campaigns-list-title" className="text-2xl font-semibold text-slate-900">
          {t.list}
        </h2>
        <QueryState query={campaigns} isEmpty={(d: Campaign[]) => d.length === 0} empty={t.empty} errorMessage={t.loadError}>
          {(items) => (
            <ul aria-labelledby="campaigns-list-title" className="flex flex-col gap-3">
              {items.map((c) => (
                <CampaignEntry key={c.id} campaign={c} onEdit={() => setEditing(c)} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}

/** How many people the form's roles and countries reach now (a polite live region). */
function AudienceCount({ control }: { control: Control<CampaignForm> }) {
  const [roles, countries] = useWatch({ control, name: ['roles', 'countries'] });
  const audience = { roles: roles ?? [], countries: countries ?? [] } as CampaignAudience;
  const ready = audience.roles.length > 0 && audience.countries.length > 0;
  const count = useQuery({ queryKey: campaignKeys.audience(audience), queryFn: ({ signal }) => fetchAudience(audience, signal), enabled: ready });
  const text = !ready ? t.audienceNeedsChoice : count.data === undefined ? t.audienceLoading : t.audience(people(count.data));
  return (
    <p aria-live="polite" className="rounded-md bg-brand-50 p-3 font-medium text-slate-900">
      {text}
    </p>
  );
}

function Checkboxes<T extends string>({
  legend,
  name,
  values,
  labels,
  form,
  error,
}: {
  legend: string;
  name: 'roles' | 'countries';
  values: readonly T[];
  labels: (v: T) => string;
  form: ReturnType<typeof useForm<CampaignForm>>;
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1">
      <legend className="font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {values.map((v) => (
          <label key={v} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
            <input type="checkbox" value={v} className="size-5" {...form.register(name)} />
            {labels(v)}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The draft's form: a new campaign, or the draft being edited. */
function CampaignEditor({ editing, onDone }: { editing: Campaign | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const form = useForm<CampaignForm, unknown, CampaignInput>({
    resolver: zodResolver(CampaignInputSchema),
    defaultValues: editing ? { subject: editing.subject, text: editing.text, roles: editing.roles, countries: editing.countries } : EMPTY,
  });
  const save = useMutation({
    mutationFn: (values: CampaignInput) => (editing ? updateCampaign(editing.id, values) : createCampaign(values)),
    onSuccess: async () => {
      messageBox.show({ text: t.saved, kind: 'success' });
      form.reset(EMPTY);
      onDone();
      await queryClient.invalidateQueries({ queryKey: campaignKeys.list });
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, ['subject', 'text', 'roles', 'countries'])) messageBox.show({ text: errorMessage(error), kind: 'error' });
    },
  });
  const inFlight = useInFlight();
  const errors = form.formState.errors;
  return (
    <section aria-labelledby="campaign-form-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="campaign-form-title" className="text-2xl font-semibold text-slate-900">
        {editing ? t.editCampaign : t.newCampaign}
      </h2>
      <form noValidate className="mt-3 flex flex-col gap-4" onSubmit={inFlight.submit(form.handleSubmit((values) => save.mutateAsync(values).catch(() => undefined)))}>
        <Field label={t.subject} error={errors.subject?.message}>
          {(control) => <input {...control} type="text" maxLength={120} className={inputClasses()} {...form.register('subject')} />}
        </Field>
        <Field label={t.text} hint={t.textHint} error={errors.text?.message}>
          {(control) => <textarea {...control} rows={6} maxLength={2000} className={inputClasses('resize-y')} {...form.register('text')} />}
        </Field>
        <Checkboxes legend={t.roles} name="roles" values={CAMPAIGN_ROLES} labels={(r) => t.roleNames[r]} form={form} error={errors.roles?.message} />
        <Checkboxes legend={t.countries} name="countries" values={COUNTRY_CODES} labels={(c) => COUNTRIES[c].name} form={form} error={errors.countries?.message} />
        <AudienceCount control={form.control} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses('primary')} disabled={inFlight.busy} aria-busy={inFlight.busy}>
            <BusyLabel busy={inFlight.busy}>{t.saveDraft}</BusyLabel>
          </button>
          {editing && (
            <button type="button" className={buttonClasses('secondary')} disabled={inFlight.busy} onClick={onDone}>
              {t.cancelEdit}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

const STATE_CLASSES: Record<Campaign['state'], string> = {
  draft: 'bg-slate-100 text-slate-800',
  sending: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
};

function CampaignEntry({ campaign: c, onEdit }: { campaign: Campaign; onEdit: () => void }) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const audience = [...c.roles.map((r) => t.roleNames[r]), ...c.countries.map((code) => COUNTRIES[code].name)].join(', ');
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {c.subject}
        </h3>
        <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', STATE_CLASSES[c.state])}>{t.states[c.state]}</span>
      </div>
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        <Detail label={t.audienceOf} value={audience} />
        <Detail label={t.createdAt} value={formatMoment(c.createdAt, undefined, true)} />
        {c.state === 'sent' && (
          <>
            <Detail label={t.sentAt} value={c.sentAt && formatMoment(c.sentAt, undefined, true)} />
            <Detail label={t.mailed} value={formatNumber(c.mailed)} />
            <Detail label={t.whatsappQueued} value={formatNumber(c.whatsappQueued)} />
          </>
        )}
      </dl>
      <p className="mt-2 line-clamp-3 break-words whitespace-pre-line text-slate-800">{c.text}</p>
      {c.state === 'draft' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonClasses('secondary')} aria-label={t.editLabel(c.subject)} onClick={onEdit}>
            {t.edit}
          </button>
          <button type="button" className={buttonClasses('primary')} aria-label={t.sendLabel(c.subject)} onClick={() => setConfirming(true)}>
            {t.send}
          </button>
        </div>
      )}
      {confirming && <ConfirmSend campaign={c} onClose={() => setConfirming(false)} />}
    </li>
  );
}

/** "¿Enviar esta campaña?": the audience as it stands, then one request (a second tap sends nothing); a refusal stays in the dialog. */
function ConfirmSend({ campaign: c, onClose }: { campaign: Campaign; onClose: () => void }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const count = useQuery({ queryKey: campaignKeys.audience(c), queryFn: ({ signal }) => fetchAudience(c, signal) });
  const send = async () => {
    try {
      const r = await sendCampaign(c.id);
      messageBox.show({ text: r.message, kind: 'success' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: campaignKeys.list });
    }
  };
  const reached = count.data === undefined ? t.confirmAudienceUnknown : people(count.data);
  return (
    <ConfirmDialog title={t.confirmTitle} confirmLabel={t.confirmSend} cancelLabel={t.confirmCancel} onConfirm={send} onClose={onClose}>
      {t.confirmText(c.subject, reached)}
    </ConfirmDialog>
  );
}

export { CampaignsPage as Component };
