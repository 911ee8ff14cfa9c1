// The middleware's CSRF check (src/server/platform/security/cross-site.ts): a state-changing request from
// another site is refused everywhere but at the CSP report path and, exactly, Stripe's webhook,
// which Stripe's servers post and whose signature, not its origin, authenticates it.
import { describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../src/server/platform/security/body-limits.ts';
import { refusedAsCrossSite } from '../../src/server/platform/security/cross-site.ts';

const ORIGIN = 'https://daytoncontractors.example';

const post = (headers: Record<string, string>) =>
  new Request(`${ORIGIN}/x`, { method: 'POST', headers, body: '{}' });

describe('refusedAsCrossSite', () => {
  it('lets a post to the Stripe webhook through from anywhere: with a foreign Origin, Referer or none', () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'cross-site' },
      {},
    ]) {
      expect(refusedAsCrossSite(post(headers), STRIPE_WEBHOOK_PATH, ORIGIN)).toBe(false);
    }
  });

  it('refuses the same cross-site post anywhere else, even at paths that only look like the webhook', () => {
    for (const path of [
      '/api/contractor/limits',
      '/api/stripe/webhook/',
      '/api/stripe/webhook2',
      '/api/stripe/webhooks',
      '/api/stripe',
      '/API/STRIPE/WEBHOOK',
    ]) {
      expect(refusedAsCrossSite(post({ origin: 'https://evil.example' }), path, ORIGIN)).toBe(true);
      expect(refusedAsCrossSite(post({ 'sec-fetch-site': 'cross-site' }), path, ORIGIN)).toBe(true);
    }
  });

  it('lets same-site posts and safe methods through anywhere', () => {
    expect(refusedAsCrossSite(post({ origin: ORIGIN }), '/api/contractor/limits', ORIGIN)).toBe(false);
    expect(refusedAsCrossSite(post({ referer: `${ORIGIN}/dashboard` }), '/api/quotes', ORIGIN)).toBe(false);
    const get = new Request(`${ORIGIN}/x`, { headers: { origin: 'https://evil.example' } });
    expect(refusedAsCrossSite(get, '/api/contractor/limits', ORIGIN)).toBe(false);
  });
});
