import { USER_MSG, type UserBulkAction, type UserBulkResult } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useUserMutation } from './use-user-mutation';

/** The admin screen's bulk failures (specification section 8, "Users"). */
export const USER_BULK_FAILED: Record<UserBulkAction, string> = {
  activate: USER_MSG.activateManyFailed,
  deactivate: USER_MSG.deactivateManyFailed,
  delete: USER_MSG.deleteManyFailed,
};

/** POST /api/users/bulk/{delete|activate|deactivate} {ids}: a line per user and a summary. */
export function runUserBulkAction({ action, ids }: { action: UserBulkAction; ids: number[] }): Promise<UserBulkResult> {
  return api.post<UserBulkResult>(`/users/bulk/${action}`, { ids }, { fallbackMessage: USER_BULK_FAILED[action] });
}

export const useUserBulkAction = () => useUserMutation(runUserBulkAction);
