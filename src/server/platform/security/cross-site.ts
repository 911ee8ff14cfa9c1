// The middleware's CSRF check: a state-changing request must come from this site, except at the
// few paths whose callers are never our pages and whose requests prove themselves otherwise.
import { NETLIFY_DEPLOY_STATUS_PATH, STRIPE_WEBHOOK_PATH } from './body-limits.ts';
import { CSP_REPORT_PATH } from './headers.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths a cross-site state-changing request may reach:
 * - CSP reports: browsers send them without a same-origin Origin (the Reporting API's requests
 *   come from no page), and a report changes nothing but a log line, which is rate limited;
 * - Stripe's webhook: Stripe's servers post it (today with no Origin, which the check lets by,
 *   but nothing promises that), and what authenticates it is its signature, checked over the
 *   raw body before anything is written. A browser cannot forge that signature, so a cross-site
 *   post there is a 400 and writes nothing;
 * - Netlify's deploy notifications: the same, signed with the webhook's JWS secret (401 unsigned).
 */
const CROSS_SITE_ALLOWED: ReadonlySet<string> = new Set([
  CSP_REPORT_PATH,
  STRIPE_WEBHOOK_PATH,
  NETLIFY_DEPLOY_STATUS_PATH,
]);

/** A state-changing request must come from this site: Origin (or, lacking it, Referer) matches. */
function sameOrigin(request: Request, origin: string): boolean {
  const claimed = request.headers.get('origin');
  if (claimed) return claimed === origin;
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      return new URL(referer).origin === origin;
    } catch {
      return false;
    }
  }
  // Browsers send Sec-Fetch-Site on every request; a cross-site one is refused.
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

/** Whether the middleware refuses `request` to `pathname` as a cross-site state change (403). */
export function refusedAsCrossSite(request: Request, pathname: string, origin: string): boolean {
  return (
    !SAFE_METHODS.has(request.method) && !CROSS_SITE_ALLOWED.has(pathname) && !sameOrigin(request, origin)
  );
}
