import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import type { ClaimDecisionSchema } from '@arreglaya/shared/schemas/payments';
import type { z } from 'zod';
import type { WarrantyClaimRow } from '@arreglaya/shared/schemas/warranty';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { api } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';

// The open warranty claims (decision 055) on the console's claims page: the holdback is frozen
// until a sysadmin releases it to the contractor, refunds it to the client, or splits it.

const key = ['admin', 'claims', 'warranty'] as const;

export function WarrantyClaimsSection() {
  const id = useId();
  const claims = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<{ items: WarrantyClaimRow[] }>('/api/admin/warranty-claims', signal).then((r) => r.items) });
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900">
        {tw.console.heading}
      </h2>
      <p className="text-slate-700">{tw.console.intro}</p>
      <QueryState query={claims} isEmpty={(d) => d.length === 0} empty={tw.console.empty} errorMessage={tw.console.empty}>
        {(data) => (
          <ul aria-label={tw.console.heading} className="flex flex-col gap-3">
            {data.map((c) => (
              <WarrantyClaimItem key={c.projectId} claim={c} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function WarrantyClaimItem({ claim: c }: { claim: WarrantyClaimRow }) {
  const id = useId();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const [percent, setPercent] = useState('50');
  const [failure, setFailure] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (d: z.input<typeof ClaimDecisionSchema>) => api.post<{ message: string }>(`/api/admin/projects/${c.projectId}/warranty/decision`, d),
    onSuccess: ({ message }) => messageBox.show({ text: message, kind: 'success' }),
    onError: (error) => setFailure(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const send = (d: z.input<typeof ClaimDecisionSchema>) => {
    setFailure(null);
    if (!decide.isPending) decide.mutate(d);
  };
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-lg font-semibold break-words text-slate-900">{c.projectTitle}</p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-slate-700">{tw.console.amount}: </dt>
          <dd className="inline font-semibold text-slate-900">{formatMoney(c.amountMinor, c.currency)}</dd>
        </div>
        {c.claimedAt && (
          <div>
            <dt className="inline font-medium text-slate-700">{tw.console.claimedAt}: </dt>
            <dd className="inline text-slate-900">{formatDate(c.claimedAt)}</dd>
          </div>
        )}
        <div className="sm:col-span-2">
          <dt className="inline font-medium text-slate-700">{tw.console.reason}: </dt>
          <dd className="inline break-words text-slate-900">{c.claimReason}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-end gap-2">
        <button type="button" className={buttonClasses('primary')} disabled={decide.isPending} onClick={() => send({ outcome: 'release' })}>
          {tw.console.release}
        </button>
        <button type="button" className={buttonClasses('secondary')} disabled={decide.isPending} onClick={() => send({ outcome: 'refund' })}>
          {tw.console.refund}
        </button>
        <label htmlFor={`${id}-percent`} className="flex flex-col text-sm font-medium text-slate-700">
          {tw.console.contractorPercent}
          <input
            id={`${id}-percent`}
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            className="mt-1 w-24 rounded-md border border-slate-400 px-2 py-2"
          />
        </label>
        <button type="button" className={buttonClasses('secondary')} disabled={decide.isPending} onClick={() => send({ outcome: 'split', contractorPercent: Number(percent) })}>
          {tw.console.split}
        </button>
      </div>
      {failure && (
        <p role="alert" className="text-red-700">
          {failure}
        </p>
      )}
    </li>
  );
}
