import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchBalance, fetchPaymentMethods, fetchPayoutAccount, paymentKeys } from './payments-api.ts';

// The payment pages' queries (options for hooks and loaders alike); keys carry the person's id.

export const paymentMethodsQuery = (userId: string) => queryOptions({ queryKey: paymentKeys.methods(userId), queryFn: ({ signal }) => fetchPaymentMethods(signal) });
export const balanceQuery = (userId: string) => queryOptions({ queryKey: paymentKeys.balance(userId), queryFn: ({ signal }) => fetchBalance(signal) });
export const payoutAccountQuery = (userId: string) => queryOptions({ queryKey: paymentKeys.payoutAccount(userId), queryFn: ({ signal }) => fetchPayoutAccount(signal) });

export function usePaymentMethods(userId: string | null) {
  return useQuery({ ...paymentMethodsQuery(userId ?? ''), enabled: userId !== null });
}
export function useBalance(userId: string | null) {
  return useQuery({ ...balanceQuery(userId ?? ''), enabled: userId !== null });
}
export function usePayoutAccount(userId: string | null) {
  return useQuery({ ...payoutAccountQuery(userId ?? ''), enabled: userId !== null });
}
