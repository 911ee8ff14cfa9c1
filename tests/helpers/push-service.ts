// A stand-in for a browser's Web Push service (RFC 8030) on 127.0.0.1, for tests and benchmarks: it
// hands out subscriptions as PushSubscription.toJSON() does, checks the VAPID header (RFC 8292) and
// decrypts each message as the browser would (RFC 8291, the aes128gcm coding of RFC 8188) with the
// sandbox phone's reader (src/server/leads/alerts/push-decrypt.ts): node:crypto alone, not web-push's
// http_ece, so it checks the sender's encryption instead of repeating it.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptPush, PushDecryptError } from '../../src/server/leads/alerts/push-decrypt.ts';

export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

interface ReceivedPush {
  subscriptionId: string;
  /** Date.now() when the request body was fully read. */
  receivedAt: number;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The decrypted payload, as UTF-8 text. */
  payload: string;
  vapidSubject: string;
  vapidPublicKey: string;
}

export interface PushService {
  /** http://127.0.0.1:<port> */
  url: string;
  /** A new subscription with a fresh P-256 key pair and auth secret, as a browser makes one. */
  subscribe(): PushSubscriptionJson;
  received(subscriptionId?: string): ReceivedPush[];
  /** Resolves once at least `count` pushes arrived (to one subscription if given); rejects after timeoutMs. */
  waitFor(count: number, options?: { timeoutMs?: number; subscriptionId?: string }): Promise<ReceivedPush[]>;
  /** From now on the subscription answers 410 Gone. */
  gone(subscriptionId: string): void;
  /** From now on the subscription answers this status without accepting anything. */
  fail(subscriptionId: string, status: number): void;
  /** The subscription id in one of this service's endpoints. */
  idOf(endpoint: string): string;
  close(): Promise<void>;
}

/** RFC 8030 leaves the limit to the service; 4096 bytes is what every browser's service accepts. */
const MAX_BODY_BYTES = 4096;
/** RFC 8292 §2: a JWT may not expire more than 24 hours ahead. */
const MAX_JWT_SECONDS = 24 * 60 * 60;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];
/** An uncompressed P-256 point. */
const POINT_BYTES = 65;

interface Subscription {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  /** null accepts messages; otherwise the status every request is answered with. */
  answer: number | null;
}

interface Waiter {
  count: number;
  subscriptionId: string | undefined;
  resolve: (pushes: ReceivedPush[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** A request refused with this status and a short reason. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Strict base64url (no padding): Buffer.from would skip any character it does not know. */
function fromBase64Url(text: string, what: string, status: number): Buffer {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Refusal(status, `${what} is not base64url`);
  return Buffer.from(text, 'base64url');
}

/** The t and k parameters of `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3). */
function vapidParameters(header: string | undefined): { token: string; key: string } {
  const match = /^vapid\s+(.*)$/i.exec(header ?? '');
  if (!match) throw new Refusal(401, 'missing vapid authorization');
  const parameters = new Map(
    match[1]!.split(',').map((part) => {
      const [name = '', ...value] = part.trim().split('=');
      return [name.toLowerCase(), value.join('=')] as const;
    }),
  );
  const token = parameters.get('t');
  const key = parameters.get('k');
  if (!token || !key) throw new Refusal(401, 'vapid authorization needs t and k');
  return { token, key };
}

function jsonPart(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(fromBase64Url(part, what, 401).toString('utf8'));
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // Answered below, as for any other shape.
  }
  throw new Refusal(401, `${what} is not a JSON object`);
}

/** The application server's key (k) as a node:crypto key, from its uncompressed point. */
function vapidKey(key: string) {
  const point = fromBase64Url(key, 'vapid key', 401);
  if (point.length !== POINT_BYTES || point[0] !== 0x04)
    throw new Refusal(401, 'vapid key is not a P-256 point');
  const coordinate = (from: number) => point.subarray(from, from + 32).toString('base64url');
  try {
    return createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) },
      format: 'jwk',
    });
  } catch {
    throw new Refusal(401, 'vapid key is not on the curve');
  }
}

/** Checks the VAPID JWT against k and the claims of RFC 8292 §2; returns its subject. */
function verifyVapid(header: string | undefined, audience: string): { subject: string; publicKey: string } {
  const { token, key } = vapidParameters(header);
  const parts = token.split('.');
  if (parts.length !== 3) throw new Refusal(401, 'vapid token is not a JWT');
  const [encodedHeader, encodedClaims, encodedSignature] = parts as [string, string, string];
  if (jsonPart(encodedHeader, 'JWT header').alg !== 'ES256') throw new Refusal(401, 'JWT alg is not ES256');
  const signature = fromBase64Url(encodedSignature, 'JWT signature', 401);
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  const valid =
    signature.length === 64 &&
    verify('sha256', signed, { key: vapidKey(key), dsaEncoding: 'ieee-p1363' }, signature);
  if (!valid) throw new Refusal(401, 'JWT signature does not match k');
  const claims = jsonPart(encodedClaims, 'JWT claims');
  const now = Date.now() / 1000;
  if (claims.aud !== audience) throw new Refusal(401, `JWT aud is not ${audience}`);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Refusal(401, 'JWT expired');
  if (claims.exp > now + MAX_JWT_SECONDS) throw new Refusal(401, 'JWT exp more than 24 hours ahead');
  const subject = claims.sub;
  if (typeof subject !== 'string' || !/^(mailto|https):/.test(subject))
    throw new Refusal(401, 'JWT sub is not a mailto: or https: URL');
  return { subject, publicKey: key };
}

