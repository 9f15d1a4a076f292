import { useMutation } from '@tanstack/react-query';
import { subscribe } from '../api/subscribe.ts';

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
