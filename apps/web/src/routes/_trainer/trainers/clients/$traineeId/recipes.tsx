import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { recipeListQuery, traineeRecipes } from '#features/foods/recipes-api';
import { Recipes } from '#features/foods/recipes-screen';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { TraineeTab } from '#routes/_trainer/trainers/clients/-trainee-tab';

/** The trainee's recipes, which their trainer lists, creates and changes (decision 080). */
export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/recipes')({
  loader: async ({ context: { queryClient }, params }) => {
    const trainee = await queryClient.query(traineeFileQuery(params.traineeId));
    // Recipes are foods of the diary: asked for only when it is shared.
    if (!trainee.shares.diary) return;
    await queryClient.query(recipeListQuery(traineeRecipes(params.traineeId)));
  },
  errorComponent: loadErrorView('No pudimos cargar las recetas de tu cliente. Inténtalo de nuevo.'),
  component: RecipesTab,
});

function RecipesTab() {
  const { traineeId } = Route.useParams();
  const { data: trainee } = useSuspenseQuery(traineeFileQuery(traineeId));
  const name = trainee.first_name;
  return (
    <TraineeTab traineeId={traineeId} title="Recetas" area="diary">
      <div className="flex max-w-2xl flex-col gap-4">
        <p className="text-neutral-700 dark:text-neutral-300">
          {`Prepara platos para ${name || 'tu cliente'} con sus ingredientes y raciones. Le aparecen al buscar alimentos en su diario y los anota por ración o por gramos.`}
        </p>
        <Recipes
          book={traineeRecipes(traineeId)}
          words={{
            list: name ? `Recetas de ${name}` : 'Recetas de tu cliente',
            none: `${name || 'Tu cliente'} aún no tiene recetas.`,
            ownFood: name ? `de ${name}` : 'suyo',
            allergic: name || 'Tu cliente',
          }}
        />
      </div>
    </TraineeTab>
  );
}
