import type { Role } from '@clinic/shared';

/** Who is offered the delete button under a comment (specification section 6). */
export const COMMENT_MODERATOR_ROLES: readonly Role[] = ['ADMIN', 'STAFF'];

export function canModerateComments(role: Role | undefined | null): boolean {
  return !!role && COMMENT_MODERATOR_ROLES.includes(role);
}
