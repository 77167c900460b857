import { can, type Role } from '@clinic/shared';

/** Who is offered the delete button under a comment (specification section 6): shared's permission table says. */
export function canModerateComments(role: Role | undefined | null): boolean {
  return can(role, 'moderateComments');
}
