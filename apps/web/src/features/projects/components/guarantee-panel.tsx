import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { guarantee as t } from '@arreglaya/shared/i18n/guarantee';
import { claimWindowAfterAutoApproval } from '@arreglaya/shared/guarantee';
import type { ClaimView } from '@arreglaya/shared/schemas/claims';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { ClaimDeadlines, formatDeadline } from '@/components/ui/claim-deadlines.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage, parseOnSend } from '@/lib/form-errors.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { answerClaim, claimKey, useProjectClaim } from '../guarantee.ts';

/** Statuses where the guarantee has something to show: the window to claim, or a claim. */
const SHOWN = ['delivered', 'disputed', 'completado', 'cancelled'] as const;

/**
 * The guarantee on the project page (decision 054), for its client and hired contractor: until
 * when a claim may be opened, or the claim with every deadline's date and time, the reason and the
 * contractor's answer (which the contractor writes, and may change, here until the team decides).
 */
export function GuaranteePanel({ project: p, userId, locale }: { project: ProjectDetail; userId: string; locale: string }) {
  const id = useId();
  const party = p.viewer.isClient || p.viewer.isHiredContractor;
  const claim = useProjectClaim(userId, p.id, party && (SHOWN as readonly string[]).includes(p.status));
  const data = claim.data;
  // Released after an automatic approval without a claim: when the window closed (the server's refusal says the same).
  const closedAt = data && !data.claim && data.autoApprovedAt && p.status === 'completado' ? claimWindowAfterAutoApproval(new Date(data.autoApprovedAt)) : null;
  if (!data || (!data.claim && !data.claimUntil && !closedAt)) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {t.title}
      </h2>
      {!data.claim && data.claimUntil && (
        <p className="text-slate-800">
          {data.autoApprovedAt
            ? t.autoApproved(formatDeadline(data.autoApprovedAt, locale), formatDeadline(data.claimUntil, locale))
            : t.claimUntil(formatDeadline(data.claimUntil, locale))}
        </p>
      )}
      {closedAt && <p className="text-slate-800">{t.refused.windowClosed(formatDeadline(closedAt.toISOString(), locale))}</p>}
      {data.claim && (
        <>
          <div>
            <h3 className="font-medium text-slate-700">{t.reason}</h3>
            <p className="break-words whitespace-pre-line text-slate-900">{data.claim.reason}</p>
          </div>
          <ClaimDeadlines claim={data.claim} locale={locale} />
          {data.claim.answer && !data.canAnswer && (
            <div>
              <h3 className="font-medium text-slate-700">{t.answerTitle}</h3>
              <p className="break-words whitespace-pre-line text-slate-900">{data.claim.answer}</p>
            </div>
          )}
          {data.canAnswer && <AnswerForm projectId={p.id} userId={userId} claim={data.claim} />}
        </>
      )}
      <p>
        <Link to="/garantia" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {t.pageLink}
        </Link>
      </p>
    </section>
  );
}

function AnswerForm({ projectId, userId, claim }: { projectId: string; userId: string; claim: ClaimView }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const sending = useInFlight();
  const [answer, setAnswer] = useState(claim.answer ?? '');
  const ref = useRef<HTMLTextAreaElement>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // In flight from the tap: the form's schema (zod) comes with its first send, not with the
    // project page (decision 070), and the button is busy while it downloads.
    await sending.run(async () => {
      const parsed = await parseOnSend(
        () => import('@arreglaya/shared/schemas/claims').then((m) => m.ClaimAnswerSchema),
        { answer },
        { failure: setFailure, field: setFieldError, focus: () => ref.current?.focus() },
      );
      if (!parsed) return;
      setFailure(null);
      try {
        const saved = await answerClaim(projectId, parsed.answer);
        queryClient.setQueryData(claimKey(userId, projectId), saved);
        messageBox.show({ text: t.answer.sent, kind: 'success' });
      } catch (error) {
        setFailure(errorMessage(error));
      }
    });
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-busy={sending.busy}>
      <Field label={t.answer.label} hint={t.answer.hint} error={fieldError}>
        {(c) => <textarea {...c} ref={ref} value={answer} onChange={(e) => setAnswer(e.target.value)} rows={4} maxLength={2000} required className={inputClasses('resize-y')} />}
      </Field>
      {failure && (
        <p role="alert" className="font-medium text-red-700">
          {failure}
        </p>
      )}
      <div>
        <button type="submit" disabled={sending.busy} className={buttonClasses('primary')}>
          {claim.answer ? t.answer.edit : t.answer.send}
        </button>
      </div>
    </form>
  );
}
