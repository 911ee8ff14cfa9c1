// What the security headers of an answer must be, as lists of problems (empty: all is well):
// shared by the browser tests on the Node server and by check:netlify on Netlify's output, so
// both hold the site to the same rules.
import { createHash } from 'node:crypto';

/** The policy of an answer that is not a page. */
export const NOTHING_LOADS =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function get(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The headers every answer carries; HSTS exactly when it was served over HTTPS. */
export function commonHeaderProblems(headers: HeaderSource, { https }: { https: boolean }): string[] {
  const problems: string[] = [];
  const expectValue = (name: string, want: string | undefined) => {
    const value = get(headers, name);
    if (value !== want) problems.push(`${name}: ${value ?? '(none)'}, expected ${want ?? '(none)'}`);
  };
  expectValue('referrer-policy', 'strict-origin-when-cross-origin');
  expectValue('x-content-type-options', 'nosniff');
  expectValue('cross-origin-opener-policy', 'same-origin');
  expectValue('strict-transport-security', https ? 'max-age=31536000; includeSubDomains' : undefined);
  const permissions = (get(headers, 'permissions-policy') ?? '').split(/,\s*/);
  for (const feature of ['geolocation=(self)', 'camera=()', 'microphone=()', 'payment=()']) {
    if (!permissions.includes(feature)) problems.push(`permissions-policy lacks ${feature}`);
  }
  return problems;
}

/** A policy's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * A page's policy: the site's directives, a hash for each of the page's inline scripts and
 * styles, no 'unsafe-inline' for scripts, and no second policy in a <meta> tag.
 */
export function pagePolicyProblems(csp: string | undefined, html: string): string[] {
  if (!csp) return ['no Content-Security-Policy'];
  const problems: string[] = [];
  const policy = directives(csp);
  const want: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['report-uri', ['/api/csp-report']],
    ['report-to', ['csp-endpoint']],
  ];
  for (const [name, values] of want) {
    if (policy.get(name)?.join(' ') !== values.join(' ')) {
      problems.push(`${name}: ${policy.get(name)?.join(' ') ?? '(none)'}, expected ${values.join(' ')}`);
    }
  }
  const images = policy.get('img-src') ?? [];
  if (!images.includes("'self'") || !images.includes('data:')) problems.push(`img-src: ${images.join(' ')}`);
  const scripts = policy.get('script-src') ?? [];
  const styles = policy.get('style-src') ?? [];
  if (!scripts.includes("'self'")) problems.push("script-src lacks 'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'"]) {
    if (scripts.includes(unsafe)) problems.push(`script-src allows ${unsafe}`);
  }
  for (const [, attributes = '', body = ''] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    // External scripts load from 'self'; JSON-LD is data, which no policy governs.
    if (/\ssrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
    if (!scripts.includes(sha256(body))) problems.push(`no hash for the inline script ${body.slice(0, 60)}`);
  }
  for (const [, body = ''] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
    if (!styles.includes(sha256(body))) problems.push(`no hash for the inline style ${body.slice(0, 60)}`);
  }
  if (/\sstyle="/.test(html)) problems.push('a style attribute (a policy with hashes refuses it)');
  if (/http-equiv="content-security-policy"/i.test(html)) {
    problems.push('a <meta> policy (it cannot carry frame-ancestors, and both would apply)');
  }
  return problems;
}
