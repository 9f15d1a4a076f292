// Every path of the web app (spec §2). The server answers 404 (with the app's
// not-found page) for a path that matches none of these; the router declares them all.
export const APP_ROUTE_PATTERNS = [
  '/',
  '/busqueda',
  '/servicios/:service/:city',
  '/projectlist',
  '/proyectos/:id',
  '/oferta/confirmar/:token',
  '/invitacion/:token',
  '/invitar-tecnico',
  '/nuevoproyecto',
  '/contactus',
  '/comoclientes',
  '/comocontratistas',
  '/comoferreterias',
  '/ayuda',
  '/terminos',
  '/garantia',
  '/privacidad',
  '/olvide',
  '/signout',
  '/login',
  '/booking',
  '/helper',
  // Not '/testpad': outside development it is an unknown path, the not-found page with 404
  // (docs/spec-decisions.md); the development build's placeholder is served by Vite, not by us.
  '/aprendamas',
  '/comenta',
  '/notfound',
  '/perfil',
  '/perfil/info',
  '/perfil/seguridad',
  '/perfil/proyectos',
  '/perfil/mensajes',
  '/perfil/avisos',
  '/perfil/favoritos',
  '/perfil/reviews',
  '/perfil/notificaciones',
  '/perfil/formas-pago',
  '/perfil/pagos',
  '/profile',
  '/profile/info',
  '/profile/notificaciones',
  '/profile/nuevoproyecto',
  '/profile/proyectos',
  '/profile/ofertas',
  '/profile/trabajos',
  '/profile/pagos',
  '/contractor/profile',
  '/contractors/:id',
  '/admin',
  '/admin/personas',
  '/admin/personas/:id',
  '/admin/resenas',
  '/admin/verificaciones',
  '/admin/moderacion',
  '/admin/reclamos',
  '/admin/bandejas',
  '/admin/reclamos/:projectId',
  '/admin/banco',
  '/admin/registro',
  '/admin/tareas',
  '/admin/campanas',
] as const;

/** True when `path` matches one of the app's route patterns (':param' = one segment). */
export function isAppPath(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return APP_ROUTE_PATTERNS.some((pattern) => {
    const re = new RegExp('^' + pattern.replace(/:[^/]+/g, '[^/]+') + '$');
    return re.test(clean);
  });
}

/**
 * The project page's sections a link may lead to (`/proyectos/:id#ofertas`): the page scrolls to
 * the one named once the project has loaded. Notices, mails and the client's project tiles use
 * these, so a notice opens where its person acts (issue 46), not 2,000 px above it.
 */
export const PROJECT_SECTIONS = {
  /** The client's offers (OffersPanel). */
  offers: 'ofertas',
  /** The hired contractor's own offer and job (ContractorQuotePanel). */
  myOffer: 'mi-oferta',
  /** Approve or claim a delivered job (AfterDelivery). */
  work: 'trabajo',
  /** The review of the other person, once completed (ProjectReviewSection). */
  review: 'comentario',
} as const;

/**
 * The API's session (GET): the web app asks it as it mounts, and the shell's head preloads it
 * (`<link rel="preload" as="fetch" crossorigin>`, scripts/web/prerender.ts) so it is asked with
 * the HTML's first bytes rather than behind the app's code (decision 070).
 */
export const SESSION_PATH = '/api/auth/session';
