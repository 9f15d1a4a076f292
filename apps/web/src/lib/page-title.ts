import { useEffect } from 'react';
import { shell } from '@arreglaya/shared/i18n/shell';

/**
 * Sets document.title to "<page> · ArreglaYa" while the calling page is shown.
 * Pass `null` for the landing page, which keeps the product's own title.
 */
export function usePageTitle(page: string | null): void {
  useEffect(() => {
    document.title = page === null ? `${shell.productName} · ${shell.tagline}` : shell.documentTitle(page);
  }, [page]);
}
