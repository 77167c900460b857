import { z } from './zod';
import { GENDERS, ROLES } from './roles';
import { MSG } from './messages';

export const loginRequestSchema = z.object({
  usernameOrEmail: z.string({ error: MSG.usernameOrEmailRequired }).trim().min(1, MSG.usernameOrEmailRequired).max(255),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  mustChangePassword: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const validateRequestSchema = z.object({ token: z.string().max(4096).optional().default('') });
export const validateResponseSchema = z.object({ valid: z.boolean() });

/** A user as every response shows it: never a password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  birth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  role: z.enum(ROLES),
  specialty: z.string().nullable(),
  active: z.boolean(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  mustChangePassword: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export * from './session';
