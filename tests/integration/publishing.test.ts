// Publishing against the real database: publishes that overlap coalesce (ten at once make at most
// two builds; the builder here is a counting stand-in, for this unit of logic only), the automatic
// publish is debounced, Netlify's build hook is called over HTTP (a local stand-in of it) and its
// secret URL never lands in a run's log, the embedded default's local rebuild runs a real child
// process into a fresh folder that our Node server switches to while a loop of requests sees no
// error, a failed build keeps the old site and records the log's tail, and only admins reach
// /api/admin/publish.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startSiteServer, type SiteServer } from '../../scripts/lib/site-server.ts';
import type { PublishRunView, PublishState } from '../../src/schemas/publish.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { parseServerEnv } from '../../src/server/platform/config/env.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { hookBuilder } from '../../src/server/platform/publish/build-hook.ts';
import {
  createPublisher,
  defaultBuilder,
  publishIfDue,
  publisher,
} from '../../src/server/platform/publish/publisher.ts';
import type { BuildOutcome } from '../../src/server/platform/publish/builder.ts';
import { requestPublish } from '../../src/server/platform/publish/request-publish.ts';
import { freePort } from '../helpers/second-server.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

let admin: SessionUser;

const sessionUser = (roles: ('contractor' | 'admin')[]) => signedInUser(sql, roles);

/** A change waiting for a publish, as approvals and content edits record them. */
async function pendingRequest(automatic = false, on: Sql = sql): Promise<number> {
  const entityId = crypto.randomUUID();
  await requestPublish(on, {
    reason: 'test change',
    entityType: 'business',
    entityId,
    requestedBy: on === sql ? admin.id : null,
    automatic,
  });
  const [row] = await on<{ id: number }[]>`select id from publish_requests where entity_id = ${entityId}`;
  return row!.id;
}

async function request(id: number, on: Sql = sql) {
  const [row] = await on<{ published_at: Date | null; publish_run_id: number | null }[]>`
    select published_at, publish_run_id from publish_requests where id = ${id}`;
  return row!;
}

async function run(id: number, on: Sql = sql) {
  const [row] = await on<{ status: string; log_tail: string | null; finished_at: Date | null }[]>`
    select status, log_tail, finished_at from publish_runs where id = ${id}`;
  return row!;
}

beforeAll(async () => {
  admin = await sessionUser(['admin']);
});

