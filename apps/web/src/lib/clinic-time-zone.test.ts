import { afterEach, describe, expect, it } from 'vitest';
import { clinicTimeZone } from './clinic-time-zone';

describe('clinicTimeZone', () => {
  afterEach(() => document.querySelectorAll('meta[name="clinic-time-zone"]').forEach((m) => m.remove()));
  const serve = (zone: string) => {
    const meta = document.createElement('meta');
    meta.name = 'clinic-time-zone';
    meta.content = zone;
    document.head.append(meta);
  };

  it('follows the zone the server wrote into the page', () => {
    serve('Asia/Tokyo');
    expect(clinicTimeZone()).toBe('Asia/Tokyo');
  });

  it("falls back to the clinic's own zone without one, or with one that is not a zone", () => {
    expect(clinicTimeZone()).toBe('Asia/Ho_Chi_Minh');
    serve('Mars/Olympus');
    expect(clinicTimeZone()).toBe('Asia/Ho_Chi_Minh');
  });
});
