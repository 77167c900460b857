import { CLINIC, isTimeZone } from '@clinic/shared';

let serverTimeZone: string | null = null;

/** The server's CLINIC_TZ, for the pages it renders ahead (entry-server.tsx), where there is no document. */
export function setServerTimeZone(zone: string): void {
  serverTimeZone = zone;
}

/**
 * The clinic's time zone as the server serves it (CLINIC_TZ, in the page's
 * `<meta name="clinic-time-zone">`), so the browser reads the same "today" and "2 hours from now"
 * as the server (docs/PRODUCT.md §2), whatever zone the visitor's device is in.
 */
export function clinicTimeZone(): string {
  const zone =
    typeof document === 'undefined'
      ? serverTimeZone
      : document.querySelector('meta[name="clinic-time-zone"]')?.getAttribute('content');
  return zone && isTimeZone(zone) ? zone : CLINIC.defaultTimeZone;
}
