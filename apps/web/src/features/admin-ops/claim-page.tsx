import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminClaims as t } from '@arreglaya/shared/i18n/admin-ops';
import type { AdminClaim } from '@arreglaya/shared/schemas/admin-ops';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { claimShares } from '@arreglaya/shared/lifecycles';
import { CLAIM_OUTCOMES, ClaimDecisionSchema, type ClaimDecision, type ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { formatDate, formatMoney, formatTime } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { ClaimBadges, ClaimDeadlines } from '@/components/ui/claim-deadlines.tsx';
import { guarantee as tg } from '@arreglaya/shared/i18n/guarantee';
import type { ClaimView } from '@arreglaya/shared/schemas/claims';
import { adminOpsKeys, decideClaim, fetchClaimConversation, fetchClaimProject, fetchClaims, photoUrl } from './api.ts';
import { Photo } from '@/components/ui/photo.tsx';

type DecisionInput = z.input<typeof ClaimDecisionSchema>;
const OUTCOME_LABELS: Record<(typeof CLAIM_OUTCOMES)[number], string> = { release: t.decision.release, refund: t.decision.refund, split: t.decision.split };

/** /admin/reclamos/:projectId: one claim, its photos, money and conversation, and the decision. */
export function ClaimPage() {
  const { projectId = '' } = useParams();
  const project = useQuery({ queryKey: adminOpsKeys.project(projectId), queryFn: ({ signal }) => fetchClaimProject(projectId, signal) });
  const claims = useQuery({ queryKey: adminOpsKeys.claims, queryFn: ({ signal }) => fetchClaims(signal) });
  const claim = claims.data?.find((c) => c.projectId === projectId);
  usePageTitle(project.data?.title ?? t.title);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/admin/reclamos" className="text-brand-700 underline">
          {t.back}
        </Link>
        <h1 className="mt-2 text-3xl font-bold break-words text-slate-900">{project.data?.title ?? t.title}</h1>
        {claim && project.data && (
          <p className="mt-1 text-slate-700">
            {t.client}: {claim.clientName} · {t.contractor}: {claim.contractorName}
          </p>
        )}
      </div>
      <QueryState query={project} errorMessage={t.detailError} className="flex flex-col gap-6">
        {(p) => <ClaimDetail projectId={projectId} project={p} claim={claim} />}
      </QueryState>
    </div>
  );
}

