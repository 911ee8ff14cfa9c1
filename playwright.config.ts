// Browser tests in Debian's Chromium (no browser download) against the built site served by
// our Node server, with a fresh embedded database and demo data (scripts/e2e-server.ts).
import { defineConfig, devices } from '@playwright/test';

// A port per run unless E2E_PORT is given, so parallel runs on one machine do not collide.
// Set here, in the main process, so the workers and the web server inherit the same value.
process.env.E2E_PORT ??= String(4400 + (process.pid % 2000));
const port = Number(process.env.E2E_PORT);
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', use: CHROMIUM, testIgnore: /publish\.spec\.ts$/ },
    // Publishing rebuilds the site the suite is served from and switches to the new build: run it
    // after every other test, so none of them sees a site rebuilt from what other tests left in
    // the database.
    { name: 'publish', use: CHROMIUM, testMatch: /publish\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/`,
    timeout: 600_000,
    reuseExistingServer: false,
    // SIGTERM (not Playwright's default SIGKILL), so the server cleans up: its database's URL
    // file, its scratch folder and the builds a publish made (dist-e2e-builds/).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
