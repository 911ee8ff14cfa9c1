// The headers every answer carries, the policy's directives, the per-route body allowances, and
// the `_headers` file of a Netlify build.
import { describe, expect, it } from 'vitest';
import {
  ARTICLE_VIEW_SCRIPT,
  INLINE_SCRIPTS,
  REQUEST_PUSH_SHOW_SCRIPT,
  SEO_PAGE_VIEW_SCRIPT,
  STICKY_CTA_SCRIPT,
} from '../../src/components/inline-scripts.ts';
import {
  bodyLimit,
  declaredTooLarge,
  MAX_BODY_BYTES,
  MAX_WEBHOOK_BYTES,
  MAX_CSP_REPORT_BYTES,
  MAX_FORM_BYTES,
  MAX_JSON_BYTES,
  MAX_REVIEW_FORM_BYTES,
  MAX_UPLOAD_BYTES,
  TOO_LARGE,
  tooLargeMessage,
} from '../../src/server/platform/security/body-limits.ts';
import { cspDirectives, scriptHash, securityHeaders } from '../../src/server/platform/security/headers.ts';
import { netlifyHeadersFile } from '../../src/server/platform/security/netlify-headers.ts';

describe('securityHeaders', () => {
  it('sends HSTS (one year, subdomains) over HTTPS only', () => {
    expect(securityHeaders({ secure: true })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(securityHeaders({ secure: false })).not.toHaveProperty('strict-transport-security');
  });

  it('sets the referrer, permissions, sniffing and opener policies', () => {
    const headers = securityHeaders({ secure: false });
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    const features = headers['permissions-policy']!.split(', ');
    expect(features).toContain('geolocation=(self)');
    for (const off of ['camera', 'microphone', 'payment', 'usb']) expect(features).toContain(`${off}=()`);
  });
});

describe('cspDirectives', () => {
  it('allows images from Supabase Storage only when photos are served from there', () => {
    expect(cspDirectives(null)).toContain("img-src 'self' data:");
    expect(cspDirectives('https://project.supabase.co')).toContain(
      "img-src 'self' data: https://project.supabase.co",
    );
  });

  it('carries frame-ancestors and the report endpoint (a header policy: <meta> cannot)', () => {
    expect(cspDirectives(null)).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
        "connect-src 'self'",
        'report-uri /api/csp-report',
        'report-to csp-endpoint',
      ]),
    );
  });
});

describe('inline scripts', () => {
  it('are hashed as the browser hashes them (SHA-256 of the exact text, base64)', () => {
    expect(scriptHash('alert(1)')).toBe('sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=');
    expect(INLINE_SCRIPTS).toEqual([
      STICKY_CTA_SCRIPT,
      ARTICLE_VIEW_SCRIPT,
      SEO_PAGE_VIEW_SCRIPT,
      REQUEST_PUSH_SHOW_SCRIPT,
    ]);
  });
});

describe('bodyLimit', () => {
  it.each([
    ['/api/uploads', MAX_UPLOAD_BYTES],
    ['/api/csp-report', MAX_CSP_REPORT_BYTES],
    ['/api/stripe/webhook', MAX_WEBHOOK_BYTES],
    ['/api/stripe/webhook/', MAX_JSON_BYTES],
    ['/api/auth/sign-in', MAX_JSON_BYTES],
    ['/api/quotes', MAX_JSON_BYTES],
    ['/api/contractor/leads/00000000-0000-4000-8000-000000000000/responses', MAX_REVIEW_FORM_BYTES],
    ['/api/contractor/leads/00000000-0000-4000-8000-000000000000/stage', MAX_JSON_BYTES],
    // Issue 25: a message carries one photo, on the lead and on the homeowner's request pages.
    ['/api/contractor/leads/00000000-0000-4000-8000-000000000000/messages', MAX_UPLOAD_BYTES],
    ['/quote-request/responses', MAX_UPLOAD_BYTES],
    ['/profile/requests/00000000-0000-4000-8000-000000000000', MAX_UPLOAD_BYTES],
    ['/profile/requests', MAX_FORM_BYTES],
    ['/auth/verify', MAX_FORM_BYTES],
    ['/review', MAX_REVIEW_FORM_BYTES],
    ['/api/reviews', MAX_REVIEW_FORM_BYTES],
    ['/reviews', MAX_FORM_BYTES],
    ['/anything-else', MAX_FORM_BYTES],
  ])('%s takes %i bytes', (path, bytes) => {
    expect(bodyLimit(path)).toBe(bytes);
  });

  it('lets the photo upload carry a 10 MB photo and its framing, and nothing more than that anywhere', () => {
    expect(MAX_UPLOAD_BYTES).toBeGreaterThan(10 * 1024 * 1024);
    expect(MAX_UPLOAD_BYTES).toBeLessThanOrEqual(10 * 1024 * 1024 + 64 * 1024);
    expect(MAX_BODY_BYTES).toBe(MAX_UPLOAD_BYTES);
    expect(MAX_JSON_BYTES).toBe(16 * 1024);
  });

  it.each([
    [null, false],
    ['4096', false],
    ['4097', true],
    ['419430400', true],
    ['12abc', true],
    ['-1', true],
  ])('a declared Content-Length of %j is too large: %s', (length, tooLarge) => {
    expect(declaredTooLarge(length, 4096)).toBe(tooLarge);
  });

  it("says the spec's 'File too large' for the photo upload, and a general message elsewhere", () => {
    expect(tooLargeMessage('/api/uploads')).toBe('File too large');
    expect(tooLargeMessage('/api/quotes')).toBe(TOO_LARGE);
    expect(tooLargeMessage('/auth/verify')).toBe(TOO_LARGE);
  });
});

describe("a Netlify build's _headers file", () => {
  it('gives every path the security headers, HSTS included (Netlify serves HTTPS)', () => {
    const file = netlifyHeadersFile();
    expect(file.split('\n')[0]).toBe('/*');
    for (const line of [
      '  Referrer-Policy: strict-origin-when-cross-origin',
      '  X-Content-Type-Options: nosniff',
      '  Cross-Origin-Opener-Policy: same-origin',
      '  Strict-Transport-Security: max-age=31536000; includeSubDomains',
      '  Reporting-Endpoints: csp-endpoint="/api/csp-report"',
    ]) {
      expect(file).toContain(line);
    }
  });
});