/** The payload of an aes128gcm message for this subscription, as UTF-8 text. */
function decrypt(body: Buffer, subscription: Subscription): string {
  let content: Buffer;
  try {
    content = decryptPush(body, {
      privateKey: subscription.ecdh.getPrivateKey(),
      publicKey: subscription.publicKey,
      auth: subscription.auth,
    });
  } catch (error) {
    if (error instanceof PushDecryptError) throw new Refusal(400, error.message);
    throw error;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw new Refusal(400, 'payload is not UTF-8');
  }
}

/** One request header (node joins repeated ones with commas), or null when absent. */
function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

/** TTL, Urgency and Topic (RFC 8030 §5.2-5.4); TTL is required. */
function deliveryHeaders(request: IncomingMessage) {
  const ttl = header(request, 'ttl');
  if (ttl === null || !/^\d+$/.test(ttl)) throw new Refusal(400, 'TTL header must be an integer >= 0');
  const urgency = header(request, 'urgency');
  if (urgency !== null && !URGENCIES.includes(urgency)) throw new Refusal(400, 'unknown Urgency');
  const topic = header(request, 'topic');
  if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) throw new Refusal(400, 'bad Topic');
  return { ttl: Number(ttl), urgency, topic };
}

/** The request body, or null when it is longer than the limit (read to the end either way). */
async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return length <= MAX_BODY_BYTES ? Buffer.concat(chunks) : null;
}

export async function startPushService(options: { expectedAudience?: string } = {}): Promise<PushService> {
  const subscriptions = new Map<string, Subscription>();
  const pushes: ReceivedPush[] = [];
  const waiters = new Set<Waiter>();
  let url = '';

  const received = (subscriptionId?: string) =>
    pushes.filter((push) => subscriptionId === undefined || push.subscriptionId === subscriptionId);

  const settleWaiters = () => {
    for (const waiter of waiters) {
      const matching = received(waiter.subscriptionId);
      if (matching.length < waiter.count) continue;
      clearTimeout(waiter.timer);
      waiters.delete(waiter);
      waiter.resolve(matching);
    }
  };

  /** Answers one POST /push/:id; throws a Refusal for anything a push service would refuse. */
  const accept = async (id: string, request: IncomingMessage): Promise<string> => {
    const body = await readBody(request);
    const receivedAt = Date.now();
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Refusal(404, 'no such subscription');
    if (subscription.answer !== null) throw new Refusal(subscription.answer, 'subscription set to refuse');
    const delivery = deliveryHeaders(request);
    if (request.headers['content-encoding'] !== 'aes128gcm')
      throw new Refusal(415, 'Content-Encoding must be aes128gcm');
    if (body === null) throw new Refusal(413, `body over ${MAX_BODY_BYTES} bytes`);
    const vapid = verifyVapid(request.headers.authorization, options.expectedAudience ?? new URL(url).origin);
    const payload = decrypt(body, subscription);
    pushes.push({
      subscriptionId: id,
      receivedAt,
      ...delivery,
      payload,
      vapidSubject: vapid.subject,
      vapidPublicKey: vapid.publicKey,
    });
    settleWaiters();
    return `${url}/message/${randomBytes(12).toString('base64url')}`;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(new URL(request.url ?? '/', url).pathname)?.[1];
    try {
      if (id === undefined) throw new Refusal(404, 'not found');
      if (request.method !== 'POST') throw new Refusal(405, 'POST only');
      response.writeHead(201, { location: await accept(id, request) }).end();
    } catch (error) {
      const refusal = error instanceof Refusal ? error : new Refusal(500, String(error));
      response.writeHead(refusal.status, { 'content-type': 'text/plain' }).end(refusal.message);
    }
  };

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const setAnswer = (subscriptionId: string, status: number) => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    subscription.answer = status;
  };

  return {
    url,
    subscribe() {
      const id = randomBytes(16).toString('base64url');
      const ecdh = createECDH('prime256v1');
      const subscription = { ecdh, publicKey: ecdh.generateKeys(), auth: randomBytes(16), answer: null };
      subscriptions.set(id, subscription);
      return {
        endpoint: `${url}/push/${id}`,
        expirationTime: null,
        keys: {
          p256dh: subscription.publicKey.toString('base64url'),
          auth: subscription.auth.toString('base64url'),
        },
      };
    },
    received,
    waitFor(count, { timeoutMs = 5000, subscriptionId } = {}) {
      return new Promise<ReceivedPush[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const got = received(subscriptionId).length;
          reject(new Error(`waited ${timeoutMs} ms for ${count} pushes, received ${got}`));
        }, timeoutMs);
        const waiter: Waiter = { count, subscriptionId, resolve, reject, timer };
        waiters.add(waiter);
        settleWaiters();
      });
    },
    gone: (subscriptionId) => setAnswer(subscriptionId, 410),
    fail: (subscriptionId, status) => setAnswer(subscriptionId, status),
    idOf(endpoint) {
      const id = endpoint.startsWith(`${url}/push/`) ? endpoint.slice(url.length + 6) : '';
      if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new Error(`${endpoint} is not an endpoint of ${url}`);
      return id;
    },
    close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('push service closed'));
      }
      waiters.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
