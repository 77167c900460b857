import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { rereadOwnReactions } from '@/features/comments/api/get-blog-comments';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// A public page the server rendered ahead (entry-server.tsx) comes with the answers it was drawn
// from: the browser starts from them and hydrates the markup instead of drawing it again.
const queryClient = createQueryClient();
const state = document.getElementById('query-state');
if (state?.textContent) {
  try {
    hydrate(queryClient, JSON.parse(state.textContent));
    rereadOwnReactions(queryClient);
  } catch {
    // A damaged state only costs the page its first reads again.
  }
}

// The page's module is loaded before the first render (the public pages are lazy routes), so a page
// drawn by the server is hydrated as it is, not thrown away and drawn again while its module loads.
const router = createBrowserRouter(routes);
function whenInitialized(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((next) => {
      if (!next.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Draws the app, or hydrates the page the server drew; settles once it is done (boot.ts waits for it). */
export const started: Promise<void> = whenInitialized().then(() => {
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
