import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showUp } from '@arreglaya/shared/i18n/show-up';
import type { PausedContractor } from '@arreglaya/shared/schemas/show-up';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { api } from '@/lib/api.ts';
import { useCountry } from '@/lib/country.ts';
import { formatDate } from '@/lib/format.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

const t = showUp.console;
const pausedKey = ['admin', 'paused-contractors'] as const;

/**
 * The console's alert of contractors paused after three late cancellations or no-shows in 90 days
 * (decision 057), each with the events that paused them and "Quitar pausa". Nothing when none is.
 */
export function PausedContractors() {
  const paused = useQuery({
    queryKey: pausedKey,
    queryFn: ({ signal }) => api.get<{ items: PausedContractor[] }>('/api/admin/paused-contractors', signal),
    staleTime: 30_000,
  });
  const items = paused.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="admin-paused" role="alert" className="flex flex-col gap-3 rounded-xl border border-red-700/40 bg-red-50 p-4">
      <h2 id="admin-paused" className="text-xl font-bold text-red-900">
        {t.pausedList}
      </h2>
      <ul className="flex flex-col gap-4">
        {items.map((p) => (
          <PausedItem key={p.id} contractor={p} />
        ))}
      </ul>
    </section>
  );
}

function PausedItem({ contractor: p }: { contractor: PausedContractor }) {
  const { locale } = useCountry();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const sending = useInFlight();
  const [failure, setFailure] = useState<string | null>(null);
  const lift = useMutation({
    mutationFn: () => api.post<{ message: string }>(`/api/admin/people/${encodeURIComponent(p.id)}/unpause`, undefined),
    onSuccess: async ({ message }) => {
      messageBox.show({ text: message, kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: pausedKey });
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  return (
    <li className="flex flex-col gap-2">
      <Link to={`/admin/personas/${p.id}`} className="font-semibold text-brand-800 underline">
        {p.name}
      </Link>
      <p className="text-slate-900">{t.pausedAlert(formatDate(p.pausedAt, locale))}</p>
      <p className="font-medium text-slate-900">{t.events}</p>
      <ul className="flex flex-col gap-1 text-slate-800">
        {p.events.map((e) => (
          <li key={e.projectId}>
            {t.kind[e.kind]} · {formatDate(e.at, locale)} · {e.projectTitle}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => void sending.send(lift, undefined)} disabled={sending.busy} className={buttonClasses('secondary', 'w-full sm:w-fit')}>
        <BusyLabel busy={sending.busy}>{sending.busy ? t.unpausing : t.unpause}</BusyLabel>
      </button>
      {failure && (
        <p role="alert" className="font-semibold text-red-800">
          {failure}
        </p>
      )}
    </li>
  );
}
