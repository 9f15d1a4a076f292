import { Link } from 'react-router';
import { DEFAULT_COUNTRY } from '@arreglaya/shared/countries';
import { serviceCity as t } from '@arreglaya/shared/i18n/service-city';
import { LANDING_SERVICES, serviceCitiesOf, serviceCityPath } from '@arreglaya/shared/service-city';

/** The landing's "Servicios por ciudad": links to the service-and-city pages of the Dominican Republic's cities. */
export function ServiceCityLinks() {
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {serviceCitiesOf(DEFAULT_COUNTRY).map((city) => (
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
