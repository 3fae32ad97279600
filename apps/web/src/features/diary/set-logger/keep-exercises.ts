import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { KEEP_FOODS_DELAY_MS } from '#lib/offline/keep-foods-later';
import { exercisesQuery, recentExercisesQuery } from '#features/diary/diary-api';

/**
 * The exercise library and the recent exercises, read once the diary has been open a while
 * (in idle time, as the foods are: decision 081), so that the device keeps them with the
 * other reads and the picker works at the gym without signal, also on a device where it was
 * never opened. Read already (the library never goes stale), nothing is asked for.
 */
export function useKeepExercisesLater(delayMs = KEEP_FOODS_DELAY_MS): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let idle: number | undefined;
    const timer = setTimeout(() => {
      const read = () => {
        // Without signal they fail here and are read again the next time the diary opens.
        queryClient.query(exercisesQuery).catch(() => undefined);
        queryClient.query(recentExercisesQuery).catch(() => undefined);
      };
      if ('requestIdleCallback' in window)
        idle = window.requestIdleCallback(read, { timeout: 5_000 });
      else read();
    }, delayMs);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [queryClient, delayMs]);
}
