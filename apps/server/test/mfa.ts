import type { App } from '../src/app';
import type { Clock } from '../src/lib/clock';
import { totpCode, totpStep } from '../src/lib/totp';
import { bearer } from './build-app';

/** The code an authenticator app shows for the secret, `steps` periods of 30 s from the clock's now. */
export const codeAt = (secret: string, clock: Clock, steps = 0) => totpCode(secret, totpStep(clock.now()) + steps);

/** Sets up and confirms a second factor through the API, as /settings does: the key, the recovery codes, the new token. */
export async function enrolThroughApi(app: App, token: string, clock: Clock) {
  const setup = await app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers: bearer(token) });
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json().secret as string;
  const enable = await app.inject({
    method: 'POST',
    url: '/api/auth/mfa/enable',
    headers: bearer(token),
    payload: { code: codeAt(secret, clock) },
  });
  if (enable.statusCode !== 200) throw new Error(`enable: ${enable.statusCode} ${enable.body}`);
  const body = enable.json() as { token: string; recoveryCodes: string[] };
  return { secret, token: body.token, recoveryCodes: body.recoveryCodes };
}

/** The password step of a sign-in of an account with a second factor: its challenge. */
export async function challengeFor(app: App, usernameOrEmail: string, password: string, ip = '127.0.0.1') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { usernameOrEmail, password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200 || !res.json().challenge) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return res.json().challenge as string;
}

export const secondStep = (app: App, challenge: string, code: string, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login/mfa', payload: { challenge, code }, remoteAddress: ip });
