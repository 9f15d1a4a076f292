import { useId, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SERVICE_LABELS, SERVICE_TYPES } from '@arreglaya/shared/domain';
import { landing as t } from '@arreglaya/shared/i18n/landing';
import { usePageTitle } from '@/lib/page-title.ts';
import { buttonClasses } from '@/components/ui/button.ts';
import { SearchIcon } from '@/components/ui/icons.tsx';

// Kept light on purpose: this chunk is on the first visit's critical path. The full landing
// (testimonials, carousels, quick booking) comes in a later issue, lazily below the fold.

function LandingPage() {
  usePageTitle(null);
  return (
    <>
      <Hero />
      <section id="services" aria-labelledby="services-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14">
        <h2 id="services-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t.servicesTitle}
        </h2>
        <p className="mt-2 text-slate-700">{t.servicesText}</p>
        <ul className="mt-6 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {SERVICE_TYPES.map((type) => (
            <li key={type}>
              <Link
                to={`/busqueda?type=${type}`}
                className="flex min-h-14 items-center rounded-lg border border-slate-200 bg-white px-4 py-3 font-semibold text-brand-800 shadow-sm transition hover:border-brand-400 hover:bg-brand-50"
              >
                {SERVICE_LABELS[type]}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="acercade" aria-labelledby="about-title" className="scroll-mt-20 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="about-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t.aboutTitle}
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">{t.aboutText}</p>
          <p className="mt-3 max-w-3xl text-lg text-slate-700">{t.aboutProtection}</p>
        </div>
      </section>

      <section id="servicios" aria-labelledby="how-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14">
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

      <section id="herramientas" aria-labelledby="tools-title" className="scroll-mt-20 bg-brand-50">
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
    </>
  );
}

function Hero() {
  const navigate = useNavigate();
  const inputId = useId();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(q ? `/busqueda?q=${encodeURIComponent(q)}` : '/busqueda');
  };

  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h1 className="max-w-3xl text-3xl font-extrabold leading-tight sm:text-5xl">{t.heroTitle}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">{t.heroText}</p>
        <form role="search" onSubmit={onSearch} className="mt-8 max-w-2xl">
          <label htmlFor={inputId} className="mb-2 block text-lg font-semibold text-white">
            {t.searchLabel}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={inputId}
              name="q"
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              placeholder={t.searchPlaceholder}
              className="min-h-12 w-full flex-1 rounded-md border-0 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500"
            />
            <button type="submit" className={buttonClasses('accent', 'min-h-12 px-6')}>
              <SearchIcon className="size-5" />
              {t.searchSubmit}
            </button>
          </div>
        </form>
        <Link
          to="/nuevoproyecto"
          className="mt-6 inline-block font-semibold text-white underline underline-offset-4 hover:text-accent-100"
        >
          {t.postProject}
        </Link>
      </div>
    </section>
  );
}

export { LandingPage as Component };
