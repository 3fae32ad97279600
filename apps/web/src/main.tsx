import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Notifications } from './components/ui/notifications';
import { listenForPreloadErrors } from './lib/chunk-reload';
import { followSystemColorScheme } from './lib/color-scheme';
import { createQueryClient } from './lib/query-client';
import { startServiceWorkerAfterLoad } from './lib/service-worker';
import { yieldToBrowser } from './lib/yield-to-browser';
import { createAppRouter, followOtherTabs, routeForcedNavigations } from './router';
import './styles.css';

listenForPreloadErrors();
followSystemColorScheme();

/**
 * The app starts in three tasks rather than one: the first file's code, then the router, then
 * React's root. On a slow phone the three took one task long enough to hold up a tap that came
 * meanwhile (decision 095). The loading screen is the page's own markup: nothing shows later.
 */
async function start() {
  const queryClient = createQueryClient();
  await yieldToBrowser();
  const router = createAppRouter({ queryClient });
  routeForcedNavigations(router);
  followOtherTabs(router, queryClient);
  await yieldToBrowser();
  // Notices sit beside the router because the root route renders only its children. index.html
  // always has #root.
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Notifications />
      </QueryClientProvider>
    </StrictMode>,
  );
  startServiceWorkerAfterLoad(router);
}

void start();
