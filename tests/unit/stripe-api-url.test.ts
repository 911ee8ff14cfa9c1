// STRIPE_API_URL: where the Stripe SDK sends its requests (the tests' stand-in); unset is Stripe's.
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../../src/server/platform/config/env.ts';
import { stripeApi } from '../../src/server/platform/config/payments.ts';

describe('STRIPE_API_URL', () => {
  it("leaves the SDK on Stripe's API when unset", () => {
    expect(stripeApi(parseServerEnv({}))).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
  });

  it('gives the SDK the host, port and protocol of the URL', () => {
    expect(stripeApi(parseServerEnv({ STRIPE_API_URL: 'http://127.0.0.1:12111' }))).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(stripeApi(parseServerEnv({ STRIPE_API_URL: 'https://stripe.example.test' }))).toEqual({
      host: 'stripe.example.test',
      port: 443,
      protocol: 'https',
    });
  });

  it('refuses a URL that is not http or https', () => {
    expect(() => parseServerEnv({ STRIPE_API_URL: 'ftp://127.0.0.1/' })).toThrow(/STRIPE_API_URL/);
  });
});
