import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { directory as t } from '@arreglaya/shared/i18n/directory';
import { shell } from '@arreglaya/shared/i18n/shell';
import type { ContractorPublicProfile, DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { contractorKey } from '../features/directory/hooks/use-contractor.ts';
import { directorySearchKey } from '../features/directory/hooks/use-directory-search.ts';
import { readSearch, writeSearch } from '../features/directory/search-params.ts';
import { PLACES, placeOfField } from '@arreglaya/shared/places';
import { createPlaceIndex } from '@arreglaya/shared/place-index';
import { placeTextAsIs } from '../features/directory/search-params.ts';
import { renderWithPlaces } from '../lib/country-places.ts';
import { OfflinePage } from '../pwa/offline-page.tsx';
import { BootShell } from '../components/layout/site-header-static.tsx';
import type { PageSources, ServerPage } from './page-types.ts';
import { QUERY_STATE_ID, serializeState } from './query-state.ts';
import { renderServiceCity } from './service-city-page.ts';

// Built twice from one source (scripts/web/prerender.ts): `render` prerenders the public pages at
// build time; `renderPage` is imported by the server at run time (apps/server/src/plugins/web-app.ts)
// and renders /busqueda and /contractors/:id per request, with their data (decision 018).

// Every country's places for the server's HTML (a chosen place's label); the browser loads its country's (decision 070).
renderWithPlaces(createPlaceIndex(PLACES));

const handler = createStaticHandler(routes);

/** The page's route, its module loaded (and with it its lazy sections' code: router.tsx's `withLazySections`, decision 070). */
async function routed(url: string): Promise<StaticHandlerContext> {
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status} instead of a page`);
  return context;
}

function html(context: StaticHandlerContext, client?: QueryClient): string {
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}

/** What dist/index.html shows until the app's first page is ready (#root's content; React replaces it). */
export function renderBoot(): string {
  return renderToStaticMarkup(<BootShell />);
}

/** The service worker's offline page (#root's content; no script hydrates it). */
export function renderOffline(): string {
  return renderToStaticMarkup(<OfflinePage />);
}

/** The HTML of one public page as a visitor first sees it (built by scripts/web/prerender.ts). */
export async function render(url: string): Promise<string> {
  return html(await routed(url));
}

export type { PageSources, ServerPage };

/** Pages rendered per request; undefined for any other path (the server sends the shell or a prerendered page). */
export async function renderPage(url: string, sources: PageSources): Promise<ServerPage | undefined> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const isSearch = path === '/busqueda';
  const isServiceCity = path.startsWith('/servicios/');
  if (!isSearch && !isServiceCity && !path.startsWith('/contractors/')) return undefined;
  const context = await routed(url);
  const match = context.matches.at(-1);
  // A fresh cache per request; nothing fetches while rendering on the server.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

  if (isServiceCity) {
    // /servicios/a or /servicios/a/b/c: not one of these pages (the shell and its not-found page).
    if (match?.route.path !== 'servicios/:service/:city') return undefined;
    return renderServiceCity(match.params.service ?? '', match.params.city ?? '', sources, client, () => ({ html: html(context, client), state: stateBlock(client) }));
  }

  if (isSearch) {
    // The API is asked with the place's slug; the page reads the URL's text as it is until its
    // places load in the browser (decision 070), and finds the results under that.
    const search = readSearch(searchParams, (text) => placeOfField(text)?.slug);
    const shown = readSearch(searchParams, placeTextAsIs);
    // A search from the client's own project needs their session: the browser asks for it (decision 042).
    if (!search.proyecto) {
      const results = JSON.parse(await sources.searchDirectory(search)) as DirectoryPage;
      client.setQueryData(directorySearchKey(shown), results);
    }
    const query = writeSearch(search).toString();
    return {
      page: 'search',
      status: 200,
      html: html(context, client),
      state: stateBlock(client),
      head: { title: shell.documentTitle(t.title), description: t.metaDescription, path: query ? `/busqueda?${query}` : '/busqueda' },
    };
  }

  // /contractors/a/b: not a contractor's page (the shell and its not-found page).
  if (match?.route.path !== 'contractors/:id') return undefined;
  const id = match.params.id ?? '';
  const json = await sources.contractorPage(id);
  const profile = json === null ? null : (JSON.parse(json) as ContractorPublicProfile);
  client.setQueryData(contractorKey(id), profile);
  const body = html(context, client);
  const state = stateBlock(client);
  if (!profile) {
    return { page: 'contractor', status: 404, html: body, state, noindex: true, head: { title: shell.documentTitle(t.page.notFoundTitle), description: t.metaDescription, path } };
  }
  const meta = t.page.meta(profile);
  return {
    page: 'contractor',
    status: 200,
    html: body,
    state,
    head: {
      title: shell.documentTitle(meta.title),
      description: meta.description,
      path: `/contractors/${profile.id}`,
      type: 'profile',
      ...(profile.avatarPhotoId ? { imagePath: `/api/photos/${profile.avatarPhotoId}/md` } : {}),
    },
  };
}

function stateBlock(client: QueryClient): string {
  return `<script type="application/json" id="${QUERY_STATE_ID}">${serializeState(dehydrate(client))}</script>`;
}
