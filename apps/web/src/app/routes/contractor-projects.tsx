import { Link } from 'react-router';
import { contractorProjects as t } from '@arreglaya/shared/i18n/quotes-web';
import { shell } from '@arreglaya/shared/i18n/shell';
import { usePageTitle } from '@/lib/page-title.ts';

const sections = [
  { to: '/profile/trabajos', title: shell.pages.myJobs, text: t.jobsText },
  { to: '/profile/ofertas', title: shell.pages.myQuotes, text: t.quotesText },
  { to: '/projectlist', title: t.findTitle, text: t.findText },
] as const;

/** /profile/proyectos, 'Mis proyectos' of a contractor (the menu's Proyectos): their jobs, their offers and the open projects. */
function ContractorProjectsPage() {
  usePageTitle(shell.pages.myProjects);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{shell.pages.myProjects}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {sections.map((s) => (
          <li key={s.to} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-bold">
              <Link to={s.to} className="text-brand-700 underline-offset-2 hover:underline">
                {s.title}
              </Link>
            </h2>
            <p className="mt-1 text-slate-700">{s.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { ContractorProjectsPage as Component };
