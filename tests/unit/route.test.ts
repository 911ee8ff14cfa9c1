// The endpoints' wrapper: who may call, bodies and query strings checked against schemas (zod and
// zod/mini alike), one error shape with a request id, and private answers unless a route is public.
import type { APIContext } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { NOT_ALLOWED, SIGN_IN_REQUIRED } from '../../src/domain/guards.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { AppError, INTERNAL_MESSAGE } from '../../src/server/platform/errors.ts';
import { publicCache } from '../../src/server/platform/http.ts';
import { route, type Access } from '../../src/server/platform/route.ts';
import { log, outsideRequest } from '../../src/server/platform/log.ts';
import { logLines } from '../helpers/captured-log.ts';

vi.mock('../../src/server/platform/log.ts', async (real) =>
  (await import('../helpers/captured-log.ts')).capturingLog(await real()),
);

const person = (roles: SessionUser['roles']): SessionUser => ({
  sessionId: 's1',
  id: 'u1',
  email: 'a@example.com',
  fullName: null,
  roles,
  expiresAt: new Date(),
  authenticatedAt: new Date(),
  secondFactor: { enrolled: true, proved: true, provedAt: new Date() },
});

/** What Astro hands an endpoint, for a request to `path` by `user`. */
function call(
  endpoint: ReturnType<typeof route>,
  path: string,
  init: RequestInit & { user?: SessionUser | null } = {},
): Promise<Response> {
  const url = new URL(path, 'http://127.0.0.1:4321');
  const request = new Request(url, init);
  const context = { request, url, params: {}, locals: { user: init.user ?? null } } as unknown as APIContext;
  return Promise.resolve(endpoint(context));
}

const json = (body: unknown, type = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

afterEach(() => vi.restoreAllMocks());

describe.each([
  ['user', null, 401, SIGN_IN_REQUIRED],
  ['contractor', null, 401, SIGN_IN_REQUIRED],
  ['contractor', person([]), 403, NOT_ALLOWED],
  ['admin', person(['contractor']), 403, NOT_ALLOWED],
] as const)('an endpoint for %s, called by %o', (auth, user, status, message) => {
  it(`answers ${status} without running the handler`, async () => {
    const handler = vi.fn(() => Response.json({ ok: true }));
    const response = await call(route({ auth }, handler), '/api/x', { user });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({
      error: message,
      code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
    });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(handler).not.toHaveBeenCalled();
  });
});

describe.each([
  ['user', person([])],
  ['contractor', person(['contractor'])],
  ['admin', person(['admin'])],
  ['none', null],
] as [Access, SessionUser | null][])('an endpoint for %s', (auth, user) => {
  it('hands its handler the caller', async () => {
    const response = await call(
      route({ auth }, ({ user }) => Response.json({ id: user?.id ?? null })),
      '/api/x',
      { user },
    );
    expect(await response.json()).toEqual({ id: user?.id ?? null });
  });
});

describe('a JSON body', () => {
  const ZBody = z.object({ email: z.email('Please enter a valid email address') });
  const endpoint = route({ auth: 'none', body: ZBody }, ({ body }) => Response.json({ got: body.email }));

  it('reaches the handler parsed', async () => {
    const response = await call(endpoint, '/api/x', json({ email: 'a@example.com' }));
    expect(await response.json()).toEqual({ got: 'a@example.com' });
  });

  it.each([
    [
      'not sent as JSON',
      json('email=a', 'application/x-www-form-urlencoded'),
      415,
      'Send the request as JSON',
    ],
    ['not valid JSON', json('{"email":'), 400, 'The request is not valid JSON'],
    ['too large', json({ email: 'x'.repeat(17 * 1024) }), 413, 'The request is too large'],
  ])('is refused when %s', async (_, init, status, error) => {
    const response = await call(endpoint, '/api/x', init);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error });
  });

  it.each([
    ['zod', ZBody],
    ['zod/mini', zm.object({ email: zm.email('Please enter a valid email address') })],
  ])('answers a %s schema failure with 400 and the field messages', async (_, schema) => {
    const response = await call(
      route({ auth: 'none', body: schema }, () => Response.json({})),
      '/api/x',
      json({ email: 'nope' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Please enter a valid email address',
      code: 'BAD_REQUEST',
      fields: { email: ['Please enter a valid email address'] },
    });
  });

  it('is left unread without a body schema, for handlers that read the request themselves', async () => {
    const endpoint = route(
      { auth: 'none' },
      async ({ context }) => new Response(await context.request.text()),
    );
    const response = await call(endpoint, '/api/x', json('raw bytes', 'multipart/form-data; boundary=x'));
    expect(await response.text()).toBe('raw bytes');
  });
});

