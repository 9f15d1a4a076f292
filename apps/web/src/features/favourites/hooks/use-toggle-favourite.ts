import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { favouriteKeys, setFavourite } from '../api/favourites-api.ts';

interface Toggle {
  contractorId: string;
  favourite: boolean;
}

/**
 * Adds or removes a favourite optimistically: the heart changes at once, goes back if the
 * server refuses (with its message), and the lists are refreshed afterwards. Calls for one
 * contractor run in order, so a quick add-then-remove ends removed.
 */
export function useToggleFavourite(clientId: string, contractorId: string) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const idsKey = favouriteKeys.ids(clientId);
  return useMutation({
    scope: { id: `favourite:${contractorId}` },
    mutationFn: ({ contractorId, favourite }: Toggle) => setFavourite(contractorId, favourite),
    onMutate: async ({ contractorId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const previous = queryClient.getQueryData<string[]>(idsKey);
      queryClient.setQueryData<string[]>(idsKey, (ids = []) => {
        const others = ids.filter((id) => id !== contractorId);
        return favourite ? [contractorId, ...others] : others;
      });
      return { previous };
    },
    onError: (error, _toggle, context) => {
      queryClient.setQueryData(idsKey, context?.previous);
      messageBox.show({ text: errorMessage(error), kind: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all(clientId) }),
  });
}
