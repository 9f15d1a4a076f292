/** Static data on a route (`handle`), read by the shared placeholder page and breadcrumbs. */
export interface PageHandle {
  /** The page's name: its h1 and document title. */
  title: string;
  /** Pages the spec itself marks 'Página en construcción' (not owned by a later issue). */
  construction?: boolean;
  /** Account pages show "Inicio > Cuenta > <title>"; this is the Cuenta link for a visitor. */
  account?: '/perfil' | '/profile';
  /**
   * Below 768 px the page is a screen of its own, like a phone app's: no breadcrumb, account
   * menu or footer around it, so it can fill the height under the header (/perfil/mensajes).
   */
  phoneScreen?: boolean;
}

/** The handle of the deepest route that has one (the page being shown). */
export function pageHandleOf(matches: readonly { handle: unknown }[]): PageHandle | undefined {
  return matches.map((match) => match.handle).findLast(isPageHandle);
}

export function isPageHandle(value: unknown): value is PageHandle {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';
}
