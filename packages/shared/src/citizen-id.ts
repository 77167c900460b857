import { z } from './zod';

/**
 * The citizen identification number (số định danh cá nhân, printed on the căn cước công dân): 12
 * digits (issue 38, docs/PRODUCT.md "Citizen identification number"). Optional everywhere; health data:
 * never in a URL, a log line or an error message (the messages below never repeat the value).
 */
export const CITIZEN_ID_MSG = {
  label: 'Số định danh cá nhân (CCCD)',
  hint: '12 chữ số trên thẻ căn cước công dân (không bắt buộc)',
  invalid: 'Số định danh cá nhân (CCCD) phải gồm đúng 12 chữ số',
} as const;

export const CITIZEN_ID_PATTERN = /^[0-9]{12}$/;
export function isCitizenId(value: string): boolean {
  return CITIZEN_ID_PATTERN.test(value);
}

/**
 * VN Core's identifier system of the căn cước công dân: NamingSystem `national-id` of the Ministry of
 * Health's draft guide (github.com/hl7vn/vn-core-ig, input/resources/NamingSystem.sid-national-id.xml),
 * the one its Patient profile's slice `TheCCCD` fixes (docs/FHIR.md).
 */
export const CITIZEN_ID_SYSTEM = 'http://fhir.ehealth.gov.vn/core/sid/national_id';

/** Spaces typed between the groups of digits are dropped. */
const citizenIdText = z
  .string({ error: CITIZEN_ID_MSG.invalid })
  .max(40, CITIZEN_ID_MSG.invalid)
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => v === '' || isCitizenId(v), CITIZEN_ID_MSG.invalid)
  .meta({ pattern: '^\\s*([0-9]\\s*){12}$|^\\s*$' });

/** Absent, null and '' all mean "none". */
export const optionalCitizenIdSchema = citizenIdText.nullish().transform((v) => (v ? v : null));

/** Absent leaves it as it is; null or '' clears it (the profile's update). */
export const citizenIdPatchSchema = citizenIdText
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));
