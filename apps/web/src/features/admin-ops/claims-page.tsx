import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminClaims as t } from '@arreglaya/shared/i18n/admin-ops';
import { QueryState } from '@/components/ui/query-state.tsx';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { adminOpsKeys, fetchClaims } from './api.ts';
import { ClaimBadges } from '@/components/ui/claim-deadlines.tsx';
import { WarrantyClaimsSection } from './warranty-claims.tsx';

/** /admin/reclamos: the open claims (disputed projects), oldest first. Sysadmins only (router). */
export function ClaimsPage() {
  usePageTitle(t.title);
  const claims = useQuery({ queryKey: adminOpsKeys.claims, queryFn: ({ signal }) => fetchClaims(signal) });
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <QueryState query={claims} isEmpty={(d) => d.length === 0} empty={t.empty} errorMessage={t.loadError}>
        {(data) => (
          <ul aria-label={t.listLabel} className="flex flex-col gap-3">
            {data.map((c) => (
              <li key={c.projectId} className="rounded-xl border border-slate-200 bg-white p-4">
                <Link to={`/admin/reclamos/${c.projectId}`} aria-label={t.open(c.title)} className="text-lg font-semibold text-brand-700 underline">
                  {c.title}
                </Link>
                <ClaimBadges claim={c.claim} />
                <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="inline font-medium text-slate-700">{t.client}: </dt>
                    <dd className="inline text-slate-900">{c.clientName}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-700">{t.contractor}: </dt>
                    <dd className="inline text-slate-900">{c.contractorName}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-700">{t.held}: </dt>
                    <dd className="inline font-semibold text-slate-900">{formatMoney(c.heldMinor, c.currency)}</dd>
                  </div>
                  {c.disputedAt && (
                    <div>
                      <dt className="inline font-medium text-slate-700">{t.openedAt}: </dt>
                      <dd className="inline text-slate-900">{formatDate(c.disputedAt)}</dd>
                    </div>
                  )}
                  {c.claimReason && (
                    <div className="sm:col-span-2">
                      <dt className="inline font-medium text-slate-700">{t.reason}: </dt>
                      <dd className="inline break-words text-slate-900">{c.claimReason}</dd>
                    </div>
                  )}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <WarrantyClaimsSection />
    </div>
  );
}

export { ClaimsPage as Component };
