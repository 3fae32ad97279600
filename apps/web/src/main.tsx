import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Notifications } from './components/ui/notifications';
import { listenForPreloadErrors } from './lib/chunk-reload';
import { followSystemColorScheme } from './lib/color-scheme';
import { createQueryClient } from './lib/query-client';
import { startServiceWorkerAfterLoad } from './lib/service-worker';
import { createAppRouter, followOtherTabs, routeForcedNavigations } from './router';
import './styles.css';

listenForPreloadErrors();
followSystemColorScheme();

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });
routeForcedNavigations(router);
followOtherTabs(router, queryClient);
// Notices sit beside the router because the root route renders only its children. index.html
// always has #root, whose loading screen React replaces.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>
  </StrictMode>,
);
startServiceWorkerAfterLoad(router);
