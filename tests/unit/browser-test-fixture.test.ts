// Every browser test file takes `test` from tests/helpers/test.ts, whose fixture fails a test on
// any Content-Security-Policy violation in the pages it opens: a file that took Playwright's own
// `test` would visit pages unwatched.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = path.join(import.meta.dirname, '../e2e');
const files = readdirSync(E2E).filter((f) => f.endsWith('.spec.ts'));

describe.each(files)('tests/e2e/%s', (file) => {
  const source = readFileSync(path.join(E2E, file), 'utf8');

  it("takes test from tests/helpers/test.ts, not from '@playwright/test'", () => {
    expect(source).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\.\/helpers\/test\.ts';/);
    const playwright = [...source.matchAll(/import \{([^}]*)\} from '@playwright\/test';/g)];
    for (const [, names] of playwright) expect(names).not.toMatch(/(^|,)\s*test\s*(,|$)/);
  });
});
