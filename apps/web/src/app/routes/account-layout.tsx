import { useState } from 'react';
import { NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { auth } from '@arreglaya/shared/i18n/auth';
import { contractorMenu } from '@arreglaya/shared/i18n/quotes-web';
import { notices as noticesText } from '@arreglaya/shared/i18n/notices';
import { shell } from '@arreglaya/shared/i18n/shell';
import { formatPhone } from '@arreglaya/shared/format-phone';
import { useViewer } from '@/lib/use-viewer.ts';
import { accountPath, type SessionUser } from '@/lib/session-user.ts';
import { cx } from '@/lib/cx.ts';
import { formatNumber } from '@/lib/format.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { pageHandleOf } from '../route-handle.ts';

const m = auth.accountArea;

interface MenuItem {
  to: string;
  label: string;
  badge?: number;
  /** What the badge says to a screen reader. */
  badgeLabel?: (count: number) => string;
}

/** Spec §2: the client's and the contractor's menus (contractors share some /perfil pages; their Proyectos is /profile/proyectos). */
function menuFor(user: SessionUser): MenuItem[] {
  const messages = { to: '/perfil/mensajes', label: m.messages, badge: user.unreadMessages };
  const notices = { to: '/perfil/avisos', label: shell.pages.notices, badge: user.unreadNotices, badgeLabel: noticesText.unreadSummary };
  if (user.role === 'client') {
    return [
      { to: '/perfil/info', label: m.information },
      { to: '/perfil/seguridad', label: m.security },
      { to: '/perfil/proyectos', label: m.projects },
      messages,
      notices,
      { to: '/perfil/favoritos', label: m.favorites },
      { to: '/perfil/reviews', label: m.reviews },
      { to: '/perfil/notificaciones', label: m.notifications },
      { to: '/perfil/formas-pago', label: m.paymentMethods },
      { to: '/perfil/pagos', label: m.payments },
    ];
  }
  // A sysadmin's work is the console (/admin); their account keeps its own pages only.
  if (user.role === 'sysadmin') {
    return [
      { to: '/profile/info', label: m.information },
      { to: '/perfil/seguridad', label: m.security },
      { to: '/profile/notificaciones', label: m.notifications },
    ];
  }
  return [
    { to: '/profile/info', label: m.information },
    { to: '/perfil/seguridad', label: m.security },
    { to: '/profile/proyectos', label: m.projects },
    { to: '/profile/ofertas', label: contractorMenu.quotes },
    { to: '/profile/trabajos', label: contractorMenu.jobs },
    { to: '/profile/nuevoproyecto', label: contractorMenu.portfolio },
    { to: '/profile/pagos', label: m.earnings },
    messages,
    notices,
    { to: '/perfil/reviews', label: m.reviews },
    { to: '/profile/notificaciones', label: m.notifications },
  ];
}

/**
 * The layout of /perfil/*, /profile/* and /contractor/profile: breadcrumb "Inicio > Cuenta > page",
 * the person's card and the area's menu. The route's loader has already checked the session.
 */
function AccountLayout() {
  const { user } = useViewer();
  const handle = pageHandleOf(useMatches());
  // Below 768 px the page comes first and the menu is folded behind a toggle (issue 46: the ten
  // entries pushed the heading 936 px down and a tap on one looked like nothing happened). The
  // menu belongs to the visit it was opened on: following one of its entries folds it again.
  const { key: visit } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === visit;
  // A phone screen of its own (the messages): the page alone under the header below 768 px.
  const phoneScreen = handle?.phoneScreen === true;
  // Signing out from here empties the session a moment before the route changes.
  if (!user) return null;
  const crumbs = [{ label: shell.breadcrumb.account, to: accountPath(user) }, ...(handle ? [{ label: handle.title }] : [])];

  return (
    <div className={cx('mx-auto max-w-6xl px-4 py-8', phoneScreen && 'max-md:p-0')}>
      <div className={cx(phoneScreen && 'max-md:hidden')}>
        <Breadcrumb items={crumbs} />
      </div>
      <div className={cx('mt-4 grid gap-8 md:grid-cols-[16rem_1fr]', phoneScreen && 'max-md:mt-0')}>
        <aside
          aria-label={m.sidebarLabel}
          className={cx('flex h-fit flex-col gap-6 rounded-xl border border-slate-200 bg-white p-5 max-md:gap-0 max-md:p-2', phoneScreen && 'max-md:hidden')}
        >
          <div className="max-md:hidden">
            <ProfileCard user={user} />
          </div>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="account-menu"
            onClick={() => setMenuOpenOn(menuOpen ? null : visit)}
            className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left font-semibold text-slate-900 hover:bg-brand-50 md:hidden"
          >
            <span>
              {m.menuToggle}
              {handle && <span className="font-normal text-slate-700"> · {handle.title}</span>}
            </span>
            <span aria-hidden="true">{menuOpen ? '▴' : '▾'}</span>
          </button>
          <nav id="account-menu" aria-label={m.menuLabel} className={cx(!menuOpen && 'max-md:hidden', 'max-md:mt-2')}>
            <ul className="flex flex-col gap-1">
              {menuFor(user).map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      cx(
                        'flex min-h-11 items-center justify-between gap-2 rounded-md px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-800',
                        isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700',
                      )
                    }
                  >
                    {item.label}
                    {item.badge !== undefined && item.badge > 0 && (
                      <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-2 py-0.5 text-sm font-bold text-white">
                        <span aria-hidden="true">{formatNumber(item.badge)}</span>
                        <span className="sr-only">{(item.badgeLabel ?? shell.nav.unreadMessages)(item.badge)}</span>
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

function ProfileCard({ user }: { user: SessionUser }) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <Avatar src={user.avatarUrl} size="lg" />
      <p className="text-lg font-bold text-slate-900">{fullName}</p>
      <StarRating value={user.rating} size="lg" />
      <p className="text-slate-700">{user.phone ? formatPhone(user.phone, user.country) : m.noPhone}</p>
      <p className="break-all text-slate-700">{user.email}</p>
    </div>
  );
}

export { AccountLayout as Component };
