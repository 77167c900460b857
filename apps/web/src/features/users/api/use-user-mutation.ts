import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from './query-keys';

/** What an account change makes stale: the users list, the dashboard's counts, the doctors offered for an appointment. */
const CHANGED_BY_USERS = [userKeys.all, ['dashboard'], ['appointments', 'candidates']] as const;

/** A change to accounts: once it is done (or failed half-way), every list that could show it reloads. */
export function useUserMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all(CHANGED_BY_USERS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