function ClaimDetail({ projectId, project: p, claim }: { projectId: string; project: ProjectDetail; claim: AdminClaim | undefined }) {
  const money = p.money;
  return (
    <>
      <section aria-labelledby="claim-project" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="claim-project" className="text-xl font-semibold text-slate-900">
          {t.project}
        </h2>
        <dl className="mt-2 flex flex-col gap-2">
          {claim?.claimReason && (
            <div>
              <dt className="font-medium text-slate-700">{t.reason}</dt>
              <dd className="break-words text-slate-900">{claim.claimReason}</dd>
            </div>
          )}
          <div>
            <dt className="font-medium text-slate-700">{t.description}</dt>
            <dd className="break-words text-slate-900">{p.description}</dd>
          </div>
          {p.deliveryNote && (
            <div>
              <dt className="font-medium text-slate-700">{t.deliveryNote}</dt>
              <dd className="break-words text-slate-900">{p.deliveryNote}</dd>
            </div>
          )}
        </dl>
        <PhotoRow title={t.photos} photos={p.photos} />
        <PhotoRow title={t.deliveryPhotos} photos={p.deliveryPhotos} />
      </section>

      {claim?.claim && <ClaimDeadlinesSection claim={claim.claim} />}

      {money && (
        <section aria-labelledby="claim-money" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="claim-money" className="text-xl font-semibold text-slate-900">
            {t.money}
          </h2>
          <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {(
              [
                [t.price, money.priceMinor],
                [t.funded, money.fundedMinor],
                [t.released, money.releasedMinor],
                [t.refunded, money.refundedMinor],
                [t.held, money.heldMinor],
              ] as const
            ).map(([label, amount]) => (
              <div key={label} className="flex justify-between gap-4 border-b border-slate-100 py-1">
                <dt className="text-slate-700">{label}</dt>
                <dd className="font-semibold text-slate-900">{formatMoney(amount, money.currency)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <Conversation projectId={projectId} />

      {p.status === 'disputed' ? (
        <DecisionForm projectId={projectId} money={money} />
      ) : (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-800">{t.decision.closed}</p>
      )}
    </>
  );
}

function PhotoRow({ title, photos }: { title: string; photos: { id: string }[] }) {
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {photos.length === 0 ? (
        <p className="text-slate-700">{t.noPhotos}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={photoUrl(photo.id, 'lg')} target="_blank" rel="noreferrer">
                <Photo photoId={photo.id} alt={`${title}: ${t.photoAlt(i + 1)}`} sizes="96px" width={96} height={96} fallback="sm" className="size-24 rounded-md object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The two people's messages, read on request: each read is written to the log trail. */
function Conversation({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const conversation = useQuery({ queryKey: adminOpsKeys.conversation(projectId), queryFn: ({ signal }) => fetchClaimConversation(projectId, signal), enabled: open });
  return (
    <section aria-labelledby="claim-conversation" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="claim-conversation" className="text-xl font-semibold text-slate-900">
        {t.conversation}
      </h2>
      <p className="text-sm text-slate-700">{t.conversationNote}</p>
      {!open && (
        <button type="button" className={buttonClasses('secondary', 'mt-3')} onClick={() => setOpen(true)}>
          {t.showConversation}
        </button>
      )}
      {open && (
        <QueryState query={conversation} isEmpty={(c) => c.messages.length === 0} empty={t.noMessages} errorMessage={t.detailError} className="mt-3 flex flex-col gap-3">
          {(c) => (
            <ol aria-label={t.conversation} className="flex flex-col gap-2">
              {c.messages.map((m) => {
                const who =
                  m.from === 'client'
                    ? c.clientName
                    : m.from === 'contractor'
                      ? c.contractorName
                      : m.to
                        ? t.systemTo(m.to === 'client' ? c.clientName : c.contractorName)
                        : t.system;
                return (
                  <li key={m.id} className={m.from === 'system' ? 'rounded-md bg-slate-50 p-2 text-sm' : 'rounded-md border border-slate-200 p-2'}>
                    <p className="text-sm font-semibold text-slate-800">
                      {who} · {formatDate(m.createdAt)} {formatTime(m.createdAt)}
                    </p>
                    {m.subject && <p className="font-medium text-slate-900">{m.subject}</p>}
                    <p className="break-words whitespace-pre-line text-slate-900">{m.hidden ? <em>{t.hiddenMessage}</em> : m.body}</p>
                  </li>
                );
              })}
            </ol>
          )}
        </QueryState>
      )}
    </section>
  );
}

/**
 * The decision moves money and cannot be undone (issue 46): no outcome is chosen for the sysadmin,
 * each outcome says what each side receives (the shared rule the ledger uses), and "Revisar y
 * registrar" asks once more, with the amounts, before anything is sent.
 */
function DecisionForm({ projectId, money }: { projectId: string; money: ProjectMoney | null }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  // One key per filled-in form: a retry after a lost answer never moves the money twice.
  const [key] = useState(() => crypto.randomUUID());
  const [asking, setAsking] = useState<ClaimDecision | null>(null);
  const form = useForm<DecisionInput, unknown, ClaimDecision>({ resolver: zodResolver(ClaimDecisionSchema), defaultValues: { note: '' } });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const percent = useWatch({ control: form.control, name: 'contractorPercent' });
  const decide = useMutation({
    mutationFn: (values: ClaimDecision) => decideClaim(projectId, values, key),
    onSuccess: async (result) => {
      messageBox.show({ text: `${result.message} ${t.decision.decided}`, kind: 'success' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminOpsKeys.project(projectId) }), queryClient.invalidateQueries({ queryKey: adminOpsKeys.claims })]);
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, ['outcome', 'contractorPercent', 'note'])) messageBox.show({ text: errorMessage(error), kind: 'error' });
    },
  });
  const errors = form.formState.errors;
  /** What each side receives with this outcome, in words; null when the split's percent is not given yet. */
  const sharesText = (value: ClaimDecision['outcome'], contractorPercent: number | undefined) => {
    if (!money) return null;
    if (value === 'split' && !(typeof contractorPercent === 'number' && contractorPercent >= 1 && contractorPercent <= 99)) return null;
    const s = claimShares(money.heldMinor, value, contractorPercent, money.feePercent);
    const amount = (minor: number) => formatMoney(minor, money.currency);
    return t.decision.shares(amount(s.toContractorMinor), amount(s.feeMinor), amount(s.toClientMinor));
  };
  return (
    <section aria-labelledby="claim-decision" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="claim-decision" className="text-xl font-semibold text-slate-900">
        {t.decision.title}
      </h2>
      {money && (
        <p className="text-slate-700">
          {t.held}: <strong>{formatMoney(money.heldMinor, money.currency)}</strong>
        </p>
      )}
      <form noValidate className="mt-3 flex flex-col gap-4" onSubmit={form.handleSubmit((values) => setAsking(values))}>
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.outcome ? 'claim-outcome-error' : undefined}>
          <legend className="font-medium text-slate-800">{t.decision.outcome}</legend>
          {CLAIM_OUTCOMES.map((value) => {
            const shares = value === 'split' ? null : sharesText(value, undefined);
            return (
              <label key={value} className="flex min-h-11 items-start gap-2 py-1">
                <input type="radio" value={value} {...form.register('outcome')} className="mt-0.5 size-5 shrink-0" />
                <span className="flex flex-col">
                  <span>{OUTCOME_LABELS[value]}</span>
                  {shares && <span className="text-sm text-slate-700">{shares}</span>}
                </span>
              </label>
            );
          })}
          {errors.outcome?.message && (
            <p id="claim-outcome-error" className="font-medium text-red-700">
              {errors.outcome.message}
            </p>
          )}
        </fieldset>
        {outcome === 'split' && (
          <>
            <Field label={t.decision.percent} hint={t.decision.percentHint} error={errors.contractorPercent?.message}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={99}
                  className={inputClasses('max-w-40')}
                  {...form.register('contractorPercent', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
                />
              )}
            </Field>
            <p aria-live="polite" data-testid="split-shares" className="font-medium text-slate-800">
              {sharesText('split', percent) ?? t.decision.sharesNeedPercent}
            </p>
          </>
        )}
        <Field label={t.decision.note} hint={t.decision.noteHint} error={errors.note?.message}>
          {(control) => <textarea {...control} rows={3} className={inputClasses()} {...form.register('note')} />}
        </Field>
        <div>
          <button type="submit" className={buttonClasses('primary')}>
            {t.decision.review}
          </button>
        </div>
      </form>
      {asking && (
        <ConfirmDialog
          title={t.decision.confirmTitle}
          confirmLabel={t.decision.confirmYes}
          busyLabel={t.decision.submit}
          cancelLabel={t.decision.cancel}
          // The mutation answers either way (the message box once done; the form's fields or the message box on a refusal), then the dialog closes.
          onConfirm={() => decide.mutateAsync(asking).catch(() => undefined)}
          onClose={() => setAsking(null)}
        >
          <p className="font-semibold">{t.decision.confirmOutcome(OUTCOME_LABELS[asking.outcome])}</p>
          <p>{sharesText(asking.outcome, asking.contractorPercent)}</p>
          <p>{t.decision.confirm}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

export { ClaimPage as Component };

/** The claim's deadlines and the contractor's answer (decision 054). */
function ClaimDeadlinesSection({ claim }: { claim: ClaimView }) {
  return (
    <section aria-labelledby="claim-deadlines" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="claim-deadlines" className="text-xl font-semibold text-slate-900">
        {tg.console.deadlines}
      </h2>
      <ClaimBadges claim={claim} />
      <div className="mt-2">
        <ClaimDeadlines claim={claim} />
      </div>
      {claim.answer && (
        <div className="mt-3">
          <h3 className="font-medium text-slate-700">{tg.answerTitle}</h3>
          <p className="break-words whitespace-pre-line text-slate-900">{claim.answer}</p>
        </div>
      )}
    </section>
  );
}
