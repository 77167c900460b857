import { useMutation, useQueryClient } from '@tanstack/react-query';

/** What an appointment change makes stale: every screen's appointment lists and counts, Patient Control, the dashboard. */
export const CHANGED_BY_APPOINTMENTS = [['appointments'], ['patients'], ['dashboard']] as const;

/** A change to appointments: on success every list, count and detail that could show it is refreshed. */
export function useAppointmentMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all(
        CHANGED_BY_APPOINTMENTS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
