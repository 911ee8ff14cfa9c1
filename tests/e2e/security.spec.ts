// Security on the built site's Node server (the server npm start runs): the headers of one page
// of every type and of every API route, each page's own Content-Security-Policy covering its
// inline scripts and styles, pages in a browser without a violation, hosts the site does not
// serve refused, X-Forwarded-* believed from the trusted proxy only, bodies larger than a route
// takes refused while the server stays up, and the CSP report endpoint.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_TRUSTED_PROXY, E2E_UNTRUSTED_PEER } from '../../scripts/lib/e2e-settings.ts';
import { commonHeaderProblems, NOTHING_LOADS, pagePolicyProblems } from '../../scripts/lib/policy-checks.ts';
import { CSP_REPORTS_PER_WINDOW } from '../../src/server/platform/security/record-csp-reports.ts';
import { rawRequest, sendLargeBody, type RawAnswer } from '../helpers/raw-http.ts';
import { sessionCookie, signInAs } from '../helpers/e2e-session.ts';
import { expect, test } from '../helpers/test.ts';

const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT}`;
const HOST = new URL(ORIGIN).host;
const CREDENTIALS = JSON.stringify({ email: 'contractor2@example.com', password: 'DemoPass!2026' });

/** The headers every answer carries, served over plain http (so no HSTS). */
function expectCommonHeaders(headers: Record<string, string | string[] | undefined>, where: string): void {
  expect(commonHeaderProblems(headers, { https: false }), where).toEqual([]);
}

/**
 * Signs the demo contractor without a card in, from `localAddress` (an untrusted peer of its own
 * unless told otherwise), as the raw answer.
 */
function signIn(headers: Record<string, string>, localAddress = E2E_UNTRUSTED_PEER): Promise<RawAnswer> {
  return rawRequest(`${ORIGIN}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: CREDENTIALS,
    localAddress,
  });
}

const setCookies = (answer: RawAnswer) => answer.headers['set-cookie'] ?? [];
const sessionSetCookie = (answer: RawAnswer) => setCookies(answer).find((c) => /^(__Host-)?session=/.test(c));

/** The path of a contractor profile the home page links to. */
async function profilePath(request: APIRequestContext): Promise<string> {
  const html = (await (await request.get('/')).text()).replace(/<template[\s\S]*?<\/template>/g, '');
  return /href="(\/contractor\/[a-z0-9-]+)"/.exec(html)![1]!;
}

const PAGES = [
  ['home', '/'],
  ['city-service', '/plumbing-dayton-ohio'],
  ['service', '/services/plumbing'],
  ['emergency', '/emergency/plumber'],
  ['emergency, generic', '/emergency/chimney-fire'],
  ['service areas', '/service-areas'],
  ['article list', '/articles'],
  ['article', '/articles/how-to-choose-a-licensed-contractor-in-dayton'],
  ['AI sheet', '/ai'],
  ['search', '/contractors'],
  ['quote request', '/quote-request'],
  ['sign in', '/auth'],
  ['not found', '/no-such-page'],
] as const;

