import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Notifications } from './components/ui/notifications';
import { listenForPreloadErrors } from './lib/chunk-reload';
import { followSystemColorScheme } from './lib/color-scheme';
import { createQueryClient } from './lib/query-client';
import { startServiceWorkerAfterLoad } from './lib/service-worker';
import { isAuthenticated } from './lib/session';
import { createAppRouter, followOtherTabs, routeForcedNavigations } from './router';
import './styles.css';

listenForPreloadErrors();
followSystemColorScheme();

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });
routeForcedNavigations(router);
followOtherTabs(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Signed in, what the device kept (decision 077) goes back in the cache before the first
// screen reads, and the writes left waiting are sent; its code loads only behind the login.
const kept = isAuthenticated()
  ? import('./lib/offline/offline')
      .then(({ startOffline }) => startOffline(queryClient))
      .catch(() => undefined)
  : Promise.resolve();

void kept.then(() => {
  // Notices sit beside the router because the root route renders only its children.
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Notifications />
      </QueryClientProvider>
    </StrictMode>,
  );
});

startServiceWorkerAfterLoad();
