// The tally npm test ends with: passed, failed and flaky counted apart, the flaky browser tests
// named, so a test that needed a retry (it does not fail the run) is still seen.
import path from 'node:path';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';

export interface Tally {
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  /** "file:line › describe › title" of each flaky test. */
  flakyNames: string[];
}

export function emptyTally(): Tally {
  return { passed: 0, failed: 0, flaky: 0, skipped: 0, flakyNames: [] };
}

/** The Playwright JSON report's counts, and the names of its flaky tests (files relative to `root`). */
export function playwrightTally(
  report: Pick<JSONReport, 'stats' | 'suites'> & { config: { rootDir: string } },
  root: string,
): Tally {
  const flakyNames: string[] = [];
  const walk = (suite: JSONReportSuite, titles: string[]) => {
    for (const spec of suite.specs) {
      if (!spec.tests.some((t) => t.status === 'flaky')) continue;
      const file = path.relative(root, path.join(report.config.rootDir, spec.file));
      flakyNames.push([`${file}:${spec.line}`, ...titles, spec.title].join(' › '));
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // A file's own suite is titled with its path, which the name already starts with.
  for (const suite of report.suites) walk(suite, []);
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected, failed: unexpected, flaky, skipped, flakyNames };
}

export function addTally(a: Tally, b: Tally): Tally {
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    flaky: a.flaky + b.flaky,
    skipped: a.skipped + b.skipped,
    flakyNames: [...a.flakyNames, ...b.flakyNames],
  };
}

/** The closing block: the flaky tests by name, then "N passed, N failed, N flaky[, N skipped]". */
export function summary(t: Tally): string {
  const lines = t.flakyNames.length
    ? ['Flaky (failed, then passed on a retry):', ...t.flakyNames.map((name) => `  ${name}`), '']
    : [];
  const skipped = t.skipped ? `, ${t.skipped} skipped` : '';
  lines.push(`${t.passed} passed, ${t.failed} failed, ${t.flaky} flaky${skipped}`);
  return lines.join('\n');
}
