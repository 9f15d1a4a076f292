import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QuoteStatus } from '@arreglaya/shared/lifecycles';
import { fetchMyJobs, fetchMyQuotes, quoteKeys, type JobStatus } from '../api/quotes-api.ts';

export function useMyQuotes(userId: string | null, status: QuoteStatus | null) {
  return useQuery({
    queryKey: quoteKeys.mine(userId ?? '', status),
    queryFn: ({ signal }) => fetchMyQuotes(status, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMyJobs(userId: string | null, status: JobStatus | null) {
  return useQuery({
    queryKey: quoteKeys.jobs(userId ?? '', status),
    queryFn: ({ signal }) => fetchMyJobs(status, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}
