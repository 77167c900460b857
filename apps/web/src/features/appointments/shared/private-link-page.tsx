import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageContainer } from '@/components/page-container';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { useNoIndex } from '@/hooks/use-no-index';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { InvalidLink } from './private-link-parts';

type PrivateLinkPageProps<T> = {
  title: string;
  intro: string;
  /** What the token opens, read from the server. */
  query: UseQueryResult<T>;
  /** The heading when the server refuses the token (wrong, replaced or expired). */
  invalidTitle: string;
  loadFailed: string;
  loading: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * A page opened by a private link without an account (the management link, the waiting list): its
 * heading, then what the token opens, or why it opens nothing. Never indexed.
 */
export function PrivateLinkPage<T>({
  title,
  intro,
  query,
  invalidTitle,
  loadFailed,
  loading,
  children,
}: PrivateLinkPageProps<T>) {
  usePageTitle(title);
  useNoIndex();
  const linkRefused = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <PageContainer>
      <div className="mx-auto max-w-3xl">
        <header>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Lịch hẹn của bạn</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-base leading-relaxed text-slate-600">{intro}</p>
        </header>

        <div className="mt-8">
          {query.isPending ? (
            loading
          ) : query.isError ? (
            linkRefused ? (
              <InvalidLink title={invalidTitle} message={query.error.message} />
            ) : (
              <LoadErrorAlert
                title={loadFailed}
                message={query.error.message}
                onRetry={() => void query.refetch()}
                retrying={query.isFetching}
              />
            )
          ) : (
            children(query.data)
          )}
        </div>
      </div>
    </PageContainer>
  );
}
