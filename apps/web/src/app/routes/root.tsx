import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';

/** The top of every route: scroll back to the top on navigation, a spinner while a lazy layout loads. */
export function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<FullPageSpinner fillScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
