import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  APPROVALS_MSG,
  BOOKING_UI_MSG,
  PENDING_POLL_MS,
  type AppointmentPage,
  type PendingApprovalSummary,
} from '@clinic/shared';
import { api } from '@/lib/api-client';

export const approvalKeys = {
  list: () => ['appointments', 'pending-my-approval'] as const,
  summary: () => ['appointments', 'pending-my-approval', 'summary'] as const,
};

/** GET /api/appointments/pending-my-approval: the signed-in doctor's assignments, soonest first. */
export function getPendingApprovals(signal?: AbortSignal): Promise<AppointmentPage> {
  return api.get<AppointmentPage>('/appointments/pending-my-approval', {
    params: { size: 100, sort: 'appointmentDate:asc' },
    fallbackMessage: BOOKING_UI_MSG.pendingApiFailed,
    signal,
  });
}

/** GET /api/appointments/pending-my-approval/summary: the three cards. */
export function getPendingSummary(signal?: AbortSignal): Promise<PendingApprovalSummary> {
  return api.get<PendingApprovalSummary>('/appointments/pending-my-approval/summary', {
    fallbackMessage: APPROVALS_MSG.loadFailed,
    signal,
  });
}

/** Both refresh every 30 seconds (specification section 9) and when asked. */
export function usePendingApprovals() {
  return useQuery({
    ...queryOptions({ queryKey: approvalKeys.list(), queryFn: ({ signal }) => getPendingApprovals(signal) }),
    refetchInterval: PENDING_POLL_MS,
    staleTime: 0,
  });
}

export function usePendingSummary() {
  return useQuery({
    ...queryOptions({ queryKey: approvalKeys.summary(), queryFn: ({ signal }) => getPendingSummary(signal) }),
    refetchInterval: PENDING_POLL_MS,
    staleTime: 0,
  });
}
