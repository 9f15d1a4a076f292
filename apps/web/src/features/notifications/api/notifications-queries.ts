import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPreferences, notificationKeys, savePreferences } from './notifications-api.ts';

// The notification preferences' query (options, for hooks and route loaders alike) and hooks, in one place.

export const preferencesQuery = (userId: string) => queryOptions({ queryKey: notificationKeys.prefs(userId), queryFn: ({ signal }) => fetchPreferences(signal) });

export function usePreferences(userId: string) {
  return useQuery(preferencesQuery(userId));
}

export function useSavePreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: ({ preferences }) => queryClient.setQueryData(notificationKeys.prefs(userId), preferences),
  });
}