describe('a query string', () => {
  const ZQuery = z.object({ page: z.coerce.number().int().min(1) }).strict();
  const endpoint = route({ auth: 'none', query: ZQuery, maxQuery: 64 }, ({ query }) =>
    Response.json({ page: query.page }),
  );

  it('reaches the handler parsed', async () => {
    expect(await (await call(endpoint, '/api/x?page=3')).json()).toEqual({ page: 3 });
  });

  it('is refused past its length cap', async () => {
    const response = await call(endpoint, `/api/x?page=1&pad=${'a'.repeat(64)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The query string is too long', code: 'BAD_REQUEST' });
  });

  it('names an unknown parameter', async () => {
    const response = await call(endpoint, '/api/x?page=1&bogus=1');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { bogus: ['Unknown parameter: bogus'] } });
  });
});

describe('errors', () => {
  it('answers an AppError with its status, message and retry-after', async () => {
    const endpoint = route({ auth: 'none' }, () => {
      throw new AppError('RATE_LIMITED', 'Please wait before trying again.', undefined, {
        retryAfterSeconds: 42,
      });
    });
    const response = await call(endpoint, '/api/x');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(await response.json()).toEqual({
      error: 'Please wait before trying again.',
      code: 'RATE_LIMITED',
    });
  });

  it('answers anything else with a 500 that names only the request id it was logged under', async () => {
    logLines.length = 0;
    const endpoint = route({ auth: 'none' }, () => {
      throw new Error('connection to 10.0.0.5:5432 refused (password=hunter2)');
    });
    const response = await call(endpoint, '/api/x', { method: 'DELETE' });
    const body = (await response.json()) as { requestId: string };
    expect(response.status).toBe(500);
    expect(body).toEqual({ error: INTERNAL_MESSAGE, code: 'INTERNAL', requestId: body.requestId });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toMatch(/hunter2|10\.0\.0\.5/);
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    const line = logLines.find((logged) => logged.level === 'error' && logged.requestId === body.requestId);
    expect(line?.fields['where']).toBe('DELETE /api/x');
    expect(line?.fields['err']).toBeInstanceOf(Error);
  });
});

describe('logs', () => {
  it('name the request a use-case logged under, across awaits, and nothing outside one', async () => {
    logLines.length = 0;
    const endpoint = route({ auth: 'none' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      log().info({ step: 'after a wait' }, 'a use-case step');
      return Response.json({});
    });
    const response = await call(endpoint, '/api/x');
    log().info('outside any request');
    expect(logLines.find((line) => line.msg === 'a use-case step')?.requestId).toBe(
      response.headers.get('x-request-id'),
    );
    expect(logLines.find((line) => line.msg === 'outside any request')?.requestId).toBeUndefined();
  });

  it('leave out the request id in a loop or timer a request starts for everyone (outsideRequest)', async () => {
    logLines.length = 0;
    let later!: Promise<void>;
    const endpoint = route({ auth: 'none' }, () => {
      log().info('in the request');
      later = outsideRequest(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              log().info('the sender, later');
              resolve();
            }, 5),
          ),
      );
      return Response.json({});
    });
    const response = await call(endpoint, '/api/x');
    await later;
    expect(logLines.find((line) => line.msg === 'in the request')?.requestId).toBe(
      response.headers.get('x-request-id'),
    );
    expect(logLines.find((line) => line.msg === 'the sender, later')?.requestId).toBeUndefined();
  });
});

describe('caching', () => {
  it('is private, no-store by default, with the request id', async () => {
    const response = await call(
      route({ auth: 'none' }, () => Response.json({})),
      '/api/x',
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a public route's headers exactly, without a request id a CDN would repeat", async () => {
    const endpoint = route({ auth: 'none', headers: publicCache(60, 300) }, () => Response.json({}));
    const response = await call(endpoint, '/api/x');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(
      'public, s-maxage=60, stale-while-revalidate=300',
    );
    expect(response.headers.get('x-request-id')).toBeNull();
  });

  it("never lets a CDN keep a public route's error", async () => {
    const endpoint = route({ auth: 'none', headers: publicCache(60, 300) }, () => {
      throw new AppError('BAD_REQUEST', 'Unknown category');
    });
    const response = await call(endpoint, '/api/x');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('netlify-cdn-cache-control')).toBeNull();
  });
});
