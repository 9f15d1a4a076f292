import { Link } from 'react-router';
import { findCity } from '@arreglaya/shared/countries';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { contractorPage } from '@arreglaya/shared/i18n/contractor-page';
import { serviceCity } from '@arreglaya/shared/i18n/service-city';
import { findServiceCity, serviceCityPath } from '@arreglaya/shared/service-city';
import type { ContractorPublicProfile } from '@arreglaya/shared/schemas/directory';
import { useCountry } from '@/lib/country.ts';
import { formatNumber } from '@/lib/format.ts';
import { formatMonthYear } from '../format.ts';
import { hasTrustFacts, TrustFacts } from './contractor-trust.tsx';
import { ContractorSocialLinks } from './contractor-social-links.tsx';

/**
 * The side column of a contractor's public page: details, trust facts, social links, services and
 * the service-and-city pages of their services in their city (decision 044). A lazy section of
 * the page (contractor-profile.tsx, decision 070): below the reviews on a phone.
 */
export function ContractorAside({ profile: p }: { profile: ContractorPublicProfile }) {
  const { locale } = useCountry();
  const city = p.city ? findCity(p.country, p.city)?.name : undefined;
  const sameHere = p.city ? p.services.flatMap((s) => findServiceCity(s, p.city!) ?? []).filter((place) => place.country === p.country) : [];
  return (
    <aside className="flex flex-col gap-6 rounded-xl bg-brand-50 p-5">
      <section aria-labelledby="contractor-details">
        <h2 id="contractor-details" className="text-lg font-bold text-slate-900">
          {contractorPage.details}
        </h2>
        <dl className="mt-2 flex flex-col gap-3 text-slate-800">
          {city && (
            <div>
              <dt className="font-semibold">{contractorPage.city}</dt>
              <dd>{city}</dd>
            </div>
          )}
          <div>
            <dt className="font-semibold">{contractorPage.memberSince}</dt>
            <dd>{formatMonthYear(p.memberSince, locale)}</dd>
          </div>
          <div>
            <dt className="font-semibold">{contractorPage.completedProjects}</dt>
            <dd>{formatNumber(p.completedProjects, locale)}</dd>
          </div>
        </dl>
        {hasTrustFacts(p) && (
          <ul className="mt-3 flex flex-col gap-1 text-slate-800">
            <TrustFacts contractor={p} locale={locale} />
          </ul>
        )}
      </section>
      <ContractorSocialLinks contractor={p} />
      {p.services.length > 0 && (
        <section aria-labelledby="contractor-services">
          <h2 id="contractor-services" className="text-lg font-bold text-slate-900">
            {contractorPage.services}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {p.services.map((s) => (
              <li key={s} className="rounded-md bg-white px-2 py-0.5 text-slate-800 ring-1 ring-slate-300">
                {SERVICE_LABELS[s]}
              </li>
            ))}
          </ul>
        </section>
      )}
      {sameHere.length > 0 && (
        <section aria-labelledby="contractor-more">
          <h2 id="contractor-more" className="text-lg font-bold text-slate-900">
            {serviceCity.moreLikeThisTitle}
          </h2>
          <ul className="mt-2 space-y-1.5">
            {sameHere.map(({ service, city: place }) => (
              <li key={service}>
                <Link to={serviceCityPath(service, place.key)} className="inline-block py-0.5 text-brand-700 underline underline-offset-2">
                  {serviceCity.moreLikeThis(service, place.name)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
