// Browser suite: Debian's Chromium (no browser download) against the whole stack started by
// `npm start` on its own ports and a fresh embedded database (architecture.md §2 pitfalls).
import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? SANDBOX_PORT + 15);
/**
 * Debian's headless shell (package chromium-headless-shell) when installed: the same Chromium
 * without the desktop browser's user interface, which is what Playwright itself runs for headless
 * tests. Measured on this 2-core machine, it ran two spec files in 23 s and 42 CPU-seconds where the
 * full browser took 34 s and 63 (docs/architecture.md §2, pitfalls).
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Whole donation flows run on machines busy with other work; a test's own waits go up to 30 s.
  timeout: 90_000,
  // Playwright's 5 s default for each expectation is short for a page on a busy machine.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${WEB_PORT}`,
    locale: 'ja-JP',
    // CI keeps no artifacts, and recording a trace (a screencast and DOM snapshots of every step)
    // costs about a third of the browser's CPU: locally a failed test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // Without a bound a navigation that never ends waits out the whole test, and the failure then
    // names whatever the test's clean-up did next instead of the page that hung.
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: CHROMIUM,
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
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${WEB_PORT}/`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      WEB_PORT: String(WEB_PORT),
      API_PORT: String(API_PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      SANDBOX_SMTP_PORT: String(SMTP_PORT),
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'kifu-e2e-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
});
