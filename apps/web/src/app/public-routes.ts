/**
 * The public pages' route modules (`src/app/routes/<name>.tsx`): prerendered at build time or
 * rendered by the server per request, each under its 150 KB byte budget (decision 070). One list
 * for the build's chunk groups (vite.config.ts: what a public page loads stays out of the signed-in
 * project page's chunk, or every public page would fetch that chunk) and the prerender
 * (scripts/web/prerender.ts stops the build when a page it writes or templates is not here).
 */
export const PUBLIC_ROUTES = ['landing', 'how-clients', 'how-contractors', 'help', 'terms', 'guarantee', 'privacy', 'search', 'contractor-page', 'service-city'] as const;

/** A route's module as the build manifest names it. */
export const routeModule = (name: string): string => `src/app/routes/${name}.tsx`;
