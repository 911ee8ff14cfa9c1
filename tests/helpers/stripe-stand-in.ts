// A stand-in for Stripe's API at the HTTP boundary: POST /v1/payment_intents answered as Stripe
// answers it for its test payment methods, remembering idempotency keys as Stripe does (the same
// key returns the first answer). The real stripe SDK talks to it over HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeStandIn {
  port: number;
  /** Requests that reached the stand-in (a replayed idempotency key is counted too). */
  requests: { idempotencyKey: string | undefined; body: URLSearchParams }[];
  close(): Promise<void>;
}

const DECLINES: Record<string, { code: string; decline_code?: string; message: string; status: string }> = {
  pm_card_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    status: 'requires_payment_method',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    status: 'requires_payment_method',
  },
  pm_card_authenticationRequired: {
    code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
    status: 'requires_payment_method',
  },
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const answers = new Map<string, { status: number; body: unknown }>();
  const requests: StripeStandIn['requests'] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ idempotencyKey: key, body });
      const send = (a: { status: number; body: unknown }) => {
        res.writeHead(a.status, { 'content-type': 'application/json', 'request-id': `req_${(n += 1)}` });
        res.end(JSON.stringify(a.body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/payment_intents') {
        return send({
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } },
        });
      }
      if (!(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        return send({
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        });
      }
      const previous = key ? answers.get(key) : undefined;
      if (previous) return send(previous);
      const id = `pi_standin_${(n += 1)}`;
      const method = body.get('payment_method') ?? '';
      const decline = DECLINES[method];
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency'),
        customer: body.get('customer'),
        payment_method: method,
        status: decline ? decline.status : 'succeeded',
      };
      const answer = decline
        ? {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: decline.code,
                ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
                message: decline.message,
                payment_intent: intent,
              },
            },
          }
        : { status: 200, body: intent };
      if (key) answers.set(key, answer);
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
