import { defineConfig, devices } from '@playwright/test';
import { WORKERS, ownServer, serverOf } from './servers';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // A file's journeys run in order in one worker; two files run at once, each worker on its own
  // server and database (servers.ts), so no journey sees another's bookings.
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${ownServer.port}`,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    // A screenshot at the end of every journey for the report; CI keeps only the failures' (nobody
    // opens its report otherwise, and they cost half a second each).
    screenshot: process.env.CI ? 'only-on-failure' : 'on',
    // A trace records every action's page and a screencast, whether the journey passes or not: in CI
    // (one retry) only the retry of a failed journey records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    video: 'off',
    launchOptions: {
      executablePath: chrome,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Tests tagged @phone run at both widths; @phone-only ones only on the phone.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone-only/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: Array.from({ length: WORKERS }, (_, i) => serverOf(i)).map(({ port, smtpPort, phonePort }) => ({
    // A fresh embedded database every run: the journeys see exactly what a newcomer sees.
    // With a real mailbox beside it (serve-with-mailbox.mjs): journeys open the links of e-mails.
    // Playwright starts the servers one after the other: the first builds the web app, the next find it built.
    command: `rm -rf .e2e-data-${port} && node serve-with-mailbox.mjs`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    // Every journey comes from one address: the public-write and sign-in budgets of one visitor
    // (tested in the server suite) would run out across them.
    env: {
      PORT: String(port),
      E2E_SMTP_PORT: String(smtpPort),
      E2E_PHONE_PORT: String(phonePort),
      DATA_DIR: `.e2e-data-${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PUBLIC: '1000',
      // Journeys that open a revoked or wrong private link spend the address's misses of links.
      RATE_LIMIT_LINK_MISSES: '1000',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '1000',
      // The two-factor journey signs the admin in five times within a minute; the account budget is the server suite's.
      RATE_LIMIT_LOGIN: '1000',
      WAITING_LIST_CHECK_SECONDS: '2',
      // The refunds a cancel leaves to the refunds job are sent within two seconds, not thirty: the
      // journeys that watch a refund reach her page and Booking Manager wait for it.
      REFUND_CHECK_SECONDS: '2',
      // The journeys that open an e-mail's link wait for it: every second, not every five.
      OUTBOX_CHECK_SECONDS: '1',
      // The journeys run on the wall clock at any hour: the simulators' refusal of refunds from 23:00
      // to midnight (tested in the server suite on its own clock) would fail every refund journey then.
      SIMULATOR_NIGHTLY_SETTLEMENT: 'false',
    },
  })),
});
