import { z } from './zod';
import { STATED } from './stated';
import { MFA_MSG } from './mfa-texts';

export * from './mfa-texts';

/**
 * A code as typed: the 6 digits of the app (spaces allowed, as apps show '123 456'), or a recovery
 * code (letters and digits, dashes allowed). Normalized here so both sides compare the same text.
 */
export const mfaCodeSchema = z
  .string({ error: MFA_MSG.codeRequired })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, MFA_MSG.codeRequired)
      .max(32, MFA_MSG.codeInvalidFormat)
      .regex(/^[0-9A-Za-z]+$/, MFA_MSG.codeInvalidFormat),
  )
  .meta({ pattern: STATED.mfaCode });

/** The second step of a sign-in: the challenge the password step gave, and a code. */
export const mfaLoginRequestSchema = z.object({
  challenge: z.string({ error: MFA_MSG.challengeExpired }).min(1, MFA_MSG.challengeExpired).max(2048),
  code: mfaCodeSchema,
});
export type MfaLoginRequest = z.infer<typeof mfaLoginRequestSchema>;

/** A right password of an account with a second factor: no token yet, a challenge for the code. */
export const mfaChallengeResponseSchema = z.object({
  mfaRequired: z.literal(true),
  challenge: z.string(),
  /** Seconds the challenge stays good. */
  expiresIn: z.number().int(),
});
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponseSchema>;

export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** The user's role must use it (MFA_REQUIRED_ROLES). */
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** A new secret, not yet in force: the app scans the URI (or the key is typed) and a code confirms it. */
export const mfaSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The URI as a QR code, an SVG data: URL. */
  qrCode: z.string(),
});
export type MfaSetupResponse = z.infer<typeof mfaSetupResponseSchema>;

export const mfaEnableRequestSchema = z.object({ code: mfaCodeSchema });
export type MfaEnableRequest = z.infer<typeof mfaEnableRequestSchema>;

/** The recovery codes are shown this once; the token replaces every earlier one of the user. */
export const mfaEnableResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type MfaEnableResponse = z.infer<typeof mfaEnableResponseSchema>;

/** Turning it off, or renewing the recovery codes: a current code, or the password. */
export const mfaConfirmRequestSchema = z
  .object({
    code: mfaCodeSchema.optional(),
    password: z.string().max(200).optional(),
  })
  .refine((v) => !!v.code || !!v.password, { message: MFA_MSG.codeOrPasswordRequired, path: ['code'] });
export type MfaConfirmRequest = z.infer<typeof mfaConfirmRequestSchema>;

export const mfaDisableResponseSchema = z.object({ message: z.string(), token: z.string() });
export type MfaDisableResponse = z.infer<typeof mfaDisableResponseSchema>;

export const mfaRecoveryCodesResponseSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodesResponse = z.infer<typeof mfaRecoveryCodesResponseSchema>;

export const resetMfaResponseSchema = z.object({ message: z.string() });
export type ResetMfaResponse = z.infer<typeof resetMfaResponseSchema>;
