import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from './form-errors.ts';

interface SubmitOptions<TIn extends FieldValues, TOut> {
  send: (values: TOut) => Promise<{ message: string }>;
  setError: UseFormSetError<TIn>;
  /** Fields the server may name in `error.fields`. */
  fields: readonly Path<TIn>[];
  /** Clears the form once sent (react-hook-form's reset, with any values to keep). */
  onSent: () => void;
}

/**
 * How every visitor form answers: on success the server's Spanish message in the message box
 * and a cleared form; on failure the server's messages under their fields, or in the message box.
 */
export function useSubmitWithMessage<TIn extends FieldValues, TOut>({ send, setError, fields, onSent }: SubmitOptions<TIn, TOut>) {
  const messageBox = useMessageBox();
  return async (values: TOut) => {
    try {
      const { message } = await send(values);
      onSent();
      messageBox.show({ text: message, kind: 'success' });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, fields)) messageBox.show({ text: errorMessage(error), kind: 'error' });
    }
  };
}
