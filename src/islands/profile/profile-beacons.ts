// The public profile's analytics beacons, in plain script (the page ships no framework): a view
// on load, and a phone, e-mail or website click when such a link is followed. Each is one
// navigator.sendBeacon (a keepalive fetch where there is none) of a tiny JSON body as text/plain,
// which needs no preflight; failures are ignored, since counting must never get in the way.
import { BEACON_PATH, type BeaconMetric } from '../../domain/analytics-rules.ts';

/** Which metric a followed link counts, if any. */
function metricOfLink(link: HTMLAnchorElement): BeaconMetric | null {
  if (link.protocol === 'tel:') return 'PHONE_CALLS';
  if (link.protocol === 'mailto:') return 'EMAIL_CLICKS';
  if (link.dataset['metric'] === 'WEBSITE_CLICKS') return 'WEBSITE_CLICKS';
  return null;
}

function sendBeacon(businessId: string, metric: BeaconMetric): void {
  const body = JSON.stringify({ businessId, metric });
  try {
    // Absent in some embedded browsers, whatever the DOM typings say.
    if (
      'sendBeacon' in navigator &&
      navigator.sendBeacon(BEACON_PATH, new Blob([body], { type: 'text/plain' }))
    )
      return;
    void fetch(BEACON_PATH, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain' },
      keepalive: true,
      credentials: 'omit',
    }).catch(() => {});
  } catch {
    // counting is best-effort
  }
}

/** Counts the view now, and every counted link followed on the page (the sticky call bar too). */
export function attachProfileBeacons(root: HTMLElement): void {
  const businessId = root.dataset['businessId'];
  if (!businessId) return;
  sendBeacon(businessId, 'PROFILE_VIEWS');
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const metric = metricOfLink(link);
    if (metric) sendBeacon(businessId, metric);
  });
}
