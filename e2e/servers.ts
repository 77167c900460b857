// The journeys' servers: one per Playwright worker, each with its own database, mailbox and phone
// simulator, so two journeys running at once never see each other's bookings. Worker i's ports are
// the base ports (E2E_PORT, E2E_SMTP_PORT, E2E_PHONE_PORT) plus 2·i.

/** Journeys at once (E2E_WORKERS; 2 by default: on two cores the journeys spend much of their time waiting). */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export type JourneyServer = { port: number; smtpPort: number; phonePort: number; mailDir: string };

export function serverOf(index: number): JourneyServer {
  const smtpBase = Number(process.env.E2E_SMTP_PORT ?? 3125);
  const port = Number(process.env.E2E_PORT ?? 3100) + 2 * index;
  const smtpPort = smtpBase + 2 * index;
  const phonePort = Number(process.env.E2E_PHONE_PORT ?? smtpBase + 1) + 2 * index;
  return { port, smtpPort, phonePort, mailDir: `.e2e-mail-${smtpPort}` };
}

/** The server of the worker this journey runs in (Playwright sets TEST_PARALLEL_INDEX in each worker). */
export const ownServer = serverOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** The phone simulator's address (Zalo ZNS and SMS): what a phone received is at GET /_sim/inbox. */
export const SIMULATOR = `http://127.0.0.1:${ownServer.phonePort}`;
