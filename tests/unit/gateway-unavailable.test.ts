// Which errors count as the payment gateway failing (a sale then left to the sweeper) and which
// as a fault of ours (surfaced): src/server/money/gateway/gateway.ts isGatewayUnavailable, on the
// Stripe SDK's own error classes.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isGatewayUnavailable } from '../../src/server/money/gateway/gateway.ts';

type Raw = NonNullable<ConstructorParameters<typeof Stripe.errors.StripeAPIError>[0]>;
const raw = (statusCode: number, type: Raw['type'] = 'api_error'): Raw => ({
  message: 'x',
  type,
  statusCode,
});

describe('isGatewayUnavailable', () => {
  it("is true for the gateway's timeouts, drops, 5xx, rate limits and in-flight 409s", () => {
    expect(isGatewayUnavailable(new Stripe.errors.StripeConnectionError({ message: 'timed out' }))).toBe(
      true,
    );
    expect(isGatewayUnavailable(new Stripe.errors.StripeAPIError(raw(500)))).toBe(true);
    expect(isGatewayUnavailable(new Stripe.errors.StripeRateLimitError(raw(429, 'rate_limit_error')))).toBe(
      true,
    );
    expect(
      isGatewayUnavailable(new Stripe.errors.StripeIdempotencyError(raw(409, 'idempotency_error'))),
    ).toBe(true);
    expect(isGatewayUnavailable(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
  });

  it('is false for our own faults and for refusals that would not change on a retry', () => {
    expect(isGatewayUnavailable(new Error('killed after the second charge'))).toBe(false);
    expect(isGatewayUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(
      isGatewayUnavailable(new Stripe.errors.StripeInvalidRequestError(raw(400, 'invalid_request_error'))),
    ).toBe(false);
    expect(
      isGatewayUnavailable(new Stripe.errors.StripeAuthenticationError(raw(401, 'authentication_error'))),
    ).toBe(false);
    expect(isGatewayUnavailable(Object.assign(new Error('db'), { code: '23505' }))).toBe(false);
    expect(isGatewayUnavailable('ECONNRESET')).toBe(false);
  });
});
