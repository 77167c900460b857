// The public pages rendered ahead on the server (issue 12): a visitor and a search engine get the
// page's content in the first HTML answer, and the browser hydrates it (main.tsx). Built by
// `vite build --ssr` into dist-ssr/; the server's web plugin imports it when it is there.
import { StrictMode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { getPublicDepartmentsQueryOptions } from '@/api/get-departments';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { getFeaturedBlogsQueryOptions } from '@/features/blogs/api/public/get-featured-blogs';
import { getPublicBlogQueryOptions } from '@/features/blogs/api/public/get-public-blog';
import { getPublishedBlogsQueryOptions } from '@/features/blogs/api/public/get-published-blogs';
import { getBlogCommentsQueryOptions } from '@/features/comments/api/get-blog-comments';
import { getPrivacyNoticeQueryOptions } from '@/features/privacy/api/get-privacy-notice';
import { setApiTransport } from '@/lib/api-client';
import { setServerTimeZone } from '@/lib/clinic-time-zone';
import { PageHeadContext, type PageHead } from '@/hooks/use-page-title';

/** The public pages rendered ahead, each with what it reads before it paints. */
const PAGES: { pattern: RegExp; prefetch?: (client: QueryClient, match: RegExpExecArray) => Promise<unknown>[] }[] = [
  { pattern: /^\/$/ },
  { pattern: /^\/about$/ },
  { pattern: /^\/services$/ },
  { pattern: /^\/login$/ },
  { pattern: /^\/chinh-sach-bao-mat$/, prefetch: (client) => [client.fetchQuery(getPrivacyNoticeQueryOptions())] },
  { pattern: /^\/appointment$/, prefetch: (client) => [client.fetchQuery(getPublicDepartmentsQueryOptions())] },
  {
    pattern: /^\/blog$/,
    prefetch: (client) => [
      client.fetchQuery(getFeaturedBlogsQueryOptions()),
      client.fetchInfiniteQuery(getPublishedBlogsQueryOptions({ category: 'all', afterFeatured: true })),
    ],
  },
  {
    pattern: /^\/blog\/([1-9][0-9]{0,9})$/,
    // The post and its first page of comments, as every reader sees them: a reader's own reactions come once the page is live.
    prefetch: (client, match) => [
      client.fetchQuery(getPublicBlogQueryOptions(Number(match[1]))),
      client.fetchInfiniteQuery(getBlogCommentsQueryOptions(Number(match[1]))),
    ],
  },
];

/** Whether the server renders this path ahead (a path only: an address with a query is left to the browser). */
export function rendersAhead(path: string): boolean {
  return PAGES.some((page) => page.pattern.test(path));
}

export type RenderedPage = {
  /** The app's markup, to go inside `<div id="root">`. */
  html: string;
  /** The prefetched answers, for the browser's query cache (JSON). */
  state: string;
  /** The page's own title and description (usePageTitle), for the HTML's head. */
  head: PageHead;
};

export type RendererOptions = {
  /** How the page's reads reach the API: the server's own handler, never the network. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The server's CLINIC_TZ. */
  timeZone: string;
  /** Told when a page fails to render (the page is then left to the browser). */
  onError?: (error: unknown, path: string) => void;
};

export function createRenderer(options: RendererOptions) {
  setApiTransport(options.fetch);
  setServerTimeZone(options.timeZone);
  const handler = createStaticHandler(routes);

  /**
   * The page at `path` (e.g. "/blog/12"), or null when it is not rendered ahead or one of its reads
   * failed (the browser then renders it as before, and says what went wrong).
   */
  return async function render(path: string): Promise<RenderedPage | null> {
    const page = PAGES.find((p) => p.pattern.test(path));
    if (!page) return null;
    const client = createQueryClient();
    const match = page.pattern.exec(path)!;
    try {
      await Promise.all(page.prefetch?.(client, match) ?? []);
    } catch {
      return null;
    }
    const context = await handler.query(new Request(`http://localhost${path}`));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    // Every lazy page and Suspense boundary resolved before the markup is written: the whole page in
    // place, with no script to put a late part in place (the CSP allows none).
    let head: PageHead = {};
    let html: string;
    try {
      html = await renderToStringAsync(
        <StrictMode>
          <PageHeadContext value={(said) => void (head = { ...head, ...said })}>
            <AppProviders queryClient={client}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </PageHeadContext>
        </StrictMode>,
      );
    } catch (error) {
      // A part that failed would be drawn by the browser alone: the page is then left to the browser whole.
      options.onError?.(error, path);
      return null;
    }
    return { html, state: JSON.stringify(dehydrate(client)), head };
  };
}
