import { createBrowserRouter, type RouteObject } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import { RootLayout } from './root-layout.tsx';
import { RootError, RouteError } from './route-error.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import type { PageHandle } from './route-handle.ts';

// Every page is a lazy route (its own chunk). Pages owned by later issues share one
// placeholder module that reads its title from the route's handle; each issue replaces its
// `soon(...)` entry with `lazy: () => import('./routes/<page>.tsx')`.
// The list must cover APP_ROUTE_PATTERNS (@arreglaya/shared/routes): the server answers
// 404 for any other path, and e2e/shell.spec.ts visits every pattern.

const p = shell.pages;
const comingSoon = () => import('./routes/coming-soon.tsx');
const notFound = () => import('./routes/not-found.tsx');

function soon(path: string, title: string, extra: Omit<PageHandle, 'title'> = {}): RouteObject {
  return { path, handle: { title, ...extra } satisfies PageHandle, lazy: comingSoon };
}

/** '' and 'info' of an account area are the same view (spec §2). */
function accountIndex(title: string, account: PageHandle['account']): RouteObject[] {
  const handle = { title, account } satisfies PageHandle;
  return [
    { index: true, handle, lazy: comingSoon },
    { path: 'info', handle, lazy: comingSoon },
  ];
}

export const routes: RouteObject[] = [
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
          soon('busqueda', p.search),
          soon('projectlist', p.projectList),
          soon('nuevoproyecto', p.newProject),
          soon('comoclientes', p.howClients),
          soon('comocontratistas', p.howContractors),
          soon('comoferreterias', p.hardwareStores),
          soon('ayuda', p.help),
          soon('terminos', p.terms),
          soon('privacidad', p.privacy),
          soon('olvide', p.forgotPassword),
          soon('signout', p.signOut),
          soon('login', p.login),
          soon('booking', p.booking),
          soon('helper', p.helper),
          soon('testpad', p.testpad),
          soon('aprendamas', p.learnMore, { construction: true }),
          soon('comenta', p.comment, { construction: true }),
          {
            path: 'perfil',
            children: [
              ...accountIndex(p.personalInfo, '/perfil'),
              soon('seguridad', p.security, { account: '/perfil' }),
              soon('proyectos', p.myProjects, { account: '/perfil' }),
              soon('mensajes', p.myMessages, { account: '/perfil' }),
              soon('favoritos', p.myFavorites, { account: '/perfil' }),
              soon('reviews', p.reviews, { account: '/perfil' }),
              soon('notificaciones', p.notifications, { account: '/perfil' }),
              soon('formas-pago', p.paymentMethods, { account: '/perfil' }),
            ],
          },
          {
            path: 'profile',
            children: [
              ...accountIndex(p.personalInfo, '/profile'),
              soon('notificaciones', p.notifications, { account: '/profile' }),
              soon('nuevoproyecto', p.registerProject, { account: '/profile' }),
            ],
          },
          soon('contractor/profile', p.contractorProfile, { account: '/profile' }),
          soon('contractors/:id', p.contractorPublicProfile),
          soon('admin', p.admin),
          { path: 'notfound', lazy: notFound },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
