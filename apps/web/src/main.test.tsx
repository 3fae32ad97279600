import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { heldBackTurns, lightSystemScheme } from './test/browser-stand-ins';

it('starts in three tasks: React draws nothing until the browser has had two turns', async () => {
  const turns = heldBackTurns();
  // The page follows the system's colour scheme.
  lightSystemScheme();
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root') as HTMLElement;

  await import('./main');
  // The first file's code has run; the router waits for the first turn.
  expect(turns).toHaveLength(1);
  turns[0]?.();
  await vi.waitFor(() => {
    expect(turns).toHaveLength(2);
  });
  // The router is made; React's root waits for the second turn.
  expect(root).toBeEmptyDOMElement();
  turns[1]?.();
  // The landing page, drawn by the router inside React's root.
  expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
  expect(root).not.toBeEmptyDOMElement();
});
