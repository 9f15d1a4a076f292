import { Link } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';

export interface Crumb {
  label: string;
  /** Omit for the current page (always the last crumb). */
  to?: string;
}

/** "Inicio > ... > current page"; Inicio is always first. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const all: Crumb[] = [{ label: shell.breadcrumb.home, to: '/' }, ...items];
  return (
    <nav aria-label={shell.breadcrumb.label} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className="flex items-center gap-2">
              {index > 0 && (
                <span aria-hidden="true" className="text-slate-500">
                  &gt;
                </span>
              )}
              {last || !crumb.to ? (
                <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-slate-900' : undefined}>
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="text-brand-700 underline-offset-2 hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
