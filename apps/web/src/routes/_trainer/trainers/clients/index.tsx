import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { trainerUnreadQuery } from '#features/messages/messages-api';
import { rosterQuery } from '#features/trainer-clients/trainer-clients-api';
import { TrainerClientsScreen } from '#features/trainer-clients/trainer-clients-screen';
import { rosterSearch } from '#routes/-roster-search';
import { readTrainerClientsScreen } from '#routes/-trainer-clients-screen';

export const Route = createFileRoute('/_trainer/trainers/clients/')({
  validateSearch: rosterSearch,
  // The router hands on unknown values of the address beside the checked ones: check again.
  loaderDeps: ({ search }) => {
    const { q = '', sort = 'name', order = 'asc', tag = '', page = 1 } = rosterSearch(search);
    return { q, sort, order, tag, page };
  },
  loader: async ({ context: { queryClient }, deps }) => {
    // The page and the unread messages in one read (decision 115); without signal, while a
    // write waits, or if it fails, the page is read on its own as before.
    if (await readTrainerClientsScreen(queryClient, deps)) return;
    await queryClient.query(rosterQuery(deps));
  },
  component: ClientsPage,
  errorComponent: loadErrorView('No pudimos cargar tus clientes. Inténtalo de nuevo.'),
});

function ClientsPage() {
  const view = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  // The shell reads it for its count; each card shows its trainee's.
  const { data: unread } = useQuery(trainerUnreadQuery);
  return (
    <TrainerClientsScreen
      view={view}
      unreadMessages={Object.fromEntries(
        (unread?.trainees ?? []).map((trainee) => [trainee.trainee_id, trainee.count]),
      )}
      onViewChange={(next) =>
        void navigate({
          search: {
            ...(next.q ? { q: next.q } : {}),
            ...(next.sort !== 'name' ? { sort: next.sort } : {}),
            ...(next.order === 'desc' ? { order: 'desc' as const } : {}),
            ...(next.tag ? { tag: next.tag } : {}),
            ...(next.page > 1 ? { page: next.page } : {}),
          },
        })
      }
    />
  );
}
