// A stand-in for Stripe's API at the HTTP boundary: the real stripe SDK talks to it over HTTP.
// Requests are answered as Stripe answers them for its test objects, each resource by its own
// module (payment-intents.ts, ...), all sharing one in-memory state. Idempotency keys are
// remembered as Stripe does: a POST with a key seen before gets the first answer again.
// `latencyMs` delays every answer, to measure the product with a real gateway's latency.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billingPortalRoutes } from './billing-portal.ts';
import { checkoutSetupRoutes } from './checkout-sessions.ts';
import { checkoutSubscriptionRoutes } from './checkout-subscriptions.ts';
import { customerRoutes } from './customers.ts';
import { disputeRoutes } from './disputes.ts';
import { paymentIntentRoutes } from './payment-intents.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import { priceRoutes } from './prices.ts';
import { refundRoutes } from './refunds.ts';
import { setupIntentRoutes } from './setup-intents.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { StandInState, type Answer, type Route } from './state.ts';

export type { Answer, Route } from './state.ts';
export { StandInState } from './state.ts';

export interface StripeStandIn {
  port: number;
  /** Requests that reached the stand-in (a replayed idempotency key is counted too). */
  requests: { method: string; path: string; idempotencyKey: string | undefined; body: URLSearchParams }[];
  /** The objects the stand-in holds, for tests to read or arrange. */
  state: StandInState;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** Every answer is sent this long after its request arrived. */
  latencyMs?: number;
}

/** Every resource module's routes; a module adds itself here. */
const ROUTES: Route[] = [
  ...paymentIntentRoutes,
  ...disputeRoutes,
  ...customerRoutes,
  ...checkoutSetupRoutes,
  ...setupIntentRoutes,
  ...paymentMethodRoutes,
  ...refundRoutes,
  ...[priceRoutes, checkoutSubscriptionRoutes, subscriptionRoutes, billingPortalRoutes].flat(),
];

const notFound: Answer = {
  status: 404,
  body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } },
};

export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const state = new StandInState();
  const answers = new Map<string, Answer>();
  const requests: StripeStandIn['requests'] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (raw) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const body = new URLSearchParams(method === 'GET' ? url.search : raw);
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: url.pathname, idempotencyKey: key, body });
      const answer = answerFor(req, method, url.pathname, body, key);
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': state.id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });

  function answerFor(
    req: IncomingMessage,
    method: string,
    path: string,
    body: URLSearchParams,
    key: string | undefined,
  ): Answer {
    if (!(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      };
    }
    const remembered = method === 'POST' && key ? answers.get(key) : undefined;
    if (remembered) return remembered;
    for (const route of ROUTES) {
      if (route.method !== method) continue;
      const match = route.path.exec(path);
      if (!match) continue;
      const answer = route.handle({ state, body, params: match.slice(1) });
      if (!answer) continue;
      if (method === 'POST' && key) answers.set(key, answer);
      return answer;
    }
    return notFound;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => resolve(raw));
    req.on('error', reject);
  });
}
