import { useQuery } from '@tanstack/react-query';
import type { ShowUpRecord } from '@arreglaya/shared/schemas/show-up';
import { api } from '@/lib/api.ts';

/** A contractor's public record of showing up (decision 057): GET /api/contractors/:id/record. */
export function useShowUpRecord(contractorId: string) {
  return useQuery({
    queryKey: ['directory', 'contractor', contractorId.toLowerCase(), 'record'] as const,
    queryFn: ({ signal }) => api.get<ShowUpRecord>(`/api/contractors/${encodeURIComponent(contractorId)}/record`, signal),
  });
}
