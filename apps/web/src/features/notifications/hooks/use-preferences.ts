import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPreferences, notificationKeys, savePreferences } from '../api/notifications-api.ts';

export function usePreferences(userId: string) {
  return useQuery({ queryKey: notificationKeys.prefs(userId), queryFn: ({ signal }) => fetchPreferences(signal) });
}

export function useSavePreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: ({ preferences }) => queryClient.setQueryData(notificationKeys.prefs(userId), preferences),
  });
}
