import { queryOptions } from '@tanstack/react-query';
import { MAX_ROSTER_PAGE_SIZE, MAX_TRAINEES_PER_TRAINER } from '@forja/shared/constants';
import { rosterSchema, type RosterItem } from '@forja/shared/schemas/trainer-workspace';
import { http } from './http';

export type TraineeShares = Pick<RosterItem, 'id' | 'first_name' | 'last_name' | 'shares'>;

/**
 * One of the trainer's trainees with what they share, from the roster (at most three pages
 * of 200), or null when the trainee is not theirs. The tabs of a trainee's file read it
 * first, so that an area not shared says so without asking for it.
 */
export function traineeSharesQuery(traineeId: string) {
  return queryOptions({
    queryKey: ['trainers', 'trainees', traineeId, 'shares'],
    // Read again on every visit: the trainee may have stopped sharing an area meanwhile.
    staleTime: 0,
    queryFn: async (): Promise<TraineeShares | null> => {
      for (let offset = 0; offset < MAX_TRAINEES_PER_TRAINER; offset += MAX_ROSTER_PAGE_SIZE) {
        const page = await http.get('/trainers/trainees/', {
          schema: rosterSchema,
          query: { limit: String(MAX_ROSTER_PAGE_SIZE), offset: String(offset) },
          invalidResponseMessage: 'Ocurrió un error al obtener tus clientes',
        });
        const found = page.items.find((item) => item.id === traineeId.toLowerCase());
        if (found) {
          const { id, first_name, last_name, shares } = found;
          return { id, first_name, last_name, shares };
        }
        if (offset + MAX_ROSTER_PAGE_SIZE >= page.total) break;
      }
      return null;
    },
  });
}
