import { z } from './zod';
import { GENDERS, ROLES } from './roles';
import { MSG } from './messages';
import { BACK_OFFICE_LANGUAGE_CODES } from './users-texts';
import { mfaChallengeResponseSchema } from './mfa';

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
  /** The role must use two-factor sign-in and the user has none yet: every other call is refused until she enrols. */
  mfaEnrolmentRequired: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /auth/login: the session, or (second factor on) a challenge for the code instead. */
export const loginAnswerSchema = z.union([loginResponseSchema, mfaChallengeResponseSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

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
  /** Signs in with a second factor (TOTP). */
  mfaEnabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET /users/profile: the signed-in user, whether she must enrol a second factor before anything else,
 * and her back-office language (kept on the server, so it follows her to every device).
 */
export const profileSchema = userSchema.extend({
  mfaEnrolmentRequired: z.boolean(),
  /** Her citizen identification number (issue 38): only on her own profile, never in the users list. */
  citizenId: z.string().nullable(),
  backOfficeLanguage: z.enum(BACK_OFFICE_LANGUAGE_CODES),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /users/profile's answer: the user, and her citizen identification number (hers alone to see here). */
export const updatedProfileSchema = userSchema.extend({ citizenId: z.string().nullable() });
export type UpdatedProfile = z.infer<typeof updatedProfileSchema>;

export * from './session';
