import { z } from './zod';

/**
 * The FHIR endpoint's outside clients (issue 38): SMART Backend Services clients that ADMIN
 * registers with their public key set and the scopes they may ask for. docs/FHIR.md.
 */

export const FHIR_MSG = {
  nameRequired: 'Vui lòng nhập tên hệ thống',
  nameTooLong: 'Tên hệ thống tối đa 120 ký tự',
  clientIdInvalid: 'Mã client chỉ gồm chữ, số và . _ - : / (tối đa 200 ký tự)',
  jwksInvalid: 'Bộ khóa công khai (JWKS) không hợp lệ: cần { "keys": [...] } với khóa RSA hoặc EC công khai',
  scopesRequired: 'Chọn ít nhất một quyền',
  scopeInvalid: 'Quyền không hợp lệ (ví dụ: system/Appointment.read)',
  clientIdTaken: 'Mã client này đã được đăng ký',
  clientNotFound: 'Không tìm thấy client FHIR',
  registered: 'Đã đăng ký client FHIR',
  revoked: 'Đã thu hồi client FHIR',
} as const;

/** `system/Appointment.read`, `system/*.read`, and the SMART v2 forms `system/Patient.rs`, `system/Appointment.cruds`. */
export const FHIR_SCOPE_PATTERN = /^system\/(\*|[A-Z][A-Za-z]{1,63})\.(read|write|\*|cr?u?d?s?|ru?d?s?|ud?s?|ds?|s)$/;
export function isFhirScope(value: string): boolean {
  return FHIR_SCOPE_PATTERN.test(value);
}

const keyPart = z
  .string()
  .max(2048)
  .regex(/^[A-Za-z0-9_-]+$/, FHIR_MSG.jwksInvalid);
/**
 * A public key: only its public members are kept (a private key pasted by mistake is stored without
 * its private parts, so the clinic never holds one).
 */
const jwkSchema = z.object({
  kty: z.enum(['RSA', 'EC']),
  kid: z.string().max(200).optional(),
  alg: z.enum(['RS384', 'ES384']).optional(),
  use: z.enum(['sig']).optional(),
  n: keyPart.optional(),
  e: keyPart.optional(),
  crv: z.enum(['P-384']).optional(),
  x: keyPart.optional(),
  y: keyPart.optional(),
});

export const fhirJwksSchema = z.object({ keys: z.array(jwkSchema, { error: FHIR_MSG.jwksInvalid }).min(1).max(10) });

export const registerFhirClientSchema = z.object({
  name: z.string({ error: FHIR_MSG.nameRequired }).trim().min(1, FHIR_MSG.nameRequired).max(120, FHIR_MSG.nameTooLong),
  clientId: z
    .string({ error: FHIR_MSG.clientIdInvalid })
    .trim()
    .regex(/^[A-Za-z0-9._:/-]{3,200}$/, FHIR_MSG.clientIdInvalid),
  jwks: fhirJwksSchema,
  scopes: z
    .array(z.string().regex(FHIR_SCOPE_PATTERN, FHIR_MSG.scopeInvalid), { error: FHIR_MSG.scopesRequired })
    .min(1, FHIR_MSG.scopesRequired)
    .max(40),
});
export type RegisterFhirClientRequest = z.infer<typeof registerFhirClientSchema>;

export const fhirClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  clientId: z.string(),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
  scopes: z.array(z.string()),
  createdById: z.number().int().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type FhirClient = z.infer<typeof fhirClientSchema>;

export const fhirClientIdParamsSchema = z.object({
  id: z.coerce.number({ error: FHIR_MSG.clientNotFound }).int().positive().max(2_147_483_647),
});

/** What an access record names as the reader when an outside system read through FHIR. */
export const FHIR_CLIENT_ACTOR = 'FHIR_CLIENT' as const;
