import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { ownRecipes, recipeListQuery } from '#features/foods/recipes-api';
import { RecipesScreen } from '#features/foods/recipes-screen';
import { userWithAccess } from '#routes/-guards';

export const Route = createFileRoute('/_authenticated/_shell/users/recipes')({
  loader: async ({ context: { queryClient } }) => {
    const user = await userWithAccess(queryClient);
    if (!user) return;
    await queryClient.query(recipeListQuery(ownRecipes));
  },
  errorComponent: loadErrorView('No pudimos cargar tus recetas. Inténtalo de nuevo.'),
  component: RecipesScreen,
});
