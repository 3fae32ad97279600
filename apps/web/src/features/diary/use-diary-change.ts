import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/ui/notifications';
import { errorMessage } from '../../lib/api-error';
import { DIARY_ERROR, refreshDiary } from './diary-api';

/**
 * A change to the diary: runs `change`, then refreshes the days it touched (`dates`, or
 * the ones the variables name) and what is computed from them; failures become a toast.
 */
export function useDiaryChange<V, R>(
  change: (variables: V) => Promise<R>,
  dates: (variables: V) => string[],
  options: { success?: string } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (_result, variables) => {
      await refreshDiary(queryClient, ...dates(variables));
      if (options.success) notify.success(options.success);
    },
    onError: (error) => {
      notify.error(errorMessage(error, DIARY_ERROR));
    },
  });
}
