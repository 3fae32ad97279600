import type { QueryClient } from '@tanstack/react-query';
import {
  trainerClientsScreenSchema,
  type TrainerClientsScreen,
} from '@forja/shared/schemas/screens';
import { trainerUnreadQuery } from '#features/messages/messages-api';
import {
  rosterParams,
  rosterQuery,
  type RosterView,
} from '#features/trainer-clients/trainer-clients-api';
import { http } from '#lib/http';
import { put, readScreen } from './-screen-read';

/**
 * Clientes' one read (decision 115), its parts put in place: the roster's page where its own
 * read keeps it, and the unread messages where the shell's badge and the cards read them.
 * Null when the parts are to be read one by one.
 */
export async function readTrainerClientsScreen(
  queryClient: QueryClient,
  view: RosterView,
): Promise<TrainerClientsScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'trainer-clients', view], () =>
    http.get('/screens/trainer-clients/', {
      schema: trainerClientsScreenSchema,
      query: rosterParams(view),
      invalidResponseMessage: 'Ocurrió un error al obtener tus clientes',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, rosterQuery(view).queryKey, screen.roster, startedAt);
  put(queryClient, trainerUnreadQuery.queryKey, screen.unread_messages, startedAt);
  return screen;
}
