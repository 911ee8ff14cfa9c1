// npm test's closing block: a browser test that passed only on its retry is counted as flaky,
// not passed, and named with its file, line and titles.
import { describe, expect, it } from 'vitest';
import { addTally, emptyTally, playwrightTally, summary } from '../../scripts/lib/test-summary.ts';

const test = (status: 'expected' | 'unexpected' | 'flaky' | 'skipped') => ({ status });
/** The shape of a real Playwright JSON report (one file, a describe group, retries on). */
const REPORT = {
  config: { rootDir: '/repo/tests/e2e' },
  stats: { expected: 2, unexpected: 1, flaky: 2, skipped: 1 },
  suites: [
    {
      title: 'quote.spec.ts',
      file: 'quote.spec.ts',
      specs: [
        { title: 'the wizard submits a request', file: 'quote.spec.ts', line: 40, tests: [test('expected')] },
        { title: 'uploads a photo', file: 'quote.spec.ts', line: 90, tests: [test('flaky')] },
        { title: 'always fails', file: 'quote.spec.ts', line: 120, tests: [test('unexpected')] },
        { title: 'later', file: 'quote.spec.ts', line: 130, tests: [test('skipped')] },
      ],
      suites: [
        {
          title: 'search',
          file: 'quote.spec.ts',
          specs: [
            { title: 'suggests', file: 'quote.spec.ts', line: 150, tests: [test('expected')] },
            { title: 'filters by distance', file: 'quote.spec.ts', line: 160, tests: [test('flaky')] },
          ],
        },
      ],
    },
  ],
} as unknown as Parameters<typeof playwrightTally>[0];

describe('the browser tests tally', () => {
  const tally = playwrightTally(REPORT, '/repo');

  it('counts flaky tests apart from passed ones', () => {
    expect(tally).toMatchObject({ passed: 2, failed: 1, flaky: 2, skipped: 1 });
  });

  it('names each flaky test by file, line and titles', () => {
    expect(tally.flakyNames).toEqual([
      'tests/e2e/quote.spec.ts:90 › uploads a photo',
      'tests/e2e/quote.spec.ts:160 › search › filters by distance',
    ]);
  });
});

describe('the closing block', () => {
  it('lists the flaky tests above the counts', () => {
    const unit = { ...emptyTally(), passed: 300 };
    expect(summary(addTally(unit, playwrightTally(REPORT, '/repo')))).toBe(
      [
        'Flaky (failed, then passed on a retry):',
        '  tests/e2e/quote.spec.ts:90 › uploads a photo',
        '  tests/e2e/quote.spec.ts:160 › search › filters by distance',
        '',
        '302 passed, 1 failed, 2 flaky, 1 skipped',
      ].join('\n'),
    );
  });

  it('is one line when nothing was flaky', () => {
    expect(summary({ ...emptyTally(), passed: 12 })).toBe('12 passed, 0 failed, 0 flaky');
  });
});
