import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notify } from '#components/ui/notifications';
import { errorMessage } from '#lib/api-error';
import { QUEUED, startOffline, type Written } from '#lib/offline/offline';
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
  /** Shows the change on the day at once, before the API has it (decision 077). */
  show?: (queryClient: QueryClient, variables: V) => void;
}

/**
 * A change to the diary: shown at once (`show`), kept in the outbox and sent (decision 077),
 * then the days it touched (`dates`, or the ones the variables name) and what is computed
 * from them are read again; failures become a toast. With `undo`, the notice of success
 * offers "Deshacer", which runs the inverse write. A change that waits for the network stays
 * shown, marked as pending, and says nothing more until it is sent.
 */
export function useDiaryChange<V, R>(
  change: (variables: V) => Promise<Written<R>>,
  dates: (variables: V) => string[],
  options: DiaryChangeOptions<V, R> = {},
) {
  const queryClient = useQueryClient();
  // A mutation of its own, so the undo still runs once the row that offered it is gone.
  const revert = useMutation({
    mutationFn: (undo: Undo & { dates: string[] }) => undo.revert(),
    networkMode: 'always',
    onSuccess: async (_result, undo) => {
      await refreshDiary(queryClient, ...undo.dates);
      notify.success('Cambio deshecho');
    },
    onError: (error) => {
      notify.error(errorMessage(error, DIARY_ERROR));
    },
  });
  return useMutation({
    mutationFn: async (variables: V) => {
      await startOffline(queryClient);
      // Shown before it is sent; a read of the day in flight would bring the old day back.
      await Promise.all(
        dates(variables).map((date) => queryClient.cancelQueries({ queryKey: ['diary', date] })),
      );
      options.show?.(queryClient, variables);
      return change(variables);
    },
    // Offline, the change is still made: the outbox keeps it.
    networkMode: 'always',
    onSuccess: async (result, variables) => {
      if (result === QUEUED) return;
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
    onError: async (error, variables) => {
      notify.error(errorMessage(error, DIARY_ERROR));
      // What was shown ahead of the API goes.
      if (options.show) await refreshDiary(queryClient, ...dates(variables));
    },
  });
}
