import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import { adminConsoleNav as a } from '@arreglaya/shared/i18n/admin-console-nav';
import { RootLayout } from './root-layout.tsx';
import { RootError, RouteError } from './route-error.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import type { PageHandle } from './route-handle.ts';
import { openSignInLoader, requireSession } from '@/features/auth/guard.ts';
import { retryLazyRoutes } from '@/lib/lazy-retry.ts';
import { preloadLazySections } from '@/components/ui/lazy-section-code.ts';

// Every page is a lazy route (its own chunk). Pages owned by later issues share one
// placeholder module that reads its title from the route's handle; each issue replaces its
// `soon(...)` entry with `lazy: () => import('./routes/<page>.tsx')`.
// The list must cover APP_ROUTE_PATTERNS (@arreglaya/shared/routes): the server answers
// 404 for any other path, and e2e/shell.spec.ts visits every pattern.

const p = shell.pages;
const comingSoon = () => import('./routes/coming-soon.tsx');
const notFound = () => import('./routes/not-found.tsx');
const accountLayout = () => import('./routes/account-layout.tsx');
const clientProfile = () => import('./routes/client-profile.tsx');
const contractorProfile = () => import('./routes/contractor-profile.tsx');
const notifications = () => import('./routes/notifications.tsx');
const favourites = () => import('./routes/favourites.tsx');

// The page shown before the current navigation (null on the first load): where the protected-area
// guard keeps the person when it cancels a navigation. Only called from loaders, which run after
// createAppRouter (below) has made the router (they await the session first).
let router: ReturnType<typeof createBrowserRouter> | undefined;
function currentPath(): string | null {
  if (!router?.state.initialized) return null;
  const { pathname, search } = router.state.location;
  return pathname + search;
}
const signedIn = requireSession(null, currentPath);
const contractorsOnly = requireSession(['contractor', 'sysadmin'], currentPath);
const sysadminsOnly = requireSession(['sysadmin'], currentPath);
const clientsOnly = requireSession(['client'], currentPath);

function soon(path: string, title: string, extra: Omit<PageHandle, 'title'> = {}): RouteObject {
  return { path, handle: { title, ...extra } satisfies PageHandle, lazy: comingSoon };
}

/** '' and 'info' of an account area are the same view (spec §2). */
function accountIndex(title: string, account: PageHandle['account'], lazy: RouteObject['lazy'], loader?: RouteObject['loader']): RouteObject[] {
  const handle = { title, account } satisfies PageHandle;
  return [
    { index: true, handle, loader, lazy },
    { path: 'info', handle, loader, lazy },
  ];
}

/**
 * A page with lazy sections (components/ui/lazy-section.tsx, decision 070). Rendered by the server
 * (entry-server.tsx's static handler loads the page this way) or by the router in the browser, it
 * comes with their code, so renderToString and a navigation render them whole; hydrating the
 * server's HTML of the first page, their code waits until they are seen or touched.
 */
async function withLazySections<T>(page: Promise<T>): Promise<T> {
  const module = await page;
  const hydrating = typeof document !== 'undefined' && !router?.state.initialized && document.querySelector('#root[data-prerendered="true"]') !== null;
  if (!hydrating) await preloadLazySections();
  return module;
}

