import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { getConnectionState, getServerConnectionState, subscribeConnection } from '@/lib/connection-state';

export const CONNECTION_LOST_TEXT =
  'Mất kết nối tới máy chủ. Những gì bạn đã nhập vẫn được giữ trên màn hình; hệ thống tự thử lại.';

/** How often the screen asks again while the server does not answer. */
export const RECONNECT_EVERY_MS = 5_000;

export function useConnectionState() {
  return useSyncExternalStore(subscribeConnection, getConnectionState, getServerConnectionState);
}

/** Loads again what failed: its error alerts clear themselves once the server answers. */
export function refetchFailed(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
}

/**
 * One message for a server that does not answer (issue 25, defect 5), shown once for the whole
 * screen instead of one per failed call; it asks again every few seconds and goes away by itself
 * when an answer comes, and what failed meanwhile loads again.
 */
export function ConnectionBanner() {
  const state = useConnectionState();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (state === 'online') {
      void refetchFailed(queryClient);
      return;
    }
    const timer = setInterval(() => {
      // Nothing failed to ask again with: a light read tells whether the server is back.
      if (queryClient.getQueryCache().findAll({ type: 'active', predicate: (q) => q.state.status === 'error' }).length)
        void refetchFailed(queryClient);
      else void api.get('/health', { auth: false }).catch(() => undefined);
    }, RECONNECT_EVERY_MS);
    return () => clearInterval(timer);
  }, [state, queryClient]);

  if (state === 'online') return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-40 flex flex-wrap items-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">{CONNECTION_LOST_TEXT}</p>
      <Button size="sm" variant="secondary" onClick={() => void refetchFailed(queryClient)}>
        Thử lại
      </Button>
    </div>
  );
}
