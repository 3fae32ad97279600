import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { reviewListQuery } from '#features/trainer-check-ins/trainer-check-ins-api';
import { ReviewsScreen } from '#features/trainer-check-ins/reviews-screen';

export const Route = createFileRoute('/_trainer/trainers/reviews/')({
  validateSearch: (search: { status?: unknown } & SearchSchemaInput): { status?: 'answered' } =>
    search.status === 'answered' ? { status: 'answered' } : {},
  loaderDeps: ({ search }) => ({ status: search.status ?? ('pending' as const) }),
  loader: async ({ context: { queryClient }, deps }) => {
    await queryClient.query(reviewListQuery(deps.status));
  },
  errorComponent: loadErrorView('No pudimos cargar las revisiones. Inténtalo de nuevo.'),
  component: ReviewsPage,
});

function ReviewsPage() {
  const { status = 'pending' } = Route.useSearch();
  return <ReviewsScreen status={status} />;
}
