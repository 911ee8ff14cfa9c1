// The gateway this deployment uses: Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise.
import type { Sql } from '../db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

export function paymentGateway(sql: Sql): PaymentGateway {
  const key = process.env['STRIPE_SECRET_KEY'];
  return key ? createStripeGateway(key) : createSandboxGateway(sql);
}
