import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ServiceType } from '@arreglaya/shared/domain';
import { favourites as t } from '@arreglaya/shared/i18n/favourites';
import { FavouritesQuerySchema } from '@arreglaya/shared/schemas/directory';
import { ContactContractorButton } from '@/features/contractor-contact/components/contact-contractor-button.tsx';
import { ContractorCard } from '@/features/directory/components/contractor-card.tsx';
import { FavouriteButton } from '@/features/favourites/components/favourite-button.tsx';
import { ServiceFilter } from '@/features/favourites/components/service-filter.tsx';
import { favouriteIdsQuery, favouritesQuery, useFavourites } from '@/features/favourites/api/favourites-queries.ts';
import { loaderViewer } from '@/features/auth/guard.ts';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { prefetch, queryClient } from '@/lib/query-client.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { buttonClasses } from '@/components/ui/button.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatNumber } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';

/**
 * The cards and the hearts' state arrive with the page (no spinner after the navigation). Not
 * named `loader`: the route's own loader (router.tsx) lets only clients in, then calls this.
 */
export async function prefetchFavourites({ request }: LoaderFunctionArgs) {
  const user = await loaderViewer();
  if (user?.role !== 'client') return null;
  const parsed = FavouritesQuerySchema.safeParse({ service: new URL(request.url).searchParams.get('service') ?? undefined });
  return prefetch(
    queryClient.ensureQueryData(favouritesQuery(user.id, parsed.success ? (parsed.data.service ?? null) : null)),
    queryClient.ensureQueryData(favouriteIdsQuery(user.id)),
  );
}

/** The service filter lives in the URL (?service=), so the back button and a reload keep it. */
function useServiceParam(): [ServiceType | null, (service: ServiceType | null) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = FavouritesQuerySchema.safeParse({ service: params.get('service') ?? undefined });
  const service = parsed.success ? (parsed.data.service ?? null) : null;
  const setService = (next: ServiceType | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('service', next);
      else updated.delete('service');
      return updated;
    });
  return [service, setService];
}

/** /perfil/favoritos ('Mis favoritos', spec §2), inside the account layout; clients only. */
function FavouritesPage() {
  usePageTitle(t.title);
  const { user } = useViewer();
  const [service, setService] = useServiceParam();
  // The route's loader lets only clients in; the session may still be loading on the first paint.
  const clientId = user?.role === 'client' ? user.id : null;
  const favourites = useFavourites(clientId, service);
  const data = favourites.data;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <ServiceFilter value={service} onChange={setService} />
        <p role="status" aria-live="polite" className="font-semibold text-slate-800">
          {data && t.count(data.total, formatNumber(data.total))}
        </p>
      </div>

      {favourites.isPending && (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      )}
      {favourites.isError && !data && <ErrorWithRetry message={t.loadError} onRetry={favourites.refetch} retrying={favourites.isFetching} />}
      {data && data.items.length === 0 && (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed border-slate-400 bg-white p-6">
          <p className="text-slate-800">{service ? t.emptyFiltered : t.empty}</p>
          <Link to={service ? `/busqueda?service=${service}` : '/busqueda'} className={buttonClasses('primary')}>
            {t.searchLink}
          </Link>
        </div>
      )}
      {data && data.items.length > 0 && (
        <ul aria-label={t.listLabel} aria-busy={favourites.isFetching} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {data.items.map((contractor) => (
            <li key={contractor.id}>
              <ContractorCard
                contractor={contractor}
                favourite={<FavouriteButton contractorId={contractor.id} contractorName={contractor.name} />}
                contact={<ContactContractorButton contractor={contractor} />}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { FavouritesPage as Component };
