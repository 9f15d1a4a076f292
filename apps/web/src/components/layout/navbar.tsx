import { lazy, Suspense, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import type { SessionUser } from '@/lib/session-user.ts';
import { cx } from '@/lib/cx.ts';
import { buttonClasses } from '../ui/button.ts';
import { CloseIcon, MenuIcon } from '../ui/icons.tsx';
import { BRAND_LINK_CLASSES, BrandMark, HEADER_CLASSES, HEADER_ROW_CLASSES } from './site-header-static.tsx';
import { linkClasses } from './nav-link-classes.ts';

const t = shell.nav;
const MENU_ID = 'main-menu';

// What only a signed-in person's header shows (their name, avatar and rating, the bell, the unread
// counts) is a chunk of its own, fetched once the session says someone is signed in: a visitor's
// first load does without it (decision 070). The server renders none of it (the session is not
// known there), so nothing moves when it arrives but what the session's answer moves anyway.
const signedIn = () => import('./navbar-signed-in.tsx');
const UserArea = lazy(() => signedIn().then((m) => ({ default: m.UserArea })));
const SignedInMenuItems = lazy(() => signedIn().then((m) => ({ default: m.SignedInMenuItems })));
const MenuButtonUnread = lazy(() => signedIn().then((m) => ({ default: m.MenuButtonUnread })));

interface NavbarProps {
  user: SessionUser | null;
  /** While the session is being read, the account area stays empty instead of flashing "Iniciar sesión". */
  isLoading?: boolean;
  /** Opens the sign-in dialog; without it "Iniciar sesión" is a plain link to /login. */
  onSignIn?: () => void;
  /** Opens the sign-up dialog with Contratista chosen. */
  onContractorSignUp?: () => void;
  /** Opens the sign-up dialog with Cliente chosen ('Crear cuenta'). */
  onClientSignUp?: () => void;
  /** Called on hover/focus of the sign-in links, to fetch the dialog's code early. */
  onPrepareAuth?: () => void;
}

type AuthHandlers = Pick<NavbarProps, 'onSignIn' | 'onContractorSignUp' | 'onClientSignUp' | 'onPrepareAuth'>;

/** The site header: logo, links by role (spec §2 Navbar), and a menu button under 768 px. */
export function Navbar({ user, isLoading = false, ...authHandlers }: NavbarProps) {
  // The menu belongs to the visit it was opened on (a location's key, new at every navigation),
  // so any navigation closes it without an effect, and coming back to the same path later does
  // not reopen it (issue 46: it reopened after following a notice to the page it was opened on).
  const { key: visit } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === visit;
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Signed-in users have more links, so the general ones need a wider screen to fit in one row.
  const compact = user ? 'wide' : 'narrow';
  const close = () => setOpenOn(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      close();
      toggleRef.current?.focus();
    }
  };

  return (
    <header className={HEADER_CLASSES} onKeyDown={onKeyDown}>
      <div className={HEADER_ROW_CLASSES}>
        <Link to="/" className={BRAND_LINK_CLASSES} aria-label={t.home}>
          <BrandMark />
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className="relative inline-flex size-11 items-center justify-center rounded-md text-brand-800 hover:bg-brand-50 md:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpenOn(open ? null : visit)}
        >
          {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          <span className="sr-only">{open ? t.closeMenu : t.openMenu}</span>
          {user && !open && (
            <Suspense fallback={null}>
              <MenuButtonUnread count={user.unreadMessages} />
            </Suspense>
          )}
        </button>

        <nav
          id={MENU_ID}
          aria-label={t.label}
          className={cx(
            open ? 'flex' : 'hidden',
            // Mobile: a panel under the header. Desktop: one row.
            'absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] flex-col gap-1 overflow-y-auto border-b border-slate-200 bg-white px-4 pb-4 pt-2 shadow-md',
            'md:static md:flex md:max-h-none md:flex-row md:items-center md:gap-2 md:overflow-visible md:border-0 md:bg-transparent md:p-0 md:shadow-none',
          )}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center md:gap-1">
            <NavItem to="/comoclientes" label={t.howItWorks} compact={compact} />
            <NavItem to="/ayuda" label={t.help} compact={compact} />
            <NavItem to="/contactus" label={t.contact} compact={compact} />
            {user?.role === 'client' && (
              <>
                <NavItem to="/nuevoproyecto" label={t.newProject} phoneOnly />
                <NavItem to="/perfil/proyectos" label={t.myProjects} phoneOnly />
                <NavItem to="/busqueda" label={t.searchContractors} />
                <NavItem to="/perfil/favoritos" label={t.favorites} />
              </>
            )}
            {user?.role === 'contractor' && <NavItem to="/projectlist" label={t.selectProject} />}
            {user?.role === 'sysadmin' && <NavItem to="/admin" label={t.admin} />}
            {user && user.role !== 'sysadmin' && (
              <Suspense fallback={null}>
                <SignedInMenuItems user={user} />
              </Suspense>
            )}
          </ul>
          {!isLoading &&
            (user ? (
              <Suspense fallback={null}>
                <UserArea user={user} />
              </Suspense>
            ) : (
              <AnonymousArea {...authHandlers} />
            ))}
        </nav>
      </div>
    </header>
  );
}

const COMPACT_CLASSES = { narrow: 'md:hidden lg:block', wide: 'md:hidden 2xl:block' } as const;

/**
 * Compact items stay in the mobile menu but give their room to the role links on mid-size screens;
 * phone-only items are in the mobile menu alone (wider screens reach them through the page or the account menu).
 */
function NavItem({ to, label, compact, phoneOnly = false }: { to: string; label: string; compact?: keyof typeof COMPACT_CLASSES; phoneOnly?: boolean }) {
  return (
    <li className={cx(compact && COMPACT_CLASSES[compact], phoneOnly && 'md:hidden')}>
      <NavLink to={to} end className={linkClasses}>
        {label}
      </NavLink>
    </li>
  );
}

function AnonymousArea({ onSignIn, onContractorSignUp, onClientSignUp, onPrepareAuth }: AuthHandlers) {
  // Links to /login (which opens the dialog too) so they work before the app's code has run.
  const open = (handler: (() => void) | undefined) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!handler) return;
    event.preventDefault();
    handler();
  };
  return (
    <div className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-3 md:mt-0 md:ml-2 md:flex-row md:items-center md:border-0 md:pt-0">
      <p className="px-3 text-slate-700 md:px-0">
        <span className="md:sr-only 2xl:not-sr-only">{t.contractorPrompt} </span>
        <Link
          to="/login"
          onClick={open(onContractorSignUp)}
          onMouseEnter={onPrepareAuth}
          onFocus={onPrepareAuth}
          className="font-semibold whitespace-nowrap text-accent-700 underline underline-offset-2 hover:text-accent-800"
        >
          {/* One of the two is displayed, and it alone names the link (a hidden one is not read). */}
          <span className="md:hidden xl:inline">{t.register}</span>
          <span className="hidden md:inline xl:hidden">{t.registerShort}</span>
        </Link>
      </p>
      <div className="flex flex-wrap gap-2 px-3 md:ml-2 md:flex-nowrap md:px-0">
        <Link to="/login" onClick={open(onClientSignUp)} onMouseEnter={onPrepareAuth} onFocus={onPrepareAuth} className={buttonClasses('secondary', 'whitespace-nowrap')}>
          {t.createAccount}
        </Link>
        <Link to="/login" onClick={open(onSignIn)} onMouseEnter={onPrepareAuth} onFocus={onPrepareAuth} className={buttonClasses('primary', 'whitespace-nowrap')}>
          {t.signIn}
        </Link>
      </div>
    </div>
  );
}
