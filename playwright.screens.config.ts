// The README's screenshots (docs/screens/*.png) taken from the built site with its demo data, at a
// phone's width: `npm run screens`. The browser tests' server and Chromium, its own test folder
// (tests/screens/), so `npm test` never rewrites the committed pictures.
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: 'tests/screens',
  retries: 0,
  workers: 1,
  reporter: 'list',
  projects: [{ name: 'screens', use: base.projects![0]!.use ?? {} }],
});
