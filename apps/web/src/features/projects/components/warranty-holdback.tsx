import { useId, useState } from 'react';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { WARRANTY_REASON_MAX } from '@arreglaya/shared/form-limits';
import { buttonClasses } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { useOpenWarrantyClaim, useWarranty } from '../warranty.ts';

/**
 * The warranty holdback of a completed project (decision 055), for its client and its hired
 * contractor: the amount, the day it is released, its state, and the client's 'Abrir reclamo de
 * garantía' while the window is open. Nothing when the approval kept nothing back.
 */
export function WarrantyHoldbackSection({ project: p, userId, locale }: { project: ProjectDetail; userId: string; locale: string }) {
  const id = useId();
  const mine = p.viewer.isClient || p.viewer.isHiredContractor;
  const query = useWarranty(userId, p.id, mine && p.status === 'completado');
  const claim = useOpenWarrantyClaim(userId, p.id);
  const messageBox = useMessageBox();
  const [asking, setAsking] = useState(false);
  const h = query.data?.holdback;
  if (!h) return null;
  const amount = formatMoney(h.amountMinor, h.currency, locale);
  const day = formatDate(h.releaseAt, locale);
  const open = h.status === 'held' || h.status === 'claimed';
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {tw.section}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800">
        <dt className="font-medium">{tw.amount}</dt>
        <dd>{amount}</dd>
        <dt className="font-medium">{open ? tw.releaseAt : tw.endedAt}</dt>
        <dd>
          <time dateTime={h.releaseAt}>{day}</time>
        </dd>
        <dt className="font-medium">{tw.state}</dt>
        <dd>{tw.states[h.status]}</dd>
      </dl>
      {h.status === 'held' && <p className="text-slate-700">{p.viewer.isClient ? tw.explainClient(amount, day) : tw.explainContractor(amount, day)}</p>}
      {h.canClaim && (
        <div>
          <button type="button" onClick={() => setAsking(true)} className={buttonClasses('secondary')}>
            {tw.open}
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={tw.open}
          confirmLabel={tw.send}
          cancelLabel={tw.cancel}
          comment={{ label: tw.reasonLabel, maxLength: WARRANTY_REASON_MAX }}
          danger
          onConfirm={async (reason) => {
            const { message } = await claim.mutateAsync(reason ?? '');
            messageBox.show({ text: message, kind: 'success' });
          }}
          onClose={() => setAsking(false)}
        >
          {tw.reasonHint}
        </ConfirmDialog>
      )}
    </section>
  );
}
