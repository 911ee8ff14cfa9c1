// The security headers every response carries, and the Content-Security-Policy's directives,
// in one place: astro.config.mjs gives the directives to Astro's CSP support (which adds the
// hashes of each page's scripts and styles), the Node server and the middleware send the headers,
// and the Netlify build writes them into its headers file.
import { createHash } from 'node:crypto';

/** Where browsers send CSP violation reports (src/pages/api/csp-report.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API endpoint's name, declared by Reporting-Endpoints and named by report-to. */
const CSP_REPORT_GROUP = 'csp-endpoint';

type DirectiveName =
  | 'default-src'
  | 'object-src'
  | 'base-uri'
  | 'frame-ancestors'
  | 'form-action'
  | 'img-src'
  | 'connect-src'
  | 'worker-src'
  | 'report-uri'
  | 'report-to';

/**
 * The policy's directives besides script-src and style-src, which Astro writes with the hashes
 * of the page's own scripts and styles. `storageOrigin` is Supabase Storage's when photos are
 * served from there (/uploads/... redirects to the bucket's public URL).
 */
export function cspDirectives(storageOrigin: string | null): `${DirectiveName} ${string}`[] {
  return [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `img-src 'self' data:${storageOrigin ? ` ${storageOrigin}` : ''}`,
    "connect-src 'self'",
    // The quote page's proof-of-work widget (altcha) runs its work in a Worker it creates from a
    // Blob of its bundled code.
    "worker-src 'self' blob:",
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ];
}

/**
 * The policy of an answer that is not a page (JSON, redirects, images, the refusals): nothing
 * may load, nothing may frame it. Pages carry their own, with their hashes.
 */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Where the service worker is served (src/pages/sw.js.ts). */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The service worker's own policy (a worker's policy is the one its script arrives with): it
 * fetches pages and files of this site for the page it serves, and nothing else.
 */
export const SERVICE_WORKER_CSP =
  "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** One year, the usual minimum for HSTS preload lists. */
const HSTS_SECONDS = 365 * 24 * 60 * 60;

/**
 * Browser features the site may use: geolocation for "Use my location" (this site only);
 * everything that could reach a camera, microphone, payment sheet or device stays off.
 * Only features Chromium knows: an unknown one is a console error on every page.
 */
const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'browsing-topics=()',
].join(', ');

/** The headers of every response; HSTS only where the site is served over HTTPS. */
export function securityHeaders({ secure }: { secure: boolean }): Record<string, string> {
  return {
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'reporting-endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    ...(secure ? { 'strict-transport-security': `max-age=${HSTS_SECONDS}; includeSubDomains` } : {}),
  };
}

/** A script's CSP hash source ('sha256-...'), for the inline scripts Astro does not hash itself. */
export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}
