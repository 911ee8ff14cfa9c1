// The local Web Push service (tests/helpers/push-service.ts) against the real web-push SDK: what
// web-push encrypts and signs arrives decrypted, and every request a browser's push service would
// refuse (gone, failing, bad VAPID JWT, tampered or misaddressed ciphertext) is refused.
import { createPrivateKey, sign } from 'node:crypto';
import webpush, { type RequestOptions } from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService, type PushSubscriptionJson } from '../helpers/push-service.ts';

const SUBJECT = 'mailto:alerts@example.com';
/** salt(16) | rs(4) | idlen(1) | keyid(65): the ciphertext starts after it. */
const AES128GCM_HEADER_BYTES = 86;

interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer;
}

interface Answer {
  status: number;
  location: string | null;
  text: string;
}

let push: PushService;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  push = await startPushService();
});

afterAll(async () => {
  await push.close();
});

/** The request web-push would send (TTL 60, urgency high unless overridden). */
function requestFor(
  subscription: PushSubscriptionJson,
  payload: string,
  options: RequestOptions = {},
): PushRequest {
  const details = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: SUBJECT, ...vapid },
    TTL: 60,
    urgency: 'high',
    ...options,
  });
  return { endpoint: details.endpoint, headers: { ...details.headers }, body: details.body };
}

async function send(request: PushRequest): Promise<Answer> {
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers: request.headers,
    body: new Uint8Array(request.body),
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** The same request with another body (and its length). */
function withBody(request: PushRequest, body: Buffer): PushRequest {
  return { ...request, headers: { ...request.headers, 'Content-Length': String(body.length) }, body };
}

/** A VAPID JWT built by hand with node:crypto, signed with the key pair given. */
function handMadeJwt(keys: { publicKey: string; privateKey: string }, claims: Record<string, unknown>) {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const coordinate = (from: number) => point.subarray(from, from + 32).toString('base64url');
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: coordinate(1), y: coordinate(33) },
    format: 'jwk',
  });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' });
  return `${signed}.${signature.toString('base64url')}`;
}

