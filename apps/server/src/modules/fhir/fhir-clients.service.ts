import { createHmac, randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { FHIR_MSG, type FhirClient, type RegisterFhirClientRequest } from '@clinic/shared';
import type { FhirClientRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import {
  findFhirClientByClientId,
  findFhirClientRow,
  insertFhirClient,
  listFhirClientRows,
  revokeFhirClientRow,
  useAssertion,
} from './fhir-clients.repository';
import { OAuthError } from './outcome';
import { grantedOf, parseScope, splitScopes } from './scopes';

/** SMART Backend Services (issue 38, docs/FHIR.md): the clients ADMIN registers, and their tokens. */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export const ACCESS_TOKEN_SECONDS = 300;
/** How far ahead an assertion's exp may be (SMART: no more than five minutes). */
const ASSERTION_MAX_SECONDS = 300;
/** Clock skew allowed on the assertion's times. */
const SKEW_SECONDS = 30;
export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const ASSERTION_ALGORITHMS = ['RS384', 'ES384'];

export const fhirBase = (config: AppDeps['config']) => `${config.publicUrl}/fhir`;
export const tokenUrl = (config: AppDeps['config']) => `${fhirBase(config)}/auth/token`;

function toDto(r: FhirClientRow): FhirClient {
  return {
    id: r.id,
    name: r.name,
    clientId: r.clientId,
    jwks: r.jwks,
    scopes: splitScopes(r.scopes),
    createdById: r.createdById,
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

export async function listFhirClients(deps: Pick<AppDeps, 'db'>): Promise<FhirClient[]> {
  return (await listFhirClientRows(deps.db)).map(toDto);
}

export async function registerFhirClient(
  deps: Deps,
  actorId: number,
  input: RegisterFhirClientRequest,
): Promise<FhirClient> {
  // Every key must be one jose can use to check a signature: a key set that verifies nothing is refused now, not at the first token.
  for (const key of input.jwks.keys) {
    if (!strongEnough(key)) throw new BadRequestError(FHIR_MSG.jwksInvalid, 'INVALID_JWKS');
    try {
      const alg = (key.alg as string | undefined) ?? (key.kty === 'EC' ? 'ES384' : 'RS384');
      await importJWK(key as JWK, alg);
    } catch {
      throw new BadRequestError(FHIR_MSG.jwksInvalid, 'INVALID_JWKS');
    }
  }
  const row = await insertFhirClient(deps.db, {
    name: input.name,
    clientId: input.clientId,
    jwks: input.jwks as { keys: Record<string, unknown>[] },
    scopes: [...new Set(input.scopes)].join(' '),
    createdById: actorId,
    createdAt: deps.clock.now(),
  });
  if (!row) throw new ConflictError(FHIR_MSG.clientIdTaken, 'FHIR_CLIENT_EXISTS');
  return toDto(row);
}

/** RSA of 2048 bits and more, or EC on P-384 (ES384): the keys SMART Backend Services asks for. */
function strongEnough(key: Record<string, unknown>): boolean {
  if (key.kty === 'RSA') return typeof key.n === 'string' && Buffer.from(key.n, 'base64url').length >= 256;
  return key.kty === 'EC' && key.crv === 'P-384' && typeof key.x === 'string' && typeof key.y === 'string';
}

export async function revokeFhirClient(deps: Deps, id: number): Promise<FhirClient> {
  const row = await revokeFhirClientRow(deps.db, id, deps.clock.now());
  if (!row) throw new NotFoundError(FHIR_MSG.clientNotFound, 'FHIR_CLIENT_NOT_FOUND');
  return toDto(row);
}

// ---------------------------------------------------------------- tokens

/** The access tokens' own key, derived from JWT_SECRET: a session token is never a FHIR token, nor the reverse. */
function accessKey(config: AppDeps['config']): Uint8Array {
  return createHmac('sha256', config.jwtSecret).update('fhir-access-token').digest();
}

export type TokenRequest = Record<string, string | undefined>;
export type IssuedToken = { access_token: string; token_type: 'bearer'; expires_in: number; scope: string };

/**
 * POST /fhir/auth/token: client credentials with a signed JWT assertion (SMART Backend Services).
 * The assertion: iss = sub = client_id, aud = the token URL, exp at most five minutes ahead, a jti
 * never seen before, signed RS384 or ES384 by a key of the client's set.
 */
export async function issueToken(deps: Deps, body: TokenRequest): Promise<IssuedToken> {
  if (body.grant_type !== 'client_credentials')
    throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
  if (body.client_assertion_type !== JWT_BEARER)
    throw new OAuthError(400, 'invalid_request', `client_assertion_type must be ${JWT_BEARER}`);
  const assertion = body.client_assertion;
  if (!assertion) throw new OAuthError(400, 'invalid_request', 'client_assertion is required');
  const requested = splitScopes(body.scope);
  if (requested.length === 0) throw new OAuthError(400, 'invalid_scope', 'scope is required');
  if (requested.some((s) => !parseScope(s))) throw new OAuthError(400, 'invalid_scope', 'unknown scope requested');

  let claimed: string | undefined;
  try {
    claimed = decodeJwt(assertion).iss;
  } catch {
    throw new OAuthError(400, 'invalid_request', 'client_assertion is not a JWT');
  }
  const client = typeof claimed === 'string' && claimed ? await findFhirClientByClientId(deps.db, claimed) : undefined;
  if (!client || client.revokedAt) throw new OAuthError(401, 'invalid_client', 'unknown or revoked client');

  const now = deps.clock.now();
  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, createLocalJWKSet(client.jwks as { keys: JWK[] }), {
      algorithms: ASSERTION_ALGORITHMS,
      issuer: client.clientId,
      subject: client.clientId,
      audience: tokenUrl(deps.config),
      currentDate: now,
      clockTolerance: SKEW_SECONDS,
      requiredClaims: ['exp', 'jti'],
    }));
  } catch {
    throw new OAuthError(401, 'invalid_client', 'client_assertion could not be verified');
  }
  const exp = payload.exp!;
  if (exp > now.getTime() / 1000 + ASSERTION_MAX_SECONDS + SKEW_SECONDS)
    throw new OAuthError(401, 'invalid_client', 'client_assertion expires more than five minutes ahead');
  const jti = payload.jti;
  if (typeof jti !== 'string' || jti === '' || jti.length > 255)
    throw new OAuthError(401, 'invalid_client', 'client_assertion needs a jti');
  if (!(await useAssertion(deps.db, client.id, jti, new Date((exp + SKEW_SECONDS) * 1000), now)))
    throw new OAuthError(401, 'invalid_client', 'client_assertion was used before (jti)');

  const scope = grantedOf(requested, splitScopes(client.scopes));
  if (scope.length === 0) throw new OAuthError(400, 'invalid_scope', 'none of the requested scopes is granted');
  const iat = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ scope: scope.join(' '), cid: client.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(fhirBase(deps.config))
    .setAudience(fhirBase(deps.config))
    .setSubject(client.clientId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(accessKey(deps.config));
  return { access_token: token, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS, scope: scope.join(' ') };
}

export type FhirCaller = { id: number; clientId: string; name: string; scopes: string[] };

/**
 * The client an access token speaks for, or null (bad signature, expired, another audience, a
 * client revoked since: its row is read on every call, so revocation works at once).
 */
export async function fhirCaller(deps: Deps, token: string): Promise<FhirCaller | null> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, accessKey(deps.config), {
      algorithms: ['HS256'],
      issuer: fhirBase(deps.config),
      audience: fhirBase(deps.config),
      currentDate: deps.clock.now(),
      typ: 'at+jwt',
    }));
  } catch {
    return null;
  }
  const id = payload['cid'];
  const scope = payload['scope'];
  if (typeof id !== 'number' || typeof scope !== 'string') return null;
  const client = await findFhirClientRow(deps.db, id);
  if (!client || client.revokedAt || client.clientId !== payload.sub) return null;
  return { id: client.id, clientId: client.clientId, name: client.name, scopes: splitScopes(scope) };
}
