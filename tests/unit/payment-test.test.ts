// Which gateway a payment test may run against: the sandbox (no key) and Stripe's test mode only;
// a live key, or a key of no known kind, counts as live.
import { describe, expect, it } from 'vitest';
import { gatewayMode } from '../../src/domain/payment-test.ts';

describe('gatewayMode', () => {
  it.each([
    [null, 'sandbox'],
    ['sk_test_51abc', 'stripe_test'],
    ['rk_test_51abc', 'stripe_test'],
    ['sk_live_51abc', 'stripe_live'],
    ['rk_live_51abc', 'stripe_live'],
    ['pk_test_51abc', 'stripe_live'],
    ['sk_test', 'stripe_live'],
    ['not-a-key', 'stripe_live'],
    ['', 'stripe_live'],
  ] as const)('%s is %s', (key, mode) => {
    expect(gatewayMode(key)).toBe(mode);
  });
});
