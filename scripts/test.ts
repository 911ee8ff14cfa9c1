// npm test: unit and integration tests (vitest), then browser tests (Playwright in Debian's
// Chromium). Without Chromium the browser tests are skipped with one line saying so, except
// on CI, where that is a failure. Ends with one line: "N passed, N failed[, N skipped]".
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/database.ts';
import { BIN, run } from './lib/processes.ts';

const RESULTS = path.join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
mkdirSync(RESULTS, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
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
  total.passed += vitest.numPassedTests;
  total.failed += vitest.numFailedTests;
  total.skipped += vitest.numPendingTests + vitest.numTodoTests;
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
  const report = readJson(playwrightJson) as
    { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined;
  if (report) {
    total.passed += report.stats.expected + report.stats.flaky;
    total.failed += report.stats.unexpected;
    total.skipped += report.stats.skipped;
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
console.log(
  `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(ok ? 0 : 1);
