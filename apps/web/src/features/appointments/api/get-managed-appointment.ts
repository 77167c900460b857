import { queryOptions, useQuery } from '@tanstack/react-query';
import { APPOINTMENT_MSG, MANAGE_TOKEN_RE, type ManagedAppointment } from '@clinic/shared';
import { api, ApiError } from '@/lib/api-client';

/** The address of one of the private link's calls (`''`: the appointment itself). */
export function managePath(
  token: string,
  action: '' | '/cancel' | '/reschedule' | '/calendar.ics' | '/claim' = '',
): string {
  return `/appointments/manage/${encodeURIComponent(token)}${action}`;
}

/**
 * GET /appointments/manage/{token}: the appointment behind a private link, as its patient sees it,
 * and what she may do now. No account: the token is the key. A token of the wrong shape is
 * refused here with the server's own words, without a call.
 */
export function getManagedAppointment(token: string, signal?: AbortSignal): Promise<ManagedAppointment> {
  if (!MANAGE_TOKEN_RE.test(token)) {
    return Promise.reject(new ApiError(404, APPOINTMENT_MSG.manageLinkInvalid, 'MANAGE_LINK_INVALID'));
  }
  return api.get<ManagedAppointment>(managePath(token), {
    auth: false,
    signal,
    fallbackMessage: 'Failed to fetch appointment',
  });
}

export const managedAppointmentQueryKey = (token: string) => ['appointments', 'manage', token] as const;

export function getManagedAppointmentQueryOptions(token: string) {
  return queryOptions({
    queryKey: managedAppointmentQueryKey(token),
    queryFn: ({ signal }) => getManagedAppointment(token, signal),
    // What she may do changes with the clinic's own actions: read afresh each visit of the page.
    staleTime: 0,
  });
}

export function useManagedAppointment(token: string) {
  return useQuery(getManagedAppointmentQueryOptions(token));
}
