import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { booking, DAYS, MONDAY_9AM } from '../../../../test/appointments';
import { listOutboxEmails } from '../../email/email.repository';
import { offerFreedPlaces } from '../waiting-list/waiting-list-offers.service';

/**
 * Issue 29, defect 1: the links in the clinic's e-mails come only from the configured origin, never
 * from a Host or X-Forwarded-Host a caller wrote, even behind a trusted proxy and without PUBLIC_URL.
 */
const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

for (const kind of dbKinds()) {
  describe(`links in e-mails come from the configured origin only [${kind}]`, () => {
    let t: TestContext;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    let n = 0;
    const person = () => {
      n += 1;
      return { fullName: `Khách ${n}`, phone: `0977${String(n).padStart(6, '0')}`, email: `khach${n}@example.com` };
    };
    const mailsTo = async (kind: string, email: string) =>
      (await listOutboxEmails(db(), { kind })).filter((e) => e.toAddress === email);
    const expectOnlyOurOrigin = (html: string, path: string) => {
      expect(html).toContain(`http://localhost:3000${path}`);
      expect(html).not.toContain('evil.example');
    };

    beforeAll(async () => {
      // Behind one proxy, as docs/DEPLOYMENT.md sets it, and no PUBLIC_URL (development).
      t = await buildTestApp(kind, { clock, env: { TRUST_PROXY: '1', RATE_LIMIT_PUBLIC: '1000' } });
    });
    afterAll(async () => t?.close());

    it("puts this server's own address in the booking e-mail's private link, whatever Host the request named", async () => {
      const who = person();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ ...who, appointmentDate: DAYS.tue, appointmentTime: '08:00' }),
        headers: EVIL,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await mailsTo('BOOKING_RECEIVED', who.email);
      expectOnlyOurOrigin(mail!.html!, `/appointment/manage/${res.json().manageToken}`);
      expect(mail!.text).not.toContain('evil.example');
    });

    it('offers a waiting-list place, and books it, with links to this server, even for an entry that stored another origin', async () => {
      const slot = { appointmentDate: DAYS.wed, appointmentTime: '10:00', department: 'GYNECOLOGY' };
      const manageTokens: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/appointments/public',
          payload: booking({ ...slot, ...person() }),
        });
        expect(res.statusCode, res.body).toBe(201);
        manageTokens.push(res.json().manageToken);
      }
      const waiter = person();
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/waiting-list',
        payload: { ...slot, ...waiter, consentContact: true },
        headers: EVIL,
      });
      expect(joined.statusCode, joined.body).toBe(201);
      const [joinedMail] = await mailsTo('WAITING_JOINED', waiter.email);
      expectOnlyOurOrigin(joinedMail!.html!, `/appointment/waiting/${joined.json().token}`);
      // An entry kept before the fix holds the origin its request named: its offer must not use it.
      await db().execute(sql`update waiting_list_entries set site_origin = 'https://evil.example'`);

      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/manage/${manageTokens[0]}/cancel`,
        payload: { reason: 'Bận việc' },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await offerFreedPlaces({ ...t.app.deps, clock })).toMatchObject({ offered: 1 });
      const [offer] = await mailsTo('WAITING_OFFER', waiter.email);
      expectOnlyOurOrigin(offer!.html!, '/appointment/waiting/');
      const offerToken = /\/appointment\/waiting\/([A-Za-z0-9_-]{43})/.exec(offer!.html!)![1]!;

      const claimed = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/waiting-list/${offerToken}/claim`,
        headers: EVIL,
      });
      expect(claimed.statusCode, claimed.body).toBe(201);
      const [booked] = await mailsTo('BOOKING_RECEIVED', waiter.email);
      expectOnlyOurOrigin(booked!.html!, `/appointment/manage/${claimed.json().manageToken}`);
    });
  });
}
