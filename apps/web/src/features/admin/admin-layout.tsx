import { useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { verification } from '@arreglaya/shared/i18n/verification';
import { cx } from '@/lib/cx.ts';

/**
 * The console's sections. Each page owner mounts their page under /admin (router.tsx); the
 * sections not built yet show the shared placeholder.
 */
const ADMIN_SECTIONS = [
  { to: '/admin', label: t.nav.overview, end: true },
  { to: '/admin/personas', label: t.nav.people, end: false },
  { to: '/admin/resenas', label: t.nav.reviews, end: false },
  { to: '/admin/verificaciones', label: verification.admin.nav, end: false },
  { to: '/admin/moderacion', label: t.nav.moderation, end: false },
  { to: '/admin/reclamos', label: t.nav.claims, end: false },
  { to: '/admin/banco', label: t.nav.bank, end: false },
  { to: '/admin/bandejas', label: t.nav.inboxes, end: false },
  { to: '/admin/registro', label: t.nav.logTrail, end: false },
  { to: '/admin/tareas', label: t.nav.jobs, end: false },
  { to: '/admin/campanas', label: t.nav.campaigns, end: false },
] as const;

/**
 * /admin/*: the sysadmin console's shell (docs/decisions/025-sysadmin-console.md). The route's
 * loader lets only sysadmins in. A side menu on wide screens; on a phone the menu folds behind
 * a "Secciones" button (aria-expanded) and closes after each navigation. The current section
 * carries aria-current="page" (NavLink).
 */
function AdminLayout() {
  const menuId = useId();
  const { pathname } = useLocation();
  // Open on the page it was opened on: choosing a section (a new path) folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">{t.title}</p>
      <div className="mt-3 grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label={t.navLabel} className="h-fit rounded-xl border border-slate-200 bg-white p-2 md:p-3">
          <button
            type="button"
            className="flex min-h-11 w-full items-center justify-between rounded-md px-3 font-semibold text-slate-900 hover:bg-brand-50 md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            {t.menuToggle}
            <span aria-hidden="true">{open ? '▴' : '▾'}</span>
          </button>
          <ul id={menuId} className={cx('flex-col gap-1 md:flex', open ? 'mt-1 flex' : 'hidden')}>
            {ADMIN_SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  end={s.end}
                  className={({ isActive }) =>
                    cx(
                      'flex min-h-11 items-center rounded-md px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-800',
                      isActive ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'text-slate-800',
                    )
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export { AdminLayout as Component };
