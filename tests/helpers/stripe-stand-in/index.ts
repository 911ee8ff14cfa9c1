// A stand-in for Stripe's API at the HTTP boundary: the real stripe SDK talks to it over HTTP.
// Requests are answered as Stripe answers them for its test objects, each resource by its own
// module (payment-intents.ts, ...), all sharing one in-memory state. Idempotency keys are
// remembered as Stripe does: a POST with a key seen before gets the first answer again.
// `latencyMs` delays every answer, to measure the product with a real gateway's latency.
// `fault` (settable at any time) plays a gateway that is slow or drops connections, request by
// request: answer late, or destroy the socket before doing the work (nothing made) or after it
// (the PaymentIntent exists, its answer is remembered for the key, but the caller never hears).
// A POST whose idempotency key is still being worked on by an earlier request gets Stripe's 409
// (idempotency_error): the SDK retries those.
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

export interface StripeStandIn {
  port: number;
  /** Requests that reached the stand-in (a replayed idempotency key is counted too). */
  requests: { method: string; path: string; idempotencyKey: string | undefined; body: URLSearchParams }[];
  /** The objects the stand-in holds, for tests to read or arrange. */
  state: StandInState;
  /** Chooses a fault for each request (undefined: answer normally). */
  fault: ((request: FaultRequest) => Fault | undefined) | null;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** Every answer is sent this long after its request arrived. */
  latencyMs?: number;
}

/** What the stand-in does wrong with one request (see the file's comment). */
export interface Fault {
  /** Answer this long after the request arrived (the work is done on arrival, as Stripe does). */
  delayMs?: number;
  /** Destroy the connection instead of answering: before the work, or after it. */
  drop?: 'before-work' | 'after-work';
}

/** A request as the fault chooser sees it. */
interface FaultRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** How many requests with this idempotency key arrived before this one. */
  seenBefore: number;
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
  /** Idempotency keys whose first request is still being answered. */
  const inFlight = new Set<string>();
  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (raw) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const body = new URLSearchParams(method === 'GET' ? url.search : raw);
      const key = req.headers['idempotency-key'] as string | undefined;
      const seenBefore = key ? requests.filter((r) => r.idempotencyKey === key).length : 0;
      requests.push({ method, path: url.pathname, idempotencyKey: key, body });
      const fault = standIn.fault?.({ method, path: url.pathname, idempotencyKey: key, seenBefore });
      if (fault?.drop === 'before-work') {
        req.socket.destroy();
        return;
      }
      if (method === 'POST' && key && inFlight.has(key)) {
        res.writeHead(409, { 'content-type': 'application/json', 'request-id': state.id('req') });
        res.end(JSON.stringify(keyInUse));
        return;
      }
      const answer = answerFor(req, method, url.pathname, body, key);
      const delay = fault?.delayMs ?? options.latencyMs ?? 0;
      if (delay) {
        if (method === 'POST' && key) inFlight.add(key);
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (key) inFlight.delete(key);
      }
      if (fault?.drop === 'after-work') {
        req.socket.destroy();
        return;
      }
      // The caller may have given up (its timeout) while this answer waited.
      if (res.destroyed) return;
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
  const standIn: StripeStandIn = {
    port: (server.address() as AddressInfo).port,
    requests,
    state,
    fault: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

/** Stripe's answer to a request whose idempotency key an unfinished request is using. */
const keyInUse = {
  error: {
    type: 'idempotency_error',
    message:
      'There is currently another in-progress request using this Idempotent Key (that probably means you ' +
      'submitted twice, and the other request is still going through): please try again later.',
  },
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => resolve(raw));
    req.on('error', reject);
  });
}
