import { useEffect } from 'react';
import type { z } from 'zod';
import type { VisitSchema } from '@arreglaya/shared/schemas/site';
import { api } from '@/lib/api.ts';

/** Writes one log-trail entry per visit of an informational page (spec §2); failures are ignored. */
export function useLogVisit(page: z.input<typeof VisitSchema>['page']): void {
  useEffect(() => {
    api.post('/api/visits', { page } satisfies z.input<typeof VisitSchema>).catch(() => undefined);
  }, [page]);
}
