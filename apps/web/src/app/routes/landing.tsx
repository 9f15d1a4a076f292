import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { landing as t } from '@arreglaya/shared/i18n/landing';
import { pageMeta, quickBookingSection, testimonials, whyChooseUs } from '@arreglaya/shared/i18n/site-pages';
import { PlaceCombobox } from '@/features/directory/components/place-combobox.tsx';
import { loadPlaceIndex } from '@/lib/country-places.ts';
import { useCountry } from '@/lib/country.ts';
import { serviceCity } from '@arreglaya/shared/i18n/service-city';
import { ServiceCityLinks } from '@/features/directory/components/service-city-links.tsx';
import { ServiceGrid } from '@/features/services/components/service-grid.tsx';
import { usePageMeta } from '@/lib/page-meta.ts';
import { Carousel } from '@/components/ui/carousel.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { SearchIcon } from '@/components/ui/icons.tsx';
import { WhenVisible } from '@/components/ui/when-visible.tsx';
import { HydrateOnView } from '@/components/ui/hydrate-on-view.tsx';

// Kept light on purpose: this chunk is on the first visit's critical path. The quick-booking
// form (react-hook-form + zod) loads when it scrolls near the viewport: it sits at the bottom.
const QuickBookingForm = lazy(() => import('@/features/quick-booking/components/quick-booking-form.tsx').then((m) => ({ default: m.QuickBookingForm })));

