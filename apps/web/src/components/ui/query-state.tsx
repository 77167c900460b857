import type { ReactNode } from 'react';
import { LoadErrorAlert } from './load-error-alert';
import { Spinner } from './spinner';

/** What QueryState reads of a TanStack query. */
type LoadQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
  data: T | undefined;
};

/** A page's one load: a spinner, then the failure with a retry, or what was loaded. */
export function QueryState<T>({
  query,
  loadingLabel,
  errorTitle,
  children,
}: {
  query: LoadQuery<T>;
  loadingLabel: string;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label={loadingLabel} />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <LoadErrorAlert
        title={errorTitle}
        message={query.error?.message ?? ''}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <>{children(query.data)}</>;
}
