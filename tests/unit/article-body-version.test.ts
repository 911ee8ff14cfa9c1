// Stored article bodies are redone only when ARTICLE_BODY_VERSION changes (article-body-seal.ts).
// This fingerprints what decides a body (the rendering and sanitising code, the TRUSTED profile,
// the versions of DOMPurify, jsdom and marked) and fails when it changes until the version is
// bumped: add the new fingerprint to SEALED_BY with a new version, or, when the change cannot
// change any body (a comment), with the current one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/database.ts';
import { profileConfig } from '../../src/server/platform/content/sanitize-html.ts';
import { ARTICLE_BODY_VERSION } from '../../src/server/site/pages/article-body-seal.ts';

/** Fingerprint -> the ARTICLE_BODY_VERSION that sealed bodies under it, oldest first. */
const SEALED_BY: Record<string, string> = {
  // Was b096d1c9a6f07b29 until escapeHtml stopped being exported (knip) and the sanitiser logged
  // through src/server/platform/log.ts instead of console (issue 29), then the three files'
  // import paths changed when src/server was regrouped into areas (issue 29): no body could change.
  '18db6ebb85f381d6': 'article-body-1',
};

function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of ['article-content.ts', 'article-body.ts']) {
    hash.update(readFileSync(path.join(ROOT, 'src/server/site/pages', file)));
  }
  hash.update(readFileSync(path.join(ROOT, 'src/server/platform/content/sanitize-html.ts')));
  hash.update(JSON.stringify(profileConfig('trusted')));
  for (const pkg of ['dompurify', 'jsdom', 'marked']) {
    const json = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string;
    };
    hash.update(`${pkg}@${json.version}`);
  }
  return hash.digest('hex').slice(0, 16);
}

describe('ARTICLE_BODY_VERSION', () => {
  it('is the version recorded for what decides an article body today', () => {
    const current = fingerprint();
    expect(
      SEALED_BY[current],
      `Article rendering or sanitising changed (fingerprint ${current}): bump ARTICLE_BODY_VERSION ` +
        'in src/server/site/pages/article-body-seal.ts and record the pair in SEALED_BY',
    ).toBe(ARTICLE_BODY_VERSION);
  });

  it('names each fingerprint with its own version, the newest being the current one', () => {
    const versions = Object.values(SEALED_BY);
    expect(versions.at(-1)).toBe(ARTICLE_BODY_VERSION);
    expect(new Set(versions.slice(0, -1)).has(ARTICLE_BODY_VERSION)).toBe(false);
  });
});
