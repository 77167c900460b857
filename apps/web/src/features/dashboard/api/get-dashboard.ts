import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_MSG, type Dashboard } from '@clinic/shared';
import { api } from '@/lib/api-client';

export const dashboardKeys = { all: () => ['dashboard'] as const };

/** GET /api/dashboard: the clinic's figures, or a doctor's own. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/dashboard', { fallbackMessage: DASHBOARD_MSG.loadFailed, signal });
}

export function useDashboard() {
  return useQuery(
    queryOptions({ queryKey: dashboardKeys.all(), queryFn: ({ signal }) => getDashboard(signal), staleTime: 30_000 }),
  );
}
