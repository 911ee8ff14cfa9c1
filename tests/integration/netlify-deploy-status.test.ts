// POST /api/netlify/deploy-status through its real route and the real database: Netlify's deploy
// notifications, signed the way Netlify signs them (an HS256 JWT, issuer "netlify", whose sha256
// claim is the body's hash, made here with jose), end the publish run the deploy's title names.
// A missing or wrong signature is a 401 that changes nothing; a repeated or unrelated notification
// changes nothing either.
import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '../../src/server/platform/db/client.ts';
import { deployTitle } from '../../src/server/platform/publish/build-hook.ts';
import { callRoute, signedInUser } from '../helpers/api-context.ts';

const SECRET = 'netlify-deploy-notifications-jws-secret';
process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'] = SECRET;
const { POST } = await import('../../src/pages/api/netlify/deploy-status.ts');
const sql = db();
afterAll(() => sql.end({ timeout: 5 }));

let adminId: string;
beforeAll(async () => {
  adminId = (await signedInUser(sql, ['admin'])).id;
});

/** A run whose build hook Netlify accepted, covering one published request, as publish() leaves it. */
async function triggeredRun(): Promise<{ run: number; request: number }> {
  const [run] = await sql<{ id: number }[]>`
    insert into publish_runs (status, requested_by, started_at, finished_at, log_tail)
    values ('triggered', ${adminId}, now(), now(), 'accepted') returning id`;
  const [request] = await sql<{ id: number }[]>`
    insert into publish_requests (reason, entity_type, entity_id, requested_by, publish_run_id, published_at)
    values ('test change', 'business', ${crypto.randomUUID()}, ${adminId}, ${run!.id}, now())
    returning id`;
  return { run: run!.id, request: request!.id };
}

async function state(ids: { run: number; request: number }) {
  const [run] = await sql<{ status: string; log_tail: string | null; deploy_id: string | null }[]>`
    select status, log_tail, deploy_id from publish_runs where id = ${ids.run}`;
  const [request] = await sql<{ published_at: Date | null; publish_run_id: number | null }[]>`
    select published_at, publish_run_id from publish_requests where id = ${ids.request}`;
  return { ...run!, ...request! };
}

/** Netlify's deploy object, with the fields it always sends that we do not read. */
function deploy(runId: number | null, state: string, extra: Record<string, unknown> = {}) {
  return {
    id: `6f${crypto.randomUUID().replaceAll('-', '').slice(0, 22)}`,
    site_id: 'fa4dd95a-994e-4f89-8a7a-2d9e9fc36a32',
    build_id: '5ebc34bf4fea0b01f02efa38',
    state,
    name: 'dayton-pros',
    title: runId === null ? null : deployTitle(runId),
    error_message: null,
    branch: 'main',
    context: 'production',
    created_at: new Date().toISOString(),
    ...extra,
  };
}

async function sign(body: string, { secret = SECRET, issuer = 'netlify', hashOf = body } = {}) {
  return new SignJWT({ sha256: createHash('sha256').update(hashOf).digest('hex') })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .sign(new TextEncoder().encode(secret));
}

async function notify(payload: object | string, signature?: string | null): Promise<Response> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const header = signature === undefined ? await sign(body) : signature;
  return callRoute(POST, {
    method: 'POST',
    path: '/api/netlify/deploy-status',
    user: null,
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'x-webhook-signature': header }),
    },
    rawBody: body,
  });
}

describe("Netlify's deploy notifications", () => {
  it('a succeeded deploy makes its run live; the same notification again changes nothing', async () => {
    const ids = await triggeredRun();
    const ready = deploy(ids.run, 'ready');
    const answer = await notify(ready);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, outcome: 'recorded' });
    const after = await state(ids);
    expect(after).toMatchObject({ status: 'live', deploy_id: ready.id, publish_run_id: ids.run });
    expect(after.log_tail).toBe(`Netlify's deploy ${ready.id} is live.`);
    expect(after.published_at).not.toBeNull();

    const again = await notify(ready);
    expect(await again.json()).toEqual({ received: true, outcome: 'ignored' });
    // A late failure of a deploy already live does not undo it either.
    await notify(deploy(ids.run, 'error', { id: ready.id, error_message: 'late' }));
    expect((await state(ids)).status).toBe('live');
  });

  it("a failed deploy fails its run with Netlify's message and hands its changes back", async () => {
    const ids = await triggeredRun();
    const failed = deploy(ids.run, 'error', { error_message: 'Build script returned non-zero exit code: 2' });
    expect((await notify(failed)).status).toBe(200);
    const after = await state(ids);
    expect(after).toMatchObject({ status: 'failed', published_at: null, publish_run_id: null });
    expect(after.log_tail).toBe(
      `Netlify's deploy ${failed.id} failed: Build script returned non-zero exit code: 2`,
    );
  });

  it('a deploy still under way records its id only; deploys no publish started are ignored', async () => {
    const ids = await triggeredRun();
    const building = deploy(ids.run, 'building');
    expect(await (await notify(building)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await state(ids)).toMatchObject({ status: 'triggered', deploy_id: building.id });

    for (const other of [
      deploy(null, 'ready'),
      { ...deploy(ids.run, 'ready'), title: `${deployTitle(ids.run)} (again)` },
      deploy(999_999_999, 'ready'),
      { unexpected: 'shape' },
    ]) {
      expect(await (await notify(other)).json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect((await state(ids)).status).toBe('triggered');
  });

  it('refuses an unsigned, wrongly signed or altered notification with 401 and changes nothing', async () => {
    const ids = await triggeredRun();
    const body = JSON.stringify(deploy(ids.run, 'ready'));
    const refusals = [
      await notify(body, null),
      await notify(body, 'not-a-jwt'),
      await notify(body, await sign(body, { secret: 'someone-elses-secret' })),
      await notify(body, await sign(body, { issuer: 'not-netlify' })),
      // Signed for another body: the hash in the token does not match this one.
      await notify(body, await sign(body, { hashOf: body.replace('ready', 'error') })),
    ];
    for (const answer of refusals) expect(answer.status).toBe(401);
    expect(await state(ids)).toMatchObject({ status: 'triggered', deploy_id: null });
  });

  it('answers 400 to a signed body that is not JSON, changing nothing', async () => {
    expect((await notify('{not json')).status).toBe(400);
  });
});
