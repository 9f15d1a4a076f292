import { Link } from 'react-router';
import { serviceCity as t } from '@arreglaya/shared/i18n/service-city';
import { LANDING_SERVICES, serviceCitiesOf, serviceCityPath } from '@arreglaya/shared/service-city';
import { useCountry } from '@/lib/country.ts';

/**
 * The landing's "Servicios por ciudad": links to the service-and-city pages of the chosen
 * country's cities (footer picker; the server renders the default country's, decision 066).
 */
export function ServiceCityLinks() {
  const { code } = useCountry();
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {serviceCitiesOf(code).map((city) => (
        <div key={city.key}>
          <h3 className="font-semibold text-slate-900">{t.landingCity(city.name)}</h3>
          <ul className="mt-2 space-y-1.5">
            {LANDING_SERVICES.map((service) => (
              <li key={service}>
                <Link to={serviceCityPath(service, city.key)} className="inline-block py-0.5 text-brand-700 underline underline-offset-2">
                  {t.trade(service)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
