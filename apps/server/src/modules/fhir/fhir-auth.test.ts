import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { call, MONDAY_9AM, signInAll, type Sessions } from '../../../test/appointments';
import {
  assertion,
  clientToken,
  JWT_BEARER,
  type KeyPair,
  newKeyPair,
  tokenRequest,
  validate,
} from '../../../test/fhir';

/** SMART Backend Services (issue 38): ADMIN registers a client; its signed assertion buys a token. */
for (const kind of dbKinds()) {
  describe(`FHIR clients and tokens [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const aud = () => `${t.config.publicUrl}/fhir/auth/token`;
    let n = 0;

    async function register(scopes: string[], pair: KeyPair) {
      const clientId = `client-${(n += 1)}.example.vn`;
      const res = await call(t.app, s.admin, 'POST', '/api/fhir-clients', {
        name: `Bệnh viện ${n}`,
        clientId,
        jwks: pair.jwks,
        scopes,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; clientId: string; scopes: string[] };
    }
    const ask = async (
      clientId: string,
      pair: KeyPair,
      scope: string,
      o: { jti?: string; expiresIn?: number; aud?: string; alg?: 'RS384' | 'ES384' } = {},
    ) =>
      tokenRequest(t.app, {
        grant_type: 'client_credentials',
        scope,
        client_assertion_type: JWT_BEARER,
        client_assertion: await assertion(pair, { clientId, aud: o.aud ?? aud(), now: clock.now(), ...o }),
      });
    const read = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const outcome = (res: LightMyRequestResponse, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      expect(body.resourceType).toBe('OperationOutcome');
      validate(body);
    };
    const oauthError = (res: LightMyRequestResponse, status: number, error: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ error });
      expect(typeof res.json().error_description).toBe('string');
    };

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('issues a five-minute token for the requested scopes the client was granted', async () => {
      const pair = await newKeyPair('RS384');
      const client = await register(['system/Appointment.read', 'system/Patient.rs'], pair);
      const res = await ask(client.clientId, pair, 'system/Appointment.read system/Patient.read system/Slot.read');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({ token_type: 'bearer', expires_in: 300 });
      expect(body.scope.split(' ').sort()).toEqual(['system/Appointment.read', 'system/Patient.read']);
      expect((await read('/fhir/Appointment', body.access_token)).statusCode).toBe(200);
      // Five minutes later it no longer opens anything.
      clock.set(new Date(Date.parse(MONDAY_9AM) + 301_000));
      try {
        outcome(await read('/fhir/Appointment', body.access_token), 401);
      } finally {
        clock.set(MONDAY_9AM);
      }
    });

    it('takes an ES384 key too', async () => {
      const pair = await newKeyPair('ES384');
      const client = await register(['system/*.read'], pair);
      const res = await ask(client.clientId, pair, 'system/Practitioner.read', { alg: 'ES384' });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('refuses a wrong signature, a reused jti, a wrong audience and an assertion living too long (401)', async () => {
      const pair = await newKeyPair('RS384');
      const other = await newKeyPair('RS384', pair.jwks.keys[0]!.kid as string);
      const client = await register(['system/*.read'], pair);
      oauthError(await ask(client.clientId, other, 'system/Patient.read'), 401, 'invalid_client');
      const once = await ask(client.clientId, pair, 'system/Patient.read', { jti: 'the-same-jti' });
      expect(once.statusCode, once.body).toBe(200);
      oauthError(
        await ask(client.clientId, pair, 'system/Patient.read', { jti: 'the-same-jti' }),
        401,
        'invalid_client',
      );
      oauthError(
        await ask(client.clientId, pair, 'system/Patient.read', { aud: 'https://elsewhere.example/token' }),
        401,
        'invalid_client',
      );
      oauthError(await ask(client.clientId, pair, 'system/Patient.read', { expiresIn: 3600 }), 401, 'invalid_client');
      oauthError(await ask('nobody.example.vn', pair, 'system/Patient.read'), 401, 'invalid_client');
    });

    it('refuses a malformed request with OAuth’s 400', async () => {
      const pair = await newKeyPair('RS384');
      const client = await register(['system/Patient.read'], pair);
      oauthError(await tokenRequest(t.app, { grant_type: 'password' }), 400, 'unsupported_grant_type');
      oauthError(
        await tokenRequest(t.app, { grant_type: 'client_credentials', scope: 'system/Patient.read' }),
        400,
        'invalid_request',
      );
      oauthError(
        await tokenRequest(t.app, {
          grant_type: 'client_credentials',
          scope: 'system/Patient.read',
          client_assertion_type: JWT_BEARER,
          client_assertion: 'not.a.jwt',
        }),
        400,
        'invalid_request',
      );
      oauthError(await ask(client.clientId, pair, 'system/Appointment.read'), 400, 'invalid_scope');
      oauthError(await ask(client.clientId, pair, 'patient/*.read'), 400, 'invalid_scope');
      const json = await t.app.inject({
        method: 'POST',
        url: '/fhir/auth/token',
        payload: { grant_type: 'client_credentials' },
      });
      oauthError(json, 400, 'invalid_request');
    });

    it('stops a revoked client’s token at once, and gives it no new one', async () => {
      const pair = await newKeyPair('RS384');
      const client = await register(['system/Patient.read'], pair);
      const token = (await ask(client.clientId, pair, 'system/Patient.read')).json().access_token as string;
      expect((await read('/fhir/Patient', token)).statusCode).toBe(200);
      const revoked = await call(t.app, s.admin, 'POST', `/api/fhir-clients/${client.id}/revoke`);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json().revokedAt).toBeTruthy();
      outcome(await read('/fhir/Patient', token), 401);
      oauthError(await ask(client.clientId, pair, 'system/Patient.read'), 401, 'invalid_client');
    });

    it('answers 401 without a valid token and 403 without the scope, each an OperationOutcome', async () => {
      const pair = await newKeyPair('RS384');
      const client = await register(['system/Practitioner.read'], pair);
      const token = (await ask(client.clientId, pair, 'system/Practitioner.read')).json().access_token as string;
      outcome(await read('/fhir/Patient'), 401);
      outcome(await read('/fhir/Patient', 'not-a-token'), 401);
      // A back-office session opens no FHIR resource (a patient's own session reads her own: fhir-records.test.ts).
      outcome(await read('/fhir/Patient', s.admin.token), 403);
      outcome(await read('/fhir/Patient', token), 403);
      outcome(await read(`/fhir/Appointment/1`, token), 403);
      // The refused read of health data is in the access log, as a back-office refusal is.
      const log = await call(t.app, s.admin, 'GET', '/api/privacy/access-log?appointmentId=1');
      expect(log.json().items[0]).toMatchObject({ actorRole: 'FHIR_CLIENT', outcome: 'REFUSED' });
      expect((await read('/fhir/Practitioner', token)).statusCode).toBe(200);
    });

    it('lets ADMIN alone list, register and revoke clients, and refuses a bad key set or a taken client_id', async () => {
      const pair = await newKeyPair('RS384');
      for (const who of ['staff', 'doctor', 'patient'] as const) {
        expect((await call(t.app, s[who], 'GET', '/api/fhir-clients')).statusCode).toBe(403);
      }
      const client = await register(['system/Appointment.read'], pair);
      const list = await call(t.app, s.admin, 'GET', '/api/fhir-clients');
      expect(list.statusCode).toBe(200);
      expect(list.json().map((c: { clientId: string }) => c.clientId)).toContain(client.clientId);
      const body = { name: 'Lại', clientId: client.clientId, jwks: pair.jwks, scopes: ['system/Patient.read'] };
      expect((await call(t.app, s.admin, 'POST', '/api/fhir-clients', body)).statusCode).toBe(409);
      // A private key pasted by mistake: only its public members are kept.
      const privateKey = { keys: [{ ...pair.jwks.keys[0], d: 'c2VjcmV0' }] };
      const kept = await call(t.app, s.admin, 'POST', '/api/fhir-clients', {
        ...body,
        clientId: 'x.example',
        jwks: privateKey,
      });
      expect(kept.statusCode, kept.body).toBe(201);
      expect(kept.json().jwks.keys[0]).not.toHaveProperty('d');
      const broken = { keys: [{ kty: 'RSA', n: 'abc', e: 'AQAB' }] };
      expect(
        (await call(t.app, s.admin, 'POST', '/api/fhir-clients', { ...body, clientId: 'y.example', jwks: broken }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await call(t.app, s.admin, 'POST', '/api/fhir-clients', {
            ...body,
            clientId: 'z.example',
            scopes: ['user/*.*'],
          })
        ).statusCode,
      ).toBe(400);
      expect((await call(t.app, s.admin, 'POST', '/api/fhir-clients/999999/revoke')).statusCode).toBe(404);
    });
  });
}

describe('FHIR token endpoint under its rate limit [pglite]', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { RATE_LIMIT_LOGIN: '1', RATE_LIMIT_LOGIN_PER_ADDRESS: '2' } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After past the sign-in budget of an address', async () => {
    const ask = () => tokenRequest(t.app, { grant_type: 'client_credentials' });
    expect((await ask()).statusCode).toBe(400);
    expect((await ask()).statusCode).toBe(400);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json().resourceType).toBe('OperationOutcome');
    validate(refused.json());
  });
});

describe('FHIR calls under a client’s rate limit [pglite]', () => {
  let t: TestContext;
  let s: Sessions;
  const clock = fixedClock(MONDAY_9AM);
  beforeAll(async () => {
    t = await buildTestApp('pglite', { clock, env: { RATE_LIMIT_FHIR: '3' } });
    s = await signInAll(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const tokenOf = (clientId: string) =>
    clientToken(t, s.admin, { clientId, scopes: ['system/HealthcareService.read'], alg: 'ES384' });

  it('answers 429 with Retry-After past RATE_LIMIT_FHIR calls a minute of one client, and only to that client', async () => {
    const busy = await tokenOf('busy.example.vn');
    const other = await tokenOf('other.example.vn');
    const read = (token: string) =>
      t.app.inject({ method: 'GET', url: '/fhir/HealthcareService', headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 3; i++) expect((await read(busy)).statusCode).toBe(200);
    const refused = await read(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'throttled' }] });
    validate(refused.json());
    // Another client behind the same address keeps its own budget.
    expect((await read(other)).statusCode).toBe(200);
  });
});
