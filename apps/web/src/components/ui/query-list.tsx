import type { ReactNode } from 'react';
import { Alert } from './alert';
import { LoadErrorAlert } from './load-error-alert';
import { Spinner } from './spinner';

/** What QueryList reads of a TanStack query of one page of a list. */
type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/**
 * The states every server-paged list goes through, written once: a spinner on first load, the
 * failure with a retry when nothing was ever loaded, the empty state, else the rows (dimmed while
 * the next page loads, with the failure above them when a refresh failed).
 */
export function QueryList({
  query,
  loadingLabel,
  errorTitle,
  hasData,
  isEmpty,
  empty,
  footer,
  retryLabel,
  errorText = (message) => message,
  children,
}: {
  query: ListQuery;
  loadingLabel: string;
  errorTitle: string;
  /** A page was loaded once (a failed refresh then keeps the rows on screen). */
  hasData: boolean;
  /** No row to show. */
  isEmpty: boolean;
  /** An EmptyState saying why, and what will appear here. */
  empty: ReactNode;
  /** Under the rows, not dimmed: the pagination. */
  footer?: ReactNode;
  /** The retry button's name on an English screen. */
  retryLabel?: string;
  /** The failure's text as the screen shows it (the back-office's chosen language). */
  errorText?: (message: string) => string;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center rounded-xl border border-slate-200 bg-white py-16">
        <Spinner size="lg" label={loadingLabel} />
      </div>
    );
  }
  if (query.isError && !hasData) {
    return (
      <LoadErrorAlert
        title={errorTitle}
        message={errorText(query.error?.message ?? '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        retryLabel={retryLabel}
      />
    );
  }
  if (isEmpty) return <div className="rounded-xl border border-slate-200 bg-white">{empty}</div>;
  return (
    <>
      {query.isError && <Alert tone="error">{errorText(query.error?.message ?? '')}</Alert>}
      {/* The previous page stays dimmed while the next one loads; a screen reader is told it is busy. */}
      <div
        aria-busy={query.isPlaceholderData || undefined}
        className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        {children}
      </div>
      {footer}
    </>
  );
}
