import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType } from '@arreglaya/shared/domain';
import { services as t } from '@arreglaya/shared/i18n/site-pages';
import { authModals } from '@/lib/auth-modals.ts';
import { formatNumber } from '@/lib/format.ts';
import { useCountry } from '@/lib/country.ts';
import { getServiceCounts } from '../api/get-service-counts.ts';

/**
 * Every service with the number of active contractors offering it in the visitor's country, read live from the API.
 * The links render at once (and in the prerendered HTML); the counts fill in when they arrive. A
 * service nobody offers yet shows no count but an invitation to contractors (decision 058).
 */
export function ServiceGrid() {
  // The chosen country's contractors (footer picker; decision 066).
  const { locale, code } = useCountry();
  const counts = useQuery({ queryKey: ['services', 'counts', code], queryFn: ({ signal }) => getServiceCounts(code, signal), staleTime: 60_000 });
  const byService = new Map<ServiceType, number>(counts.data?.counts.map((c) => [c.service, c.contractors]) ?? []);
  return (
    <ul className="mt-6 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
      {SERVICE_TYPES.map((type) => {
        const n = byService.get(type);
        return (
          <li
            key={type}
            className="flex min-h-14 flex-col justify-center rounded-lg border border-slate-200 bg-white px-4 py-2 shadow-sm transition hover:border-brand-400 hover:bg-brand-50"
          >
            <Link to={`/busqueda?type=${type}`} className="flex flex-col py-1">
              <span className="font-semibold text-brand-800">{SERVICE_LABELS[type]}</span>
              {n !== 0 && (
                <span className="min-h-5 text-sm text-slate-700" data-testid={`count-${type}`}>
                  {n === undefined ? '' : t.contractorCount(n, formatNumber(n, locale))}
                </span>
              )}
            </Link>
            {n === 0 && (
              // Nobody offers it yet: an invitation instead of '0 contratistas' (issue 55).
              <Link
                to="/login"
                onClick={(event) => {
                  event.preventDefault();
                  authModals.openSignUp({ role: 'contractor' });
                }}
                aria-label={t.beFirstFor(SERVICE_LABELS[type])}
                className="inline-block py-1 text-sm font-semibold text-accent-700 underline underline-offset-2 hover:text-accent-800"
              >
                {t.beFirst}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
