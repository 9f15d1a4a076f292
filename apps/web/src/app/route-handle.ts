/** Static data on a route (`handle`), read by the shared placeholder page and breadcrumbs. */
export interface PageHandle {
  /** The page's name: its h1 and document title. */
  title: string;
  /** Pages the spec itself marks 'Página en construcción' (not owned by a later issue). */
  construction?: boolean;
  /** Account pages show "Inicio > Cuenta > <title>"; this is the Cuenta link for a visitor. */
  account?: '/perfil' | '/profile';
}

export function isPageHandle(value: unknown): value is PageHandle {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';
}
