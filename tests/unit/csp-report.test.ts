// CSP violation reports: both formats read, other report types dropped, and a log line that keeps
// no secrets (no query string, no fragment, no script text) and cannot be split into two.
import { describe, expect, it } from 'vitest';
import { cspViolations, ZCspReportBody } from '../../src/schemas/csp-report.ts';
import { loggable, violationLine } from '../../src/server/platform/security/record-csp-reports.ts';

describe('cspViolations', () => {
  it('reads a report-uri report', () => {
    const body = ZCspReportBody.parse({
      'csp-report': {
        'document-uri': 'https://site.example/a',
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'inline',
        'line-number': 12,
        'script-sample': 'alert(document.cookie)',
      },
    });
    expect(cspViolations(body)).toEqual([
      {
        document: 'https://site.example/a',
        directive: 'script-src-elem',
        blocked: 'inline',
        source: undefined,
        line: 12,
        disposition: undefined,
      },
    ]);
  });

  it('reads the CSP reports of a Reporting API batch and drops the other types', () => {
    const body = ZCspReportBody.parse([
      { type: 'deprecation', url: 'https://site.example/', body: { id: 'x' } },
      {
        type: 'csp-violation',
        url: 'https://site.example/b',
        body: {
          documentURL: 'https://site.example/b',
          effectiveDirective: 'img-src',
          blockedURL: 'https://x.example/i.png',
        },
      },
    ]);
    expect(cspViolations(body)).toMatchObject([
      { document: 'https://site.example/b', directive: 'img-src', blocked: 'https://x.example/i.png' },
    ]);
  });

  it('refuses what is not a report', () => {
    expect(ZCspReportBody.safeParse({ hello: 1 }).success).toBe(false);
    expect(
      ZCspReportBody.safeParse(Array.from({ length: 21 }, () => ({ type: 'csp-violation' }))).success,
    ).toBe(false);
  });
});

describe('the log line', () => {
  it('names the directive, what was blocked and where, without query strings or fragments', () => {
    const line = violationLine({
      document: 'https://site.example/reset-password?token=secret-token#x',
      directive: 'script-src-elem',
      blocked: 'https://cdn.example/lib.js?key=abc',
      source: 'https://site.example/_astro/x.js?v=1',
      line: 3,
      disposition: 'enforce',
    });
    expect(line).toBe(
      'CSP violation: script-src-elem blocked https://cdn.example/lib.js on https://site.example/reset-password at https://site.example/_astro/x.js:3',
    );
    expect(line).not.toContain('secret-token');
  });

  it('is one line, whatever a report holds', () => {
    expect(loggable('inline\nCSP violation: forged')).toBe('inline CSP violation: forged');
    expect(loggable('x'.repeat(500))).toHaveLength(200);
    expect(loggable(undefined)).toBe('-');
    expect(loggable('data:image/png;base64,AAAA')).toBe('data:');
  });
});