describe('coalescing', () => {
  it('ten publishes at once make at most two builds, and every pending change is published', async () => {
    const changes = await Promise.all(Array.from({ length: 10 }, () => pendingRequest()));
    let builds = 0;
    let concurrent = 0;
    let mostConcurrent = 0;
    const slowBuilder = async (): Promise<BuildOutcome> => {
      builds += 1;
      concurrent += 1;
      mostConcurrent = Math.max(mostConcurrent, concurrent);
      await new Promise((r) => setTimeout(r, 150));
      concurrent -= 1;
      return { status: 'live', log: 'built' };
    };
    const publishing = createPublisher({ sql, builder: slowBuilder });
    const runs = await Promise.all(Array.from({ length: 10 }, () => publishing.publish(admin.id)));
    await publishing.idle();

    expect(builds).toBeGreaterThanOrEqual(1);
    expect(builds).toBeLessThanOrEqual(2);
    expect(mostConcurrent).toBe(1);
    const ids = [...new Set(runs.map((r) => r.id))];
    expect(ids.length).toBe(builds);
    for (const id of ids) expect((await run(id)).status).toBe('live');
    for (const change of changes) {
      const row = await request(change);
      expect(row.published_at).not.toBeNull();
      expect(ids).toContain(row.publish_run_id);
    }
    const [open] = await sql<{ n: number }[]>`
      select count(*)::int as n from publish_runs where status in ('queued', 'building')`;
    expect(open!.n).toBe(0);
  });

  it('a publish during a build queues one more run, and later ones join it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let builds = 0;
    const publishing = createPublisher({
      sql,
      builder: async () => {
        builds += 1;
        if (builds === 1) await gate;
        return { status: 'live', log: 'built' };
      },
    });
    const first = await publishing.publish(admin.id);
    // The first run is claimed (building) before the next publish is recorded.
    await expect.poll(async () => (await run(first.id)).status).toBe('building');
    const late = await pendingRequest();
    const second = await publishing.publish(admin.id);
    const third = await publishing.publish(null);
    expect(second.status).toBe('queued');
    expect(third.id).toBe(second.id);
    // The change made during the first build is not the first run's: it waits for the second.
    expect((await request(late)).publish_run_id).toBeNull();
    release();
    await publishing.idle();
    expect(builds).toBe(2);
    expect((await request(late)).publish_run_id).toBe(second.id);
    expect((await request(late)).published_at).not.toBeNull();
  });

  it('the automatic publish is debounced: a burst of approvals makes one build', async () => {
    let builds = 0;
    const publishing = createPublisher({
      sql,
      debounceMs: 100,
      gapMs: 0,
      builder: () => {
        builds += 1;
        return Promise.resolve({ status: 'live', log: 'built' });
      },
    });
    const approvals: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const realWait = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));
    // The debounce's clock is faked, so "30 ms apart" is exactly that however busy the machine;
    // the database's own clock (which says the latest change is due) stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (let i = 0; i < 5; i += 1) {
        approvals.push(await pendingRequest(true));
        publishing.schedulePublish(admin.id);
        vi.advanceTimersByTime(30);
      }
      // 120 ms have passed since the first approval: a publish started without the debounce
      // would be building by now (its database round trips take real time, so wait for them).
      await realWait(300);
      expect(builds).toBe(0);
      // 100 ms after the last approval the debounced publish starts.
      vi.advanceTimersByTime(100);
    } finally {
      vi.useRealTimers();
    }
    await publishing.idle();
    expect(builds).toBe(1);
    for (const approval of approvals) expect((await request(approval)).published_at).not.toBeNull();
  });

  it("the automatic publish builds nothing when an admin's Publish took the approvals already", async () => {
    let builds = 0;
    const publishing = createPublisher({
      sql,
      debounceMs: 100,
      gapMs: 0,
      builder: () => {
        builds += 1;
        return Promise.resolve({ status: 'live', log: 'built' });
      },
    });
    const approval = await pendingRequest(true);
    publishing.schedulePublish(admin.id);
    await publishing.publish(admin.id);
    await publishing.idle();
    expect(builds).toBe(1);
    expect((await request(approval)).published_at).not.toBeNull();
  });

  it('a run left building by a process that stopped is failed, and publishing goes on', async () => {
    const [orphan] = await sql<{ id: number }[]>`
      insert into publish_runs (status, started_at, claimed_by)
      values ('building', now(), ${`${hostname()}:2147483646`}) returning id`;
    let builds = 0;
    const publishing = createPublisher({
      sql,
      builder: () => {
        builds += 1;
        return Promise.resolve({ status: 'live', log: 'built' });
      },
    });
    const next = await publishing.publish(admin.id);
    await publishing.idle();
    expect(await run(orphan!.id)).toMatchObject({
      status: 'failed',
      log_tail: 'The build was cut short (its server stopped).',
    });
    expect((await run(next.id)).status).toBe('live');
    expect(builds).toBe(1);
  });

  it('a failed build hands its changes to the next run', async () => {
    const change = await pendingRequest();
    const failing = createPublisher({
      sql,
      builder: () => Promise.resolve({ status: 'failed', log: 'it broke' }),
    });
    const failed = await failing.publish(admin.id);
    await failing.idle();
    expect((await run(failed.id)).status).toBe('failed');
    expect(await request(change)).toMatchObject({ published_at: null, publish_run_id: null });
  });
});

