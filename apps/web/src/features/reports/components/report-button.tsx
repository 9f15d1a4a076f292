import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { reports as t } from '@arreglaya/shared/i18n/reports';
import { buttonClasses } from '@/components/ui/button.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useViewer } from '@/lib/use-viewer.ts';
import type { ReportTarget } from './report-target.ts';

export type { ReportTarget };

const loadForm = () => import('./report-form.tsx');
const ReportForm = lazy(loadForm);

/**
 * "Reportar" on a contractor's public page and under the other person's messages in the chat: for
 * a signed-in client or contractor (not the contractor themself, not a visitor, whose
 * server-rendered page stays as it is). Opens a short form in place (report-form.tsx): a reason
 * from the list and optional details. The sysadmin's queue is /admin/moderacion (decision 027).
 * The form's code is fetched once someone who may report is shown the button, so a visitor's
 * first load does without it and a tap finds it ready.
 */
export function ReportButton({ target }: { target: ReportTarget }) {
  const { user } = useViewer();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const mayReport = !!user && user.role !== 'sysadmin' && !(target.targetKind === 'profile' && user.id === target.contractorId);
  useEffect(() => {
    if (mayReport) void loadForm();
  }, [mayReport]);
  if (!mayReport) return null;
  return (
    <div className={target.targetKind === 'profile' ? 'mt-3' : undefined}>
      <button
        type="button"
        aria-label={target.targetKind === 'message' ? t.messageTitle : undefined}
        aria-expanded={open}
        aria-controls={formId}
        className={buttonClasses('ghost', 'px-2 text-sm')}
        onClick={() => setOpen((v) => !v)}
      >
        {t.button}
      </button>
      {open && (
        <Suspense fallback={<Spinner className="mt-2 size-5" />}>
          <ReportForm target={target} id={formId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
