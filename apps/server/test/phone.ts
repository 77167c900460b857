import type { Clock } from '../src/lib/clock';
import { startPhoneSimulator, type PhoneSimulator } from '../src/modules/messaging/phone-simulator.mjs';
import { simulatedZnsTemplates } from '../src/modules/messaging/templates';
import { buildTestApp, type TestContext } from './build-app';
import type { DbKind } from './databases';
import { freePort } from './system/postgres-cluster';

/** The Zalo OA's keys the phone simulator and the app share in tests. */
export const ZALO_TOKEN = 'zalo-test-access-token';
export const OA_SECRET = 'oa-secret-for-tests';
export const APP_ID = '4242';

/**
 * An app listening on its PUBLIC_URL (a free port: the providers' simulators and callbacks are real
 * HTTP calls to it), with the phone simulator as its Zalo and SMS providers.
 */
export async function buildPhoneTestApp(
  kind: DbKind,
  clock: Clock,
  env: Record<string, string> = {},
): Promise<{ t: TestContext; sim: PhoneSimulator }> {
  const port = await freePort();
  const sim = await startPhoneSimulator({
    zaloToken: ZALO_TOKEN,
    zaloAppId: APP_ID,
    oaSecret: OA_SECRET,
    smsApiKey: 'esms-key',
    smsSecretKey: 'esms-secret',
    zaloWebhookUrl: `http://127.0.0.1:${port}/api/messages/callbacks/zalo`,
    // Each message is checked against its registered template, as Zalo does (issue 35).
    templates: simulatedZnsTemplates(),
  });
  const t = await buildTestApp(kind, {
    clock,
    env: {
      RATE_LIMIT_PUBLIC: '1000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ZALO_API_URL: sim.url,
      ZALO_ACCESS_TOKEN: ZALO_TOKEN,
      ZALO_APP_ID: APP_ID,
      ZALO_OA_SECRET: OA_SECRET,
      SMS_API_URL: sim.url,
      SMS_API_KEY: 'esms-key',
      SMS_SECRET_KEY: 'esms-secret',
      ...env,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, sim };
}
