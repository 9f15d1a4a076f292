import { useMutation } from '@tanstack/react-query';
import { sendContact } from '../api/send-contact.ts';

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