describe("the automatic publish without a timer (Netlify's scheduled function)", () => {
  // A database of its own: other files' automatic changes (profile saves, reviews) would make a
  // publish due here between two calls of a test.
  let database: TestDatabase;
  let own: Sql;
  beforeAll(async () => {
    database = await createTestDatabase();
    own = createSql(database.url);
  });
  afterAll(async () => {
    await own.end({ timeout: 5 });
    await database.drop();
  });
  /** Due at once: no debounce, no gap since the last run. */
  const NOW = { debounceMs: 0, gapMs: 0 };
  const counting = () => {
    const built: number[] = [];
    const publishing = createPublisher({
      sql: own,
      builder: (runId) => {
        built.push(runId);
        return Promise.resolve({ status: 'live', log: 'built' });
      },
    });
    return { built, publishing };
  };

  it('waits while the latest approval is younger than the debounce, so a burst makes one build', async () => {
    const { built, publishing } = counting();
    const older = await pendingRequest(true, own);
    await own`update publish_requests set created_at = now() - interval '5 minutes' where id = ${older}`;
    const latest = await pendingRequest(true, own);
    expect(await publishIfDue(own, publishing, { debounceMs: 60_000, gapMs: 0 })).toBeNull();
    expect(built).toEqual([]);
    expect(await request(older, own)).toMatchObject({ published_at: null, publish_run_id: null });

    // Once the burst is quiet for the debounce (0 here), one publish covers both.
    const run = await publishIfDue(own, publishing, NOW);
    expect(run).not.toBeNull();
    expect(built).toHaveLength(1);
    for (const change of [older, latest]) {
      expect((await request(change, own)).published_at).not.toBeNull();
    }
    // Nothing is due any more: the next minute's call builds nothing.
    expect(await publishIfDue(own, publishing, NOW)).toBeNull();
    expect(built).toHaveLength(1);
  });

  it('a failed build is not started again every minute: its approvals wait for a Publish or a new approval', async () => {
    const { built, publishing } = counting();
    await publishIfDue(own, publishing, NOW);
    built.length = 0;
    const approval = await pendingRequest(true, own);
    const failing = createPublisher({
      sql: own,
      builder: () => Promise.resolve({ status: 'failed', log: 'it broke' }),
    });
    const failed = await publishIfDue(own, failing, NOW);
    expect((await run(failed!.id, own)).status).toBe('failed');
    expect(await request(approval, own)).toMatchObject({ published_at: null, publish_run_id: null });

    expect(await publishIfDue(own, publishing, NOW)).toBeNull();
    expect(built).toEqual([]);
    // A new approval tries again, and takes the earlier one along.
    const next = await pendingRequest(true, own);
    expect(await publishIfDue(own, publishing, NOW)).not.toBeNull();
    expect(built).toHaveLength(1);
    for (const change of [approval, next]) expect((await request(change, own)).published_at).not.toBeNull();
  });

  it('changes every 50 s do not hold the others back for good: the oldest waiting 10 minutes makes it due', async () => {
    const { built, publishing } = counting();
    await publishIfDue(own, publishing, NOW);
    built.length = 0;
    const first = await pendingRequest(true, own);
    await own`update publish_requests set created_at = now() - interval '11 minutes' where id = ${first}`;
    const latest = await pendingRequest(true, own);
    // The latest is seconds old (the debounce is not over), but the first has waited too long.
    expect(await publishIfDue(own, publishing, { debounceMs: 60_000, gapMs: 0 })).not.toBeNull();
    expect(built).toHaveLength(1);
    for (const change of [first, latest]) expect((await request(change, own)).published_at).not.toBeNull();
  });

  it('publishes by itself at most every 5 minutes: a run requested since defers it', async () => {
    const { built, publishing } = counting();
    await publishIfDue(own, publishing, NOW);
    // Earlier runs (a failed one among them) out of the way: only the run below defers.
    await own`update publish_runs set requested_at = requested_at - interval '1 hour', finished_at = finished_at - interval '1 hour'`;
    built.length = 0;
    await publishing.publish(null);
    await publishing.idle();
    built.length = 0;
    const change = await pendingRequest(true, own);
    await own`update publish_requests set created_at = now() - interval '2 minutes' where id = ${change}`;
    // Debounced long enough, but a run was requested a moment ago.
    expect(await publishIfDue(own, publishing, { debounceMs: 60_000 })).toBeNull();
    expect(built).toEqual([]);
    await own`update publish_runs set requested_at = requested_at - interval '6 minutes'`;
    expect(await publishIfDue(own, publishing, { debounceMs: 60_000 })).not.toBeNull();
    expect(built).toHaveLength(1);
    expect((await request(change, own)).published_at).not.toBeNull();
  });

  it("changes that are not approvals wait for an admin's Publish", async () => {
    const { built, publishing } = counting();
    // Approvals other test files left pending are published first (the database is shared).
    await publishIfDue(own, publishing, NOW);
    built.length = 0;
    const edit = await pendingRequest(false, own);
    await own`update publish_requests set created_at = now() - interval '5 minutes' where id = ${edit}`;
    expect(await publishIfDue(own, publishing, NOW)).toBeNull();
    expect(built).toEqual([]);
    expect(await request(edit, own)).toMatchObject({ published_at: null, publish_run_id: null });
  });
});

