import { useState } from 'react';
import type { Currency } from '@arreglaya/shared/domain';
import { formatDay } from '@arreglaya/shared/format-dates';
import { formatMoney } from '@arreglaya/shared/format-money';
import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { buttonClasses } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { useCancelInvitation, useClientInvitation } from '../api.ts';

/**
 * The client's invitation on his project's page (decision 071): to whom, the agreed price, its
 * state, and "Cancelar invitación" while nobody has accepted it. Nothing for a project without one.
 */
export function ClientInvitationCard({ projectId, locale, onChanged }: { projectId: string; locale: string; onChanged: () => Promise<unknown> }) {
  const invitation = useClientInvitation(projectId);
  const cancel = useCancelInvitation(projectId);
  const messageBox = useMessageBox();
  const [confirming, setConfirming] = useState(false);
  const v = invitation.data;
  if (!v) return null;
  return (
    <section aria-labelledby="invitation-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="invitation-heading" className="text-xl font-semibold text-slate-900">
        {ti.client.heading}
      </h2>
      <p className="text-slate-800">{ti.client.to(v.contractorName, v.phoneLast4)}</p>
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        <div>
          <dt className="text-sm text-slate-600">{ti.client.price}</dt>
          <dd className="font-semibold text-slate-900">{formatMoney(v.priceMinor, v.currency as Currency, locale)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{ti.client.state}</dt>
          <dd className="font-semibold text-slate-900">{ti.page.status[v.status]}</dd>
        </div>
      </dl>
      {v.mayCancel && (
        <>
          <p className="text-sm text-slate-700">{ti.client.expires(formatDay(v.expiresAt, locale))}</p>
          <button type="button" onClick={() => setConfirming(true)} className={buttonClasses('secondary', 'w-full sm:w-auto sm:self-start')}>
            {ti.client.cancel}
          </button>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title={ti.client.cancel}
          confirmLabel={ti.client.cancel}
          busyLabel={ti.client.cancelling}
          danger
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const answer = await cancel.mutateAsync(v.id);
            messageBox.show({ text: answer.message, kind: 'success' });
            await onChanged();
          }}
        >
          <p>{ti.client.cancelConfirm}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
