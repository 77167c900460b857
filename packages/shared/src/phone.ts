/**
 * Phone numbers, normalised once and used the same way by booking, Zalo and SMS (issue 27).
 * Stored and shown in the national form (0…); the messaging providers take the 84… form.
 */

/** Spaces, dots, dashes and brackets go; +84 and 84 become 0: "+84 912.345.678" → "0912345678". */
export function normalizePhone(value: string): string {
  const compact = value.replace(/[\s.\-()]/g, '');
  if (compact.startsWith('+84')) return `0${compact.slice(3)}`;
  if (/^84\d{9,10}$/.test(compact)) return `0${compact.slice(2)}`;
  return compact;
}

/**
 * The mobile prefixes of Vietnam's carriers (after the 2018 renumbering to 10 digits). A number
 * outside them (a landline 02x, a typo) is kept for the clinic to call, but no Zalo or SMS goes to it.
 */
export const VN_MOBILE_PREFIXES: Record<string, readonly string[]> = {
  Viettel: ['032', '033', '034', '035', '036', '037', '038', '039', '086', '096', '097', '098'],
  Vinaphone: ['081', '082', '083', '084', '085', '088', '091', '094'],
  MobiFone: ['070', '076', '077', '078', '079', '089', '090', '093'],
  Vietnamobile: ['052', '056', '058', '092'],
  Gmobile: ['059', '099'],
  Itelecom: ['087'],
  Reddi: ['055'],
};

const CARRIER_OF = new Map(
  Object.entries(VN_MOBILE_PREFIXES).flatMap(([carrier, prefixes]) => prefixes.map((p) => [p, carrier] as const)),
);

/** The carrier of a Vietnamese mobile number in any accepted form, or null when it is not one. */
export function vnCarrierOf(value: string): string | null {
  const phone = normalizePhone(value);
  if (!/^0\d{9}$/.test(phone)) return null;
  return CARRIER_OF.get(phone.slice(0, 3)) ?? null;
}

/** The 84… form Zalo ZNS and the SMS brandname providers take, or null when the number is not a Vietnamese mobile. */
export function mobileMsisdn(value: string | null | undefined): string | null {
  if (!value) return null;
  const phone = normalizePhone(value);
  return vnCarrierOf(phone) ? `84${phone.slice(1)}` : null;
}
