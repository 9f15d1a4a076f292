import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { formatNumber } from '@/lib/format.ts';
import { useInvitationCounts } from '../api.ts';

/** The console's card (decision 064): invitations to técnicos sent, joined and funded. Nothing while it loads or fails. */
export function InvitationCountsCard({ locale }: { locale: string }) {
  const counts = useInvitationCounts();
  const data = counts.data;
  if (!data || typeof data.sent !== 'number') return null;
  const items = [
    { label: ti.console.sent, value: data.sent },
    { label: ti.console.joined, value: data.joined },
    { label: ti.console.funded, value: data.funded },
  ];
  return (
    <section aria-labelledby="admin-invitations" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="admin-invitations" className="text-lg font-semibold text-slate-900">
        {ti.console.title}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {items.map((i) => (
          <div key={i.label}>
            <dt className="text-sm text-slate-700">{i.label}</dt>
            <dd className="text-xl font-bold text-slate-900">{formatNumber(i.value, locale)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