// Each page's code download is retried once by itself (lib/lazy-retry.ts).
export const routes: RouteObject[] = retryLazyRoutes([
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RootError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: () => import('./routes/landing.tsx') },
          { path: 'contactus', lazy: () => import('./routes/contact.tsx') },
          { path: 'busqueda', lazy: () => withLazySections(import('./routes/search.tsx')) },
          { path: 'servicios/:service/:city', lazy: () => import('./routes/service-city.tsx') },
          { path: 'projectlist', handle: { title: p.projectList } satisfies PageHandle, lazy: () => import('./routes/project-list.tsx') },
          { path: 'nuevoproyecto', lazy: () => import('./routes/new-project.tsx') },
          { path: 'proyectos/:id', loader: signedIn, lazy: () => import('./routes/project.tsx') },
          { path: 'oferta/confirmar/:token', lazy: () => import('./routes/offer-confirm.tsx') },
          { path: 'invitacion/:token', lazy: () => import('./routes/invitation.tsx') },
          { path: 'invitar-tecnico', loader: signedIn, lazy: () => import('./routes/invite-tecnico.tsx') },
          { path: 'comoclientes', lazy: () => import('./routes/how-clients.tsx') },
          { path: 'comocontratistas', lazy: () => import('./routes/how-contractors.tsx') },
          { path: 'comoferreterias', lazy: () => import('./routes/hardware-stores.tsx') },
          { path: 'ayuda', lazy: () => import('./routes/help.tsx') },
          { path: 'terminos', lazy: () => import('./routes/terms.tsx') },
          { path: 'garantia', lazy: () => import('./routes/guarantee.tsx') },
          { path: 'privacidad', lazy: () => import('./routes/privacy.tsx') },
          { path: 'olvide', lazy: () => import('./routes/forgot-password.tsx') },
          { path: 'signout', lazy: () => import('./routes/sign-out.tsx') },
          // The sign-in dialog over the landing page.
          { path: 'login', loader: openSignInLoader, lazy: () => import('./routes/landing.tsx') },
          // /booking, /helper and /testpad: see docs/spec-decisions.md.
          { path: 'booking', lazy: () => import('./routes/booking.tsx') },
          { path: 'helper', loader: () => redirect('/ayuda') },
          import.meta.env.DEV ? soon('testpad', p.testpad) : { path: 'testpad', lazy: notFound },
          soon('aprendamas', p.learnMore, { construction: true }),
          soon('comenta', p.comment, { construction: true }),
          {
            path: 'perfil',
            loader: signedIn,
            lazy: accountLayout,
            children: [
              // The client's profile; a contractor or a sysadmin goes to their own (their /perfil/* pages are shared).
              ...accountIndex(p.personalInfo, '/perfil', clientProfile, clientsOnly),
              { path: 'seguridad', handle: { title: p.security, account: '/perfil' } satisfies PageHandle, lazy: () => import('./routes/security.tsx') },
              {
                path: 'proyectos',
                loader: requireSession(['client'], currentPath),
                handle: { title: p.myProjects, account: '/perfil' } satisfies PageHandle,
                lazy: () => import('./routes/my-projects.tsx'),
              },
              // Both roles (spec §2): the contractor's menu links here too, and so do the chat's mails.
              {
                path: 'mensajes',
                handle: { title: p.myMessages, account: '/perfil', phoneScreen: true } satisfies PageHandle,
                lazy: () => import('./routes/messages.tsx'),
              },
              // The notification centre (issue 31): every signed-in person's notices; the bell and the phone menu link here.
              { path: 'avisos', handle: { title: p.notices, account: '/perfil' } satisfies PageHandle, lazy: () => import('./routes/notices.tsx') },
              // Favourites are a client feature (spec §6): anyone else goes to their own area.
              {
                path: 'favoritos',
                loader: async (args) => {
                  await clientsOnly(args);
                  return (await favourites()).prefetchFavourites(args);
                },
                handle: { title: p.myFavorites, account: '/perfil' } satisfies PageHandle,
                lazy: favourites,
              },
              {
                path: 'reviews',
                loader: requireSession(['client', 'contractor'], currentPath),
                handle: { title: p.reviews, account: '/perfil' } satisfies PageHandle,
                lazy: () => import('./routes/my-reviews.tsx'),
              },
              { path: 'notificaciones', handle: { title: p.notifications, account: '/perfil' } satisfies PageHandle, lazy: notifications },
              {
                path: 'formas-pago',
                loader: clientsOnly,
                handle: { title: p.paymentMethods, account: '/perfil' } satisfies PageHandle,
                lazy: () => import('./routes/payment-methods.tsx'),
              },
              { path: 'pagos', loader: clientsOnly, handle: { title: p.myPayments, account: '/perfil' } satisfies PageHandle, lazy: () => import('./routes/client-payments.tsx') },
              {
                path: 'pagos/:paymentId/recibo',
                loader: clientsOnly,
                handle: { title: p.myPayments, account: '/perfil' } satisfies PageHandle,
                lazy: () => import('./routes/client-payment-receipt.tsx'),
              },
            ],
          },
          {
            path: 'profile',
            loader: contractorsOnly,
            lazy: accountLayout,
            children: [
              ...accountIndex(p.personalInfo, '/profile', contractorProfile),
              { path: 'notificaciones', handle: { title: p.notifications, account: '/profile' } satisfies PageHandle, lazy: notifications },
              { path: 'nuevoproyecto', handle: { title: p.registerProject, account: '/profile' } satisfies PageHandle, lazy: () => import('./routes/portfolio.tsx') },
              { path: 'proyectos', handle: { title: p.myProjects, account: '/profile' } satisfies PageHandle, lazy: () => import('./routes/contractor-projects.tsx') },
              { path: 'ofertas', handle: { title: p.myQuotes, account: '/profile' } satisfies PageHandle, lazy: () => import('./routes/my-quotes.tsx') },
              { path: 'trabajos', handle: { title: p.myJobs, account: '/profile' } satisfies PageHandle, lazy: () => import('./routes/my-jobs.tsx') },
              { path: 'pagos', handle: { title: p.myBalance, account: '/profile' } satisfies PageHandle, lazy: () => import('./routes/contractor-payments.tsx') },
            ],
          },
          {
            path: 'contractor/profile',
            loader: contractorsOnly,
            lazy: accountLayout,
            children: [{ index: true, handle: { title: p.contractorProfile, account: '/profile' } satisfies PageHandle, lazy: contractorProfile }],
          },
          { path: 'contractors/:id', lazy: () => withLazySections(import('./routes/contractor-page.tsx')) },
          // The sysadmin console (docs/decisions/025-sysadmin-console.md): one layout, its sections as children.
          {
            path: 'admin',
            loader: sysadminsOnly,
            lazy: () => import('@/features/admin/admin-layout.tsx'),
            children: [
              { index: true, handle: { title: a.overview } satisfies PageHandle, lazy: () => import('./routes/admin-overview.tsx') },
              { path: 'personas', handle: { title: a.people } satisfies PageHandle, lazy: () => import('./routes/admin-people.tsx') },
              { path: 'personas/:id', handle: { title: a.people } satisfies PageHandle, lazy: () => import('./routes/admin-person.tsx') },
              { path: 'resenas', handle: { title: a.reviews } satisfies PageHandle, lazy: () => import('./routes/admin-reviews.tsx') },
              {
                path: 'verificaciones',
                handle: { title: a.verifications } satisfies PageHandle,
                lazy: () => import('@/features/verification/verification-queue.tsx'),
              },
              { path: 'moderacion', handle: { title: a.moderation } satisfies PageHandle, lazy: () => import('@/features/admin-ops/moderation-page.tsx') },
              { path: 'reclamos', handle: { title: a.claims } satisfies PageHandle, lazy: () => import('@/features/admin-ops/claims-page.tsx') },
              { path: 'reclamos/:projectId', handle: { title: a.claims } satisfies PageHandle, lazy: () => import('@/features/admin-ops/claim-page.tsx') },
              { path: 'bandejas', handle: { title: a.inboxes } satisfies PageHandle, lazy: () => import('@/features/admin-ops/inbox-page.tsx') },
              { path: 'registro', handle: { title: a.logTrail } satisfies PageHandle, lazy: () => import('@/features/admin-ops/log-page.tsx') },
              { path: 'tareas', handle: { title: a.jobs } satisfies PageHandle, lazy: () => import('@/features/admin-ops/jobs-page.tsx') },
              { path: 'campanas', handle: { title: a.campaigns } satisfies PageHandle, lazy: () => import('@/features/admin-ops/campaigns-page.tsx') },
              { path: 'banco', handle: { title: a.bank } satisfies PageHandle, lazy: () => import('./routes/admin-bank.tsx') },
            ],
          },
          { path: 'notfound', lazy: notFound },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
]);

/**
 * The browser's router, created by main.tsx (prerendering, scripts/web/prerender.ts, imports
 * `routes` in Node, where there is no browser router to create). Creating it matches the URL and
 * starts loading the page's module.
 */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  router = createBrowserRouter(routes);
  return router;
}
