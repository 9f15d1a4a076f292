import type { DirectorySearch } from '@arreglaya/shared/schemas/directory';

// What entry-server.tsx and the pages it renders (service-city-page.ts) share: apart, so that
// neither imports the other (decision 068). entry-server.tsx re-exports them.

/** Where the server reads a page's data: the services the API answers from, as JSON (never over HTTP). */
export interface PageSources {
  /** One page of results (DirectoryPageSchema) for a search (the server checks it against DirectorySearchSchema). */
  searchDirectory(search: DirectorySearch): Promise<string>;
  /** A listed contractor's public page (ContractorPublicProfile), or null. */
  contractorPage(id: string): Promise<string | null>;
  /** Every service and city with listed contractors (ServiceCityStatsSchema). */
  serviceCities(): Promise<string>;
}

/** A page rendered by the server: what goes in #root, in the head and before </body>. */
export interface ServerPage {
  /** Which page (the build writes each one's HTML template, with its own route chunks preloaded). */
  page: 'search' | 'contractor' | 'service-city';
  status: 200 | 404;
  /** #root's content. */
  html: string;
  /** The query cache the page rendered from, as a JSON data block (escaped: nothing in it can end the element). */
  state: string;
  head: {
    title: string;
    description: string;
    /** Path and query of the canonical URL. */ path: string;
    type?: string;
    /** Path of the og:image. */ imagePath?: string;
    /** The page's language and region (es-CO); es-DO by default. */ locale?: string;
    /** Paths of the same page for other countries (hreflang; decision 066). */ alternates?: readonly { hreflang: string; path: string }[];
  };
  noindex?: boolean;
  /** schema.org JSON-LD blocks for the head, each escaped for a <script> element; URLs start with APP_URL_PLACEHOLDER. */
  jsonLd?: string[];
}
