import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { lightSystemScheme } from './test/browser-stand-ins';

it('starts: the router draws the landing page in place of the loading screen', async () => {
  // The page follows the system's colour scheme.
  lightSystemScheme();
  document.body.innerHTML = '<div id="root"><p>Cargando...</p></div>';
  const root = document.getElementById('root') as HTMLElement;

  await import('./main');

  // The landing page, drawn by the router inside React's root.
  expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
  expect(root).not.toHaveTextContent('Cargando...');
});
