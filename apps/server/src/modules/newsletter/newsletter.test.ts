import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MSG } from '@clinic/shared';
import { buildTestApp, type TestContext } from '../../../test/build-app';
import { nextIp } from '../../../test/blog-fixtures';
import { dbKinds } from '../../../test/databases';
import { countSubscribers } from './newsletter.repository';

for (const kind of dbKinds()) {
  describe(`newsletter [${kind}]`, () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { RATE_LIMIT_PUBLIC: '5' } });
    });
    afterAll(async () => t?.close());

    describe('POST /api/newsletter', () => {
      it('stores an address once, in any letter case, with the same thanks', async () => {
        const subscribe = (email: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/newsletter',
            payload: { email, consentMarketing: true },
            remoteAddress: nextIp(),
          });
        const first = await subscribe('Mai.Nguyen@Example.com');
        expect(first.statusCode).toBe(200);
        expect(first.json()).toEqual({ success: true, message: NEWSLETTER_MSG.thanks });
        expect((await subscribe(' mai.nguyen@example.com ')).json()).toEqual(first.json());
        expect(await countSubscribers(t.testDb.database.db, 'MAI.NGUYEN@EXAMPLE.COM')).toBe(1);
      });

      it('refuses a missing or malformed address with 400', async () => {
        for (const [payload, message] of [
          [{}, NEWSLETTER_MSG.emailRequired],
          [{ email: '' }, NEWSLETTER_MSG.emailRequired],
          [{ email: 'mai@' }, NEWSLETTER_MSG.emailInvalid],
          [{ email: `${'a'.repeat(250)}@x.vn` }, NEWSLETTER_MSG.emailInvalid],
        ] as const) {
          const res = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload, remoteAddress: nextIp() });
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe(message);
        }
      });
    });
  });
}