describe('a message web-push sends', () => {
  it('decrypts to the exact JSON sent, non-ASCII text included, and answers 201 with a Location', async () => {
    const subscription = push.subscribe();
    const json = JSON.stringify({ title: 'Café – 24/7', body: 'Ünïcødé ✓ 🚰', url: '/leads/42' });
    const answer = await send(requestFor(subscription, json));
    expect(answer.status).toBe(201);
    expect(answer.location).toMatch(new RegExp(`^${push.url}/message/[A-Za-z0-9_-]+$`));
    const [received] = push.received(push.idOf(subscription.endpoint));
    expect(received!.payload).toBe(json);
    expect(received!.vapidSubject).toBe(SUBJECT);
    expect(received!.vapidPublicKey).toBe(vapid.publicKey);
  });

  it('records TTL, urgency and topic as sent', async () => {
    const subscription = push.subscribe();
    const id = push.idOf(subscription.endpoint);
    const before = Date.now();
    expect((await send(requestFor(subscription, '{}', { topic: 'lead-42' }))).status).toBe(201);
    expect(push.received(id)).toEqual([
      expect.objectContaining({ ttl: 60, urgency: 'high', topic: 'lead-42', subscriptionId: id }),
    ]);
    expect(push.received(id)[0]!.receivedAt).toBeGreaterThanOrEqual(before);
  });

  it('hands out subscriptions as a browser does: a P-256 point and a 16-byte auth secret', () => {
    const subscription = push.subscribe();
    const point = Buffer.from(subscription.keys.p256dh, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
    expect(subscription.endpoint.startsWith(`${push.url}/push/`)).toBe(true);
    expect(subscription.expirationTime).toBeNull();
  });
});

describe('subscriptions that refuse', () => {
  it('answers 410 for a gone subscription and records nothing', async () => {
    const subscription = push.subscribe();
    const id = push.idOf(subscription.endpoint);
    push.gone(id);
    expect((await send(requestFor(subscription, 'hello'))).status).toBe(410);
    expect(push.received(id)).toEqual([]);
  });

  it.each([500, 429])('answers %i once set to fail with it, and records nothing', async (status) => {
    const subscription = push.subscribe();
    const id = push.idOf(subscription.endpoint);
    push.fail(id, status);
    expect((await send(requestFor(subscription, 'hello'))).status).toBe(status);
    expect(push.received(id)).toEqual([]);
  });

  it('answers 404 for an unknown subscription id', async () => {
    const request = requestFor(push.subscribe(), 'hello');
    expect((await send({ ...request, endpoint: `${push.url}/push/unknown-id` })).status).toBe(404);
  });
});

describe('VAPID', () => {
  it('answers 401 when k is another key pair than the one that signed the JWT', async () => {
    const subscription = push.subscribe();
    const request = requestFor(subscription, 'hello');
    const other = webpush.generateVAPIDKeys();
    const authorization = request.headers.Authorization!.replace(/k=.*$/, `k=${other.publicKey}`);
    const answer = await send({ ...request, headers: { ...request.headers, Authorization: authorization } });
    expect(answer).toMatchObject({ status: 401, text: 'JWT signature does not match k' });
    expect(push.received(push.idOf(subscription.endpoint))).toEqual([]);
  });

  it('answers 401 without an Authorization header', async () => {
    const request = requestFor(push.subscribe(), 'hello');
    const { Authorization: _, ...headers } = request.headers;
    expect((await send({ ...request, headers })).status).toBe(401);
  });

  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
  it.each([
    { case: 'a valid hand-made JWT', claims: {}, status: 201 },
    { case: 'an expired JWT', claims: { exp: Math.floor(Date.now() / 1000) - 60 }, status: 401 },
    { case: 'a JWT expiring over 24 h ahead', claims: { exp: inAnHour() + 24 * 3600 }, status: 401 },
    { case: 'another audience', claims: { aud: 'https://fcm.googleapis.com' }, status: 401 },
    { case: 'a subject that is no URL', claims: { sub: 'alerts@example.com' }, status: 401 },
  ])('answers $status for $case', async ({ claims, status }) => {
    const subscription = push.subscribe();
    const request = requestFor(subscription, 'hello');
    const jwt = handMadeJwt(vapid, {
      aud: new URL(push.url).origin,
      exp: inAnHour(),
      sub: SUBJECT,
      ...claims,
    });
    const headers = { ...request.headers, Authorization: `vapid t=${jwt}, k=${vapid.publicKey}` };
    expect((await send({ ...request, headers })).status).toBe(status);
    expect(push.received(push.idOf(subscription.endpoint))).toHaveLength(status === 201 ? 1 : 0);
  });
});

describe('the encrypted body', () => {
  it('answers 400 when one ciphertext byte is flipped', async () => {
    const subscription = push.subscribe();
    const request = requestFor(subscription, '{"title":"New lead"}');
    const body = Buffer.from(request.body);
    body[AES128GCM_HEADER_BYTES + 3]! ^= 0x01;
    expect(await send(withBody(request, body))).toMatchObject({ status: 400, text: 'decryption failed' });
    expect(push.received(push.idOf(subscription.endpoint))).toEqual([]);
  });

  it("answers 400 for a payload encrypted for another subscription's keys", async () => {
    const subscription = push.subscribe();
    const request = requestFor({ ...push.subscribe(), endpoint: subscription.endpoint }, 'hello');
    expect((await send(request)).status).toBe(400);
    expect(push.received(push.idOf(subscription.endpoint))).toEqual([]);
  });

  it.each([
    { case: 'no TTL header', change: { TTL: undefined }, status: 400 },
    { case: 'a negative TTL', change: { TTL: '-1' }, status: 400 },
    { case: 'the aesgcm content coding', change: { 'Content-Encoding': 'aesgcm' }, status: 415 },
  ])('answers $status for $case', async ({ change, status }) => {
    const request = requestFor(push.subscribe(), 'hello');
    const headers = Object.fromEntries(
      Object.entries({ ...request.headers, ...change }).filter((entry): entry is [string, string] =>
        Boolean(entry[1]),
      ),
    );
    expect((await send({ ...request, headers })).status).toBe(status);
  });

  it('answers 413 for a body over 4096 bytes', async () => {
    const request = requestFor(push.subscribe(), 'hello');
    const body = Buffer.concat([request.body, Buffer.alloc(4097 - request.body.length)]);
    expect((await send(withBody(request, body))).status).toBe(413);
  });
});

describe('waitFor', () => {
  it('resolves once enough pushes reached the given subscription, not counting others', async () => {
    const [mine, other] = [push.subscribe(), push.subscribe()];
    const id = push.idOf(mine.endpoint);
    let settled = false;
    const waiting = push.waitFor(2, { subscriptionId: id }).finally(() => (settled = true));
    await send(requestFor(other, 'not mine'));
    await send(requestFor(mine, 'one'));
    expect(settled).toBe(false);
    await send(requestFor(mine, 'two'));
    expect((await waiting).map((received) => received.payload)).toEqual(['one', 'two']);
  });

  it('resolves at once with what already arrived', async () => {
    const subscription = push.subscribe();
    await send(requestFor(subscription, 'early'));
    const received = await push.waitFor(1, { subscriptionId: push.idOf(subscription.endpoint) });
    expect(received.map((r) => r.payload)).toEqual(['early']);
  });

  it('rejects after timeoutMs when too few arrived', async () => {
    const subscription = push.subscribe();
    await send(requestFor(subscription, 'only one'));
    const started = performance.now();
    await expect(
      push.waitFor(2, { subscriptionId: push.idOf(subscription.endpoint), timeoutMs: 100 }),
    ).rejects.toThrow('waited 100 ms for 2 pushes, received 1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });
});
