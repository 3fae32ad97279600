import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/ui/notifications';
import { errorMessage } from '../../lib/api-error';
import { DIARY_ERROR, refreshDiary } from './diary-api';

/** How a change is taken back: what the notice says, and the inverse write. */
export interface Undo {
  message: string;
  revert: () => Promise<unknown>;
  /** The days the inverse write touches; the change's own days when left out. */
  dates?: string[];
}

interface DiaryChangeOptions<V, R> {
  success?: string;
  /** A change that offers "Deshacer" in its notice; null when there is nothing to take back. */
  undo?: (result: R, variables: V) => Undo | null;
}

/**
 * A change to the diary: runs `change`, then refreshes the days it touched (`dates`, or
 * the ones the variables name) and what is computed from them; failures become a toast.
 * With `undo`, the notice of success offers "Deshacer", which runs the inverse write.
 */
export function useDiaryChange<V, R>(
  change: (variables: V) => Promise<R>,
  dates: (variables: V) => string[],
  options: DiaryChangeOptions<V, R> = {},
) {
  const queryClient = useQueryClient();
  // A mutation of its own, so the undo still runs once the row that offered it is gone.
  const revert = useMutation({
    mutationFn: (undo: Undo & { dates: string[] }) => undo.revert(),
    onSuccess: async (_result, undo) => {
      await refreshDiary(queryClient, ...undo.dates);
      notify.success('Cambio deshecho');
    },
    onError: (error) => {
      notify.error(errorMessage(error, DIARY_ERROR));
    },
  });
  return useMutation({
    mutationFn: change,
    onSuccess: async (result, variables) => {
      await refreshDiary(queryClient, ...dates(variables));
      const undo = options.undo?.(result, variables);
      if (undo) {
        notify.undoable(undo.message, () => {
          revert.mutate({ ...undo, dates: undo.dates ?? dates(variables) });
        });
      } else if (options.success) {
        notify.success(options.success);
      }
    },
    onError: (error) => {
      notify.error(errorMessage(error, DIARY_ERROR));
    },
  });
}