describe("production: Netlify's build hook", () => {
  let hook: http.Server;
  let hookUrl: string;
  const calls: { method: string | undefined; url: string | undefined }[] = [];
  let answer = 200;

  beforeAll(async () => {
    hook = http.createServer((req, res) => {
      calls.push({ method: req.method, url: req.url });
      req.resume();
      req.on('end', () => res.writeHead(answer).end());
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const { port } = hook.address() as AddressInfo;
    hookUrl = `http://127.0.0.1:${port}/build_hooks/secret-hook-id-0123456789`;
  });
  afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())));

  it('POSTs the hook once per build; the run is triggered and its changes published', async () => {
    const change = await pendingRequest();
    const publishing = createPublisher({ sql, builder: hookBuilder(hookUrl) });
    const before = calls.length;
    const runs = await Promise.all([publishing.publish(admin.id), publishing.publish(admin.id)]);
    await publishing.idle();
    expect(calls.length - before).toBeGreaterThanOrEqual(1);
    expect(calls.length - before).toBeLessThanOrEqual(2);
    // The deploy's title names the run, so Netlify's deploy notification finds it again. The two
    // publishes race for the table lock, so either may have made the later run: it is built last.
    const latest = Math.max(runs[0].id, runs[1].id);
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: `/build_hooks/secret-hook-id-0123456789?trigger_title=Publish+run+${latest}`,
    });
    const last = await run(latest);
    expect(last.status).toBe('triggered');
    expect(last.log_tail).not.toContain('secret-hook-id');
    expect((await request(change)).published_at).not.toBeNull();
  });

  it('a hook that refuses or does not answer fails the run, naming neither the URL nor its secret', async () => {
    answer = 500;
    const refused = createPublisher({ sql, builder: hookBuilder(hookUrl) });
    const failed = await refused.publish(admin.id);
    await refused.idle();
    const row = await run(failed.id);
    expect(row.status).toBe('failed');
    expect(row.log_tail).toContain('answered 500');
    expect(row.log_tail).not.toContain('secret-hook-id');

    // A hook that never answers (a socket that accepts and stays silent) times out.
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/build_hooks/another-secret`;
    const slow = createPublisher({ sql, builder: hookBuilder(silentUrl, 200) });
    const timedOut = await slow.publish(admin.id);
    await slow.idle();
    silent.closeAllConnections();
    silent.close();
    const slowRow = await run(timedOut.id);
    expect(slowRow.status).toBe('failed');
    expect(slowRow.log_tail).toContain('did not answer');
    expect(slowRow.log_tail).not.toContain('another-secret');
    answer = 200;
  });
});

/**
 * A site folder as `astro build` leaves it for our server: the Node adapter's entry (here a
 * handler answering 404, the on-demand routes not being under test) and the prebuilt files.
 */
async function writeSite(dir: string, home: string): Promise<void> {
  await mkdir(path.join(dir, 'server'), { recursive: true });
  await mkdir(path.join(dir, 'client', 'services'), { recursive: true });
  await writeFile(
    path.join(dir, 'server', 'entry.mjs'),
    'export const handler = (req, res) => { res.statusCode = 404; res.end("not found"); };\n',
  );
  await writeFile(path.join(dir, 'client', 'index.html'), `<h1>${home}</h1>`);
  await writeFile(path.join(dir, 'client', 'services', 'plumbing.html'), `<h1>Plumbing ${home}</h1>`);
}

/**
 * The build the local rebuild runs, small but real: a child process given the server's environment
 * and ASTRO_OUT_DIR, writing the site it reads from the database's latest change (or failing with
 * a long log when the change says so).
 */
const BUILD_SCRIPT = `
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
const sql = postgres(process.env.DATABASE_URL, { max: 1 });
const [row] = await sql\`select reason from publish_requests where entity_id = \${process.env.PUBLISH_TEST_MARK} order by id desc limit 1\`;
await sql.end();
const out = process.env.ASTRO_OUT_DIR;
if (row.reason === 'break the build') {
  for (let i = 1; i <= 60; i += 1) console.log('build log line ' + i);
  console.error('Error: the build broke');
  process.exit(1);
}
await new Promise((r) => setTimeout(r, 300));
mkdirSync(path.join(out, 'client', 'services'), { recursive: true });
mkdirSync(path.join(out, 'server'), { recursive: true });
writeFileSync(path.join(out, 'client', 'index.html'), '<h1>' + row.reason + '</h1>');
writeFileSync(path.join(out, 'client', 'services', 'plumbing.html'), '<h1>Plumbing ' + row.reason + '</h1>');
`;

/** Names this file's changes for its build script (other files' tests record changes too). */
const MARK = `publish-test-${process.pid}`;

describe('embedded default: a local rebuild into a fresh folder', () => {
  let scratch: string;
  let outDir: string;
  let site: SiteServer;

  beforeAll(async () => {
    await mkdir(path.resolve('.scratch'), { recursive: true });
    scratch = await mkdtemp(path.join(path.resolve('.scratch'), 'publish-'));
    outDir = path.join(scratch, 'dist');
    await writeSite(outDir, 'First build');
    // Under the project (.scratch/), so the script finds the project's postgres driver.
    const script = path.join(scratch, 'build.mjs');
    await writeFile(script, BUILD_SCRIPT);
    process.env['PUBLISH_TEST_MARK'] = MARK;
    const port = await freePort();
    site = await startSiteServer({
      outDir,
      host: '127.0.0.1',
      port,
      env: parseServerEnv({ ...process.env, PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` }),
      rebuild: { command: process.execPath, args: [script] },
    });
    return async () => {
      await site.close();
      await rm(scratch, { recursive: true, force: true });
    };
  });

  async function change(title: string): Promise<void> {
    await requestPublish(sql, {
      reason: title,
      entityType: 'seo_page',
      entityId: MARK,
      requestedBy: admin.id,
    });
  }

  /** Fetches / and a service page every 20 ms until stopped; counts answers and failures. */
  function requestLoop() {
    const state = { stopped: false };
    const seen = { answers: 0, failures: [] as string[], bodies: new Set<string>() };
    const loop = (async () => {
      while (!state.stopped) {
        for (const p of ['/', '/services/plumbing']) {
          try {
            const res = await fetch(site.url + p);
            const body = await res.text();
            seen.answers += 1;
            if (res.status >= 400) seen.failures.push(`${p} ${res.status}`);
            if (p === '/') seen.bodies.add(body);
          } catch (error) {
            seen.failures.push(`${p} ${String(error)}`);
          }
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    return {
      seen,
      stop: async () => {
        state.stopped = true;
        await loop;
      },
    };
  }

  it('publishes into a fresh folder, switches to it at once and keeps answering', async () => {
    await change('Second build');
    const publishing = createPublisher({ sql, builder: defaultBuilder() });
    const loop = requestLoop();
    const started = await publishing.publish(admin.id);
    await publishing.idle();
    await new Promise((r) => setTimeout(r, 100));
    await loop.stop();

    expect((await run(started.id)).status).toBe('live');
    expect(loop.seen.failures).toEqual([]);
    expect(loop.seen.answers).toBeGreaterThan(10);
    // Every answer was one build's or the other's, never a mix or an empty page.
    expect([...loop.seen.bodies].sort()).toEqual(['<h1>First build</h1>', '<h1>Second build</h1>']);
    expect(await (await fetch(`${site.url}/services/plumbing`)).text()).toBe(
      '<h1>Plumbing Second build</h1>',
    );
    expect(path.dirname(site.servedDir())).toBe(`${outDir}-builds`);
    expect(site.servedDir()).not.toBe(outDir);
  });

  it('a failed build keeps the old site and records the last 40 lines of its log', async () => {
    const served = site.servedDir();
    await change('break the build');
    const publishing = createPublisher({ sql, builder: defaultBuilder() });
    const failed = await publishing.publish(admin.id);
    await publishing.idle();
    const row = await run(failed.id);
    expect(row.status).toBe('failed');
    const lines = row.log_tail!.split('\n');
    expect(lines.length).toBe(40);
    expect(row.log_tail).toContain('Error: the build broke');
    expect(row.log_tail).not.toContain('build log line 20\n');
    expect(site.servedDir()).toBe(served);
    expect(await (await fetch(`${site.url}/`)).text()).toBe('<h1>Second build</h1>');
    // The failed build's folder is gone; only served builds stay.
    expect(await readdir(`${outDir}-builds`)).toEqual([path.basename(served)]);
  });

  it('keeps the last two builds and deletes older ones', async () => {
    const publishing = createPublisher({ sql, builder: defaultBuilder() });
    for (const title of ['Third build', 'Fourth build']) {
      await change(title);
      await publishing.publish(admin.id);
      await publishing.idle();
    }
    expect(await (await fetch(`${site.url}/`)).text()).toBe('<h1>Fourth build</h1>');
    const kept = await readdir(`${outDir}-builds`);
    expect(kept.length).toBe(2);
    expect(kept).toContain(path.basename(site.servedDir()));
  });
});

describe('/api/admin/publish', () => {
  let endpoint: Partial<Record<'GET' | 'POST', APIRoute>>;

  beforeAll(async () => {
    endpoint = await import('../../src/pages/api/admin/publish.ts');
  });

  async function call(method: 'GET' | 'POST', user: SessionUser | null): Promise<Response> {
    return endpoint[method]!(apiContext({ method, path: '/api/admin/publish', user }));
  }

  it('refuses contractors, homeowners and visitors, and records nothing for them', async () => {
    const [before] = await sql<{ n: number }[]>`select count(*)::int as n from publish_runs`;
    const contractor = await sessionUser(['contractor']);
    const homeowner = await sessionUser([]);
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(method, contractor)).status).toBe(403);
      expect((await call(method, homeowner)).status).toBe(403);
      expect((await call(method, null)).status).toBe(401);
    }
    const [after] = await sql<{ n: number }[]>`select count(*)::int as n from publish_runs`;
    expect(after!.n).toBe(before!.n);
  });

  it("an admin's POST answers 202 with the run, and GET shows it with the pending count", async () => {
    const change = await pendingRequest();
    const answer = await call('POST', admin);
    expect(answer.status).toBe(202);
    const started = (await answer.json()) as PublishRunView;
    // The run goes on in the background: with no builder here it may have failed already by the
    // time the answer is written (on PostgreSQL it often has).
    expect(['queued', 'building', 'failed']).toContain(started.status);
    await publisher().idle();
    const state = (await (await call('GET', admin)).json()) as PublishState;
    const shown = state.runs.find((r) => r.id === started.id);
    // No local site server in this process any more and no BUILD_HOOK_URL: the run fails, saying so.
    expect(shown?.status).toBe('failed');
    expect(shown?.logTail).toContain('No local rebuild here');
    expect(typeof state.pending).toBe('number');
    expect((await request(change)).published_at).toBeNull();
  });
});
