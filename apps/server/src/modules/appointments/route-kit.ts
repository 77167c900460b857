import { appointmentIdParamsSchema, rolesFor, rolesWith, type Role } from '@clinic/shared';
import type { Actor } from './appointment-access';

// What the appointments module's routes share: who may call them and how they are described.
export const BACK_OFFICE = rolesWith('readAppointments');
export const EVERYONE = rolesWith('readOwnAppointments');
/** PUT /appointments/{id}: a staff edit or the assigned doctor's examination notes. */
export const EDIT_OR_EXAMINE: Role[] = [
  ...new Set([...rolesFor('edit'), ...rolesFor('complete'), ...rolesFor('noShow')]),
];
export const security = [{ bearerAuth: [] }];
export const tags = ['appointments'];
/** The schema parts of a call on one appointment. */
export const action = { tags, security, params: appointmentIdParamsSchema };
export const actor = (req: { auth: unknown }) => req.auth as Actor;