test.describe('headers on the Node server', () => {
  test('one page of every type: the security headers and its own policy', async ({ request }) => {
    const profile = await profilePath(request);
    // The run's shared session (sign-ins are limited per e-mail: tests/helpers/demo-session.ts).
    const session = await sessionCookie(ORIGIN, 'contractor');
    const cookie = `${session.name}=${session.value}`;
    const pages: [string, string, Record<string, string>][] = [
      ...PAGES.map(([name, p]): [string, string, Record<string, string>] => [name, p, {}]),
      ['profile', profile, {}],
      ['account settings, signed in', '/profile', { cookie }],
    ];
    for (const [name, pagePath, headers] of pages) {
      const answer = await request.get(pagePath, { headers, maxRedirects: 0 });
      const where = `${name} (${pagePath})`;
      expect(answer.status(), where).toBe(pagePath === '/no-such-page' ? 404 : 200);
      expectCommonHeaders(answer.headers(), where);
      expect(answer.headers()['reporting-endpoints'], where).toBe('csp-endpoint="/api/csp-report"');
      expect(
        pagePolicyProblems(answer.headers()['content-security-policy'], await answer.text()),
        where,
      ).toEqual([]);
    }
  });

  test('every API route and the uploads route: the security headers and a policy that loads nothing', async ({
    request,
  }) => {
    // Found from src/pages/api, so that a new endpoint is checked without being listed here.
    const api = path.resolve('src/pages/api');
    const files = readdirSync(api, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const calls: [string, string][] = [['GET', '/uploads/demo/plumbing-1.webp']];
    for (const file of files) {
      const url = `/api/${file.replace(/\.ts$/, '')}`
        .replace(/\/index$/, '')
        .replace(/\[\.\.\.\w+\]/g, 'anything')
        .replace(/\[\w+\]/g, randomUUID());
      const source = readFileSync(path.join(api, file), 'utf8');
      const methods = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE|ALL)\b/g)].flatMap((m) =>
        m[1] === 'ALL' ? ['GET', 'POST'] : [m[1]!],
      );
      expect(methods.length, file).toBeGreaterThan(0);
      for (const method of methods) calls.push([method, url]);
    }
    expect(calls.length).toBeGreaterThan(files.length);
    for (const [method, url] of calls) {
      const answer = await request.fetch(url, { method, maxRedirects: 0 });
      const where = `${method} ${url} (${answer.status()})`;
      expectCommonHeaders(answer.headers(), where);
      expect(answer.headers()['content-security-policy'], where).toBe(NOTHING_LOADS);
    }
  });

  test('prebuilt files that are not pages: the security headers and a policy that loads nothing', async ({
    request,
  }) => {
    for (const file of ['/favicon.svg', '/account-menu.js', '/robots.txt', '/sitemap-index.xml']) {
      const answer = await request.get(file);
      expect(answer.status(), file).toBe(200);
      expectCommonHeaders(answer.headers(), file);
      expect(answer.headers()['content-security-policy'], file).toBe(NOTHING_LOADS);
    }
  });
});

test('one page of every type in a browser: no policy violation, islands hydrated', async ({
  page,
  context,
}) => {
  for (const [, pagePath] of PAGES) {
    await page.goto(pagePath);
    await page.waitForLoadState('networkidle');
    if ((await page.locator('astro-island').count()) > 0)
      await page.locator('astro-island:not([ssr])').first().waitFor();
  }
  // Signed in: the on-demand Account Settings page and its island.
  await signInAs(context, 'contractor', ORIGIN);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.waitForLoadState('networkidle');
  // (The fixture in tests/helpers/test.ts fails this test on any violation it saw.)
});

test.describe('hosts', () => {
  test('a Host this site does not serve is refused before anything runs', async () => {
    const answer = await rawRequest(`${ORIGIN}/`, { headers: { host: 'evil.example' } });
    expect(answer.status).toBe(421);
    expectCommonHeaders(answer.headers, 'the refusal');
    expect(answer.body).not.toContain('Dayton');
  });

  test('an Origin that matches a spoofed Host is still refused (DNS rebinding)', async () => {
    const spoofed = `evil.example:${new URL(ORIGIN).port}`;
    const answer = await signIn({ host: spoofed, origin: `http://${spoofed}` });
    expect(answer.status).toBe(421);
    expect(setCookies(answer)).toEqual([]);
  });

  test("the site's own Host with another site's Origin is refused", async () => {
    const answer = await signIn({ host: HOST, origin: 'http://evil.example' });
    expect(answer.status).toBe(403);
    expect(setCookies(answer)).toEqual([]);
  });

  test('X-Forwarded-Host is ignored from an untrusted peer and checked from the trusted proxy', async () => {
    const forwarded = { 'x-forwarded-host': 'evil.example' };
    expect((await rawRequest(`${ORIGIN}/`, { headers: forwarded })).status).toBe(200);
    expect(
      (await rawRequest(`${ORIGIN}/`, { headers: forwarded, localAddress: E2E_TRUSTED_PROXY })).status,
    ).toBe(421);
  });
});

