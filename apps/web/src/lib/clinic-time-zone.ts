import { CLINIC } from '@clinic/shared';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The clinic's time zone as the server serves it (CLINIC_TZ, in the page's
 * `<meta name="clinic-time-zone">`), so the browser reads the same "today" and "2 hours from now"
 * as the server (PRODUCT.md section 2), whatever zone the visitor's device is in.
 */
export function clinicTimeZone(): string {
  const zone = typeof document === 'undefined' ? null : document.querySelector('meta[name="clinic-time-zone"]')?.getAttribute('content');
  return zone && isTimeZone(zone) ? zone : CLINIC.defaultTimeZone;
}