function LandingPage() {
  usePageMeta(null, pageMeta.landing.description);
  // The hero (the first screen, with the search) is a Suspense boundary React hydrates right after
  // the layout (decision 018); every other section hydrates when it comes near the viewport or the
  // phone is idle, and a click on one not hydrated yet hydrates it first (decision 046).
  return (
    <>
      <Suspense>
        <Hero />
      </Suspense>
      <HydrateOnView>
        <section id="services" aria-labelledby="services-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14">
          <h2 id="services-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t.servicesTitle}
          </h2>
          <p className="mt-2 text-slate-700">{t.servicesText}</p>
          <ServiceGrid />
        </section>
      </HydrateOnView>
      <HydrateOnView>
        <section id="servicios-por-ciudad" aria-labelledby="service-cities-title" className="below-fold mx-auto max-w-6xl scroll-mt-20 px-4 pb-14">
          <h2 id="service-cities-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {serviceCity.landingTitle}
          </h2>
          <p className="mt-2 text-slate-700">{serviceCity.landingText}</p>
          <ServiceCityLinks />
        </section>
      </HydrateOnView>

      <HydrateOnView>
        <section aria-labelledby="testimonials-title" className="below-fold mx-auto max-w-4xl px-4 pb-14">
          <h2 id="testimonials-title" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
            {testimonials.title}
          </h2>
          <Carousel
            label={testimonials.region}
            intervalMs={5000}
            className="mt-6"
            slides={testimonials.items.map((item) => (
              <figure key={item.name} className="mx-auto min-h-56 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
                <blockquote className="text-lg text-slate-800">“{item.quote}”</blockquote>
                <figcaption className="mt-4 font-semibold text-slate-900">
                  {item.name}
                  <span className="block text-sm font-normal text-slate-700">{item.place}</span>
                </figcaption>
              </figure>
            ))}
          />
        </section>
      </HydrateOnView>

      <HydrateOnView>
        <section id="acercade" aria-labelledby="about-title" className="below-fold scroll-mt-20 bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-14">
            <h2 id="about-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              {t.aboutTitle}
            </h2>
            <p className="mt-4 max-w-3xl text-lg text-slate-700">{t.aboutText}</p>
            <p className="mt-3 max-w-3xl text-lg text-slate-700">{t.aboutProtection}</p>
          </div>
        </section>
      </HydrateOnView>

      <HydrateOnView>
        <section id="servicios" aria-labelledby="how-title" className="below-fold mx-auto max-w-6xl scroll-mt-20 px-4 py-14">
          <h2 id="how-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t.howTitle}
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-3">
            {t.howSteps.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-5">
                <span className="grid size-10 place-items-center rounded-full bg-brand-700 font-bold text-white" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/comoclientes" className="font-semibold text-brand-700 underline underline-offset-2">
              {t.howClients}
            </Link>
            <Link to="/comocontratistas" className="font-semibold text-brand-700 underline underline-offset-2">
              {t.howContractors}
            </Link>
          </div>
        </section>
      </HydrateOnView>

      <HydrateOnView>
        <section aria-labelledby="why-title" className="below-fold mx-auto max-w-4xl px-4 py-14">
          <h2 id="why-title" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
            {whyChooseUs.title}
          </h2>
          <Carousel
            label={whyChooseUs.region}
            intervalMs={2000}
            className="mt-6"
            slides={whyChooseUs.items.map((item) => (
              <div key={item.title} className="mx-auto min-h-40 max-w-2xl rounded-2xl bg-brand-800 p-6 text-center text-white">
                <h3 className="text-xl font-bold">{item.title}</h3>
                <p className="mt-2 text-lg text-brand-50">{item.text}</p>
              </div>
            ))}
          />
        </section>
      </HydrateOnView>

      <HydrateOnView>
        <section id="herramientas" aria-labelledby="tools-title" className="below-fold scroll-mt-20 bg-brand-50">
          <div className="mx-auto max-w-6xl px-4 py-14">
            <h2 id="tools-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              {t.toolsTitle}
            </h2>
            <p className="mt-4 max-w-3xl text-lg text-slate-700">{t.toolsText}</p>
            <Link to="/comoferreterias" className={buttonClasses('secondary', 'mt-6')}>
              {t.toolsLink}
            </Link>
          </div>
        </section>
      </HydrateOnView>
      <HydrateOnView>
        <section id="reserva" aria-labelledby="booking-title" className="below-fold mx-auto max-w-3xl scroll-mt-20 px-4 py-14">
          <h2 id="booking-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {quickBookingSection.title}
          </h2>
          <p className="mt-2 text-slate-700">{quickBookingSection.text}</p>
          <WhenVisible className="mt-6 min-h-96">
            <QuickBookingForm />
          </WhenVisible>
        </section>
      </HydrateOnView>
    </>
  );
}

function Hero() {
  const navigate = useNavigate();
  const inputId = useId();
  const { code: country } = useCountry();

  const [donde, setDonde] = useState<string | undefined>(undefined);

  // The service and the place go to /busqueda; with a place, nearest first (decision 042). Sent
  // before hydration, the form goes there by itself with the same fields (issue 46); once
  // hydrated, the app goes there without a new document. A place typed and not chosen counts
  // when it names one (the country's places, loaded when the field was focused: decision 070).
  const onSearch = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = String(form.get('q') ?? '').trim();
    const typed = String(form.get('donde') ?? '').trim();
    const place = donde ?? (typed ? (await loadPlaceIndex(country).catch(() => undefined))?.placeOfField(typed, country)?.slug : undefined);
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (place) {
      params.set('donde', place);
      params.set('sort', 'distance');
    }
    const query = params.toString();
    void navigate(query ? `/busqueda?${query}` : '/busqueda');
  };

  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h1 className="max-w-3xl text-3xl font-extrabold leading-tight sm:text-5xl">{t.heroTitle}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">{t.heroText}</p>
        <form role="search" action="/busqueda" method="get" onSubmit={(event) => void onSearch(event)} className="mt-8 max-w-3xl">
          {/* Without a place, /busqueda reads 'distance' as its usual order (it has nothing to measure from). */}
          <input type="hidden" name="sort" value="distance" />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <label htmlFor={inputId} className="mb-1 block text-lg font-semibold text-white">
                {t.searchLabel}
              </label>
              <input
                id={inputId}
                name="q"
                type="search"
                autoComplete="off"
                enterKeyHint="search"
                placeholder={t.searchPlaceholder}
                className="min-h-12 w-full rounded-md border-0 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500"
              />
            </div>
            <PlaceCombobox value={donde} onChange={setDonde} name="donde" tone="dark" className="sm:w-64" />
            <button type="submit" className={buttonClasses('accent', 'min-h-12 px-6')}>
              <SearchIcon className="size-5" />
              {t.searchSubmit}
            </button>
          </div>
        </form>
        <Link to="/nuevoproyecto" className="mt-6 inline-block font-semibold text-white underline underline-offset-4 hover:text-accent-100">
          {t.postProject}
        </Link>
      </div>
    </section>
  );
}

export { LandingPage as Component };
