import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddPhoneInput, PhoneStatus, VerifyPhoneInput } from '@arreglaya/shared/schemas/phone';
import { api } from '@/lib/api.ts';
import { notificationChannelsKey } from './notification-channels-api.ts';

// The person's phone number for WhatsApp and SMS (decision 040): its state, a code sent, confirmed, removed.

type Saved = { message: string; phone: PhoneStatus };

export const phoneKeys = { status: (userId: string) => ['phone', userId] as const };
export const phoneQuery = (userId: string) => queryOptions({ queryKey: phoneKeys.status(userId), queryFn: ({ signal }) => api.get<PhoneStatus>('/api/me/phone', signal) });

export function usePhone(userId: string) {
  return useQuery(phoneQuery(userId));
}

/**
 * Each answer carries the number's new state: written into the query, no refetch. Which outside
 * channels can reach the person follows from it (a confirmed or removed number), so the channels'
 * grid asks again at once (issue 46, item 13).
 */
function usePhoneMutation<T>(userId: string, send: (input: T) => Promise<Saved>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ phone }) => {
      queryClient.setQueryData(phoneKeys.status(userId), phone);
      // Not awaited: the confirmation's message does not wait for the grid's answer.
      void queryClient.invalidateQueries({ queryKey: notificationChannelsKey(userId) });
    },
  });
}

export const useSendPhoneCode = (userId: string) => usePhoneMutation(userId, (input: AddPhoneInput) => api.post<Saved>('/api/me/phone', input));
export const useVerifyPhone = (userId: string) => usePhoneMutation(userId, (input: VerifyPhoneInput) => api.post<Saved>('/api/me/phone/verify', input));
export const useRemovePhone = (userId: string) => usePhoneMutation(userId, () => api.delete<Saved>('/api/me/phone'));
