import { useEffect } from 'react';
import type { Visit } from '@arreglaya/shared/schemas/site';
import { api } from '@/lib/api.ts';

/** Writes one log-trail entry per visit of an informational page (spec §2); failures are ignored. */
export function useLogVisit(page: Visit['page']): void {
  useEffect(() => {
    api.post('/api/visits', { page } satisfies Visit).catch(() => undefined);
  }, [page]);
}
