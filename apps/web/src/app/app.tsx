import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

/** The app around the browser's router, which main.tsx makes once its first page's module is loaded. */
export function App({
  queryClient,
  router,
}: {
  queryClient?: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