test.describe('behind a TLS proxy', () => {
  test('the trusted proxy saying https gets the __Host- cookie, Secure, and HSTS', async () => {
    const answer = await signIn(
      { origin: `https://${HOST}`, 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.20' },
      E2E_TRUSTED_PROXY,
    );
    expect(answer.status).toBe(200);
    const cookie = sessionSetCookie(answer)!;
    expect(cookie).toMatch(/^__Host-session=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  test('an untrusted peer saying https is not believed: plain cookie, no HSTS', async () => {
    const answer = await signIn({ origin: ORIGIN, 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(200);
    const cookie = sessionSetCookie(answer)!;
    expect(cookie).toMatch(/^session=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  test('an untrusted peer whose Origin says https is refused (the site is plain http there)', async () => {
    const answer = await signIn({ origin: `https://${HOST}`, 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(403);
  });
});

test.describe('request bodies', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
  const json = { 'content-type': 'application/json', origin: ORIGIN };
  // A page that reads a form, an endpoint that parses JSON, and one that never reads its body
  // (which answered 200 to any body before).
  for (const [route, headers] of [
    ['/auth/verify', form],
    ['/api/auth/sign-in', json],
    ['/api/auth/sign-out', json],
  ] as const) {
    for (const chunked of [true, false]) {
      test(`a large ${chunked ? 'chunked' : 'declared'} body to ${route} is refused with 413 and the server stays up`, async ({
        request,
      }) => {
        const answer = await sendLargeBody(`${ORIGIN}${route}`, {
          bytes: 400 * 1024 * 1024,
          chunked,
          headers,
        });
        expect(answer.status).toBe(413);
        // Refused long before the body was all sent.
        expect(answer.sentBytes).toBeLessThan(100 * 1024 * 1024);
        expect((await request.get('/')).status()).toBe(200);
      });
    }
  }

  test('a body within the allowance still reaches the route', async () => {
    const answer = await rawRequest(`${ORIGIN}/auth/verify`, {
      method: 'POST',
      headers: { ...form, 'transfer-encoding': 'chunked' },
      body: 'token=not-a-token',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/auth?verify=invalid');
  });
});

test.describe('CSP reports', () => {
  const report = (directive: string) =>
    JSON.stringify({
      'csp-report': {
        'document-uri': `${ORIGIN}/reset-password?token=secret-token`,
        'violated-directive': directive,
        'effective-directive': directive,
        'blocked-uri': 'inline',
        'line-number': 3,
      },
    });

  test('both report formats are taken (204), from any site', async ({ request }) => {
    const legacy = await request.post('/api/csp-report', {
      headers: { 'content-type': 'application/csp-report', origin: 'null' },
      data: report('script-src-elem'),
    });
    expect(legacy.status()).toBe(204);
    const batch = await request.post('/api/csp-report', {
      headers: { 'content-type': 'application/reports+json' },
      data: JSON.stringify([
        {
          type: 'csp-violation',
          url: `${ORIGIN}/`,
          body: {
            documentURL: `${ORIGIN}/`,
            effectiveDirective: 'img-src',
            blockedURL: 'https://elsewhere.example/x.png',
          },
        },
      ]),
    });
    expect(batch.status()).toBe(204);
  });

  test('a report larger than the endpoint takes is refused (413)', async ({ request }) => {
    const answer = await request.post('/api/csp-report', {
      headers: { 'content-type': 'application/csp-report' },
      data: JSON.stringify({ 'csp-report': { 'document-uri': `${ORIGIN}/${'x'.repeat(9 * 1024)}` } }),
    });
    expect(answer.status()).toBe(413);
  });

  test('reports are limited per client address, read from the right of the proxy chain', async () => {
    // The proxy appends the address it saw; what the client wrote itself is further left and
    // changes every time, yet every report counts against 198.51.100.30.
    const send = (i: number) =>
      rawRequest(`${ORIGIN}/api/csp-report`, {
        method: 'POST',
        headers: {
          'content-type': 'application/csp-report',
          'x-forwarded-for': `203.0.113.${i}, 198.51.100.30`,
        },
        body: report('img-src'),
        localAddress: E2E_TRUSTED_PROXY,
      });
    for (let i = 0; i < CSP_REPORTS_PER_WINDOW; i += 1) expect((await send(i)).status).toBe(204);
    const limited = await send(CSP_REPORTS_PER_WINDOW);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
