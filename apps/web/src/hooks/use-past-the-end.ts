import { useEffect } from 'react';

/**
 * A list's page emptied by a change (its rows deleted, or moved to another status) or an address
 * past the end moves to the last page there is. True while it moves, so that the list shows its
 * loading state rather than "nothing found". `update` must keep its identity between renders.
 */
export function usePastTheEnd(
  page: { shown: number; total: number; totalPages: number } | undefined,
  current: number,
  update: (patch: { page: number }) => void,
): boolean {
  const pastTheEnd = !!page && page.shown === 0 && page.total > 0 && current > 1;
  const lastPage = Math.max(1, page?.totalPages ?? 1);
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage });
  }, [pastTheEnd, lastPage, update]);
  return pastTheEnd;
}
