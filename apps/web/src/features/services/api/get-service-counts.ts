import type { ServiceCounts } from '@arreglaya/shared/schemas/site';
import { api } from '@/lib/api.ts';

export function getServiceCounts(signal?: AbortSignal): Promise<ServiceCounts> {
  return api.get<ServiceCounts>('/api/services/counts', signal);
}
