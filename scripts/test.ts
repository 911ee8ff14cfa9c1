// npm test: unit and integration tests (vitest), then browser tests (Playwright in Debian's
// Chromium). Without Chromium the browser tests are skipped with one line saying so, except
// on CI, where that is a failure. Ends with the flaky tests by name, if any, and one line:
// "N passed, N failed, N flaky[, N skipped]". A flaky test does not fail the run.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { ROOT } from './lib/database.ts';
import { BIN, run } from './lib/processes.ts';
import { addTally, emptyTally, playwrightTally, summary } from './lib/test-summary.ts';

const RESULTS = path.join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
mkdirSync(RESULTS, { recursive: true });

let total = emptyTally();
let ok = true;

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const vitestJson = path.join(RESULTS, 'vitest.json');
try {
  await run(path.join(BIN, 'vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
} catch {
  ok = false;
}
const vitest = readJson(vitestJson) as
  | { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }
  | undefined;
if (vitest) {
  total = addTally(total, {
    ...emptyTally(),
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests,
    skipped: vitest.numPendingTests + vitest.numTodoTests,
  });
} else {
  ok = false;
}

if (existsSync(CHROMIUM)) {
  const playwrightJson = path.join(RESULTS, 'playwright.json');
  try {
    await run(path.join(BIN, 'playwright'), ['test'], {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    });
  } catch {
    ok = false;
  }
  const report = readJson(playwrightJson) as JSONReport | undefined;
  if (report) {
    total = addTally(total, playwrightTally(report, ROOT));
  } else {
    ok = false;
  }
} else if (process.env.CI) {
  console.error(
    `Chromium not found at ${CHROMIUM}: CI must run the browser tests (apt-get install -y chromium).`,
  );
  ok = false;
} else {
  console.log(
    `Browser tests skipped: Chromium not found at ${CHROMIUM}; install it with: sudo apt-get install -y chromium`,
  );
}

if (total.failed > 0) ok = false;
console.log(`\n${summary(total)}`);
process.exit(ok ? 0 : 1);
