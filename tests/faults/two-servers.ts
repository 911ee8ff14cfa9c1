// Two server processes on one database behave as one (issue 28, Must 4). Netlify runs many
// function instances at once, and a self-hosted site may run two servers behind its proxy: every
// limit, replay, publish and job must hold across processes, because each lives in the database.
//
// The built site (ASTRO_OUT_DIR, default dist-e2e/, which the browser tests build) is served by two
// scripts/serve.ts processes, A and B, on one fresh PostgreSQL database (FAULT_DATABASE_URL: CI's
// throwaway cluster) migrated and seeded with the demo data. Then:
// - sign-in: wrong passwords for one e-mail from one address, alternating A and B: the sixth is
//   refused (429) whichever server it reaches, as five on one server would be;
// - a session made on A is signed in on B;
// - a replayed write: a password-reset request sent to A and again to B with the same
//   Idempotency-Key is answered by B as a replay, and one reset mail is written;
// - publishing: eight Publish presses at once, four on each server, make at most two runs (one
//   triggered, one queued behind it); the build hook is a stand-in on 127.0.0.1 that answers slowly;
// - jobs: ten quote requests confirmed alternately on A and B, both runners draining: each sold to
//   3 pros, each pro charged once; then a request confirmed on A, and A killed (SIGKILL) at once,
//   holding the job: once the job's time is up, pg-boss's upkeep gives it back and B's runner
//   sells it, with no sweeper and no restart.
//
//   FAULT_DATABASE_URL=postgres://... npx tsx tests/faults/two-servers.ts   (needs dist-e2e/)
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SecondServer } from '../helpers/second-server.ts';

process.env['QUOTE_POW_MAX_COUNTER'] ??= '1000';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { createSql } = await import('../../src/server/platform/db/client.ts');
const { migrate } = await import('../../src/server/platform/db/migrate.ts');
const { seed } = await import('../../scripts/lib/seed.ts');
const { serveBuildAgain } = await import('../helpers/second-server.ts');
const { sandboxCode } = await import('../../scripts/lib/prove-quote.ts');
const { superviseQueues } = await import('../../src/server/platform/queue/queue.ts');
const { clientAddress, quoteRequestBody, signedInCookie } =
  await import('../../scripts/lib/production-site.ts');
const { solvedServerProof } = await import('../../scripts/lib/solve-proof.ts');
const { DEMO_PASSWORD } = await import('../../scripts/lib/demo-data.ts');

const admin = process.env['FAULT_DATABASE_URL'];
if (!admin) {
  console.error('Two servers need a PostgreSQL both can reach: set FAULT_DATABASE_URL.');
  process.exit(1);
}
const outDir = path.resolve(ROOT, process.env['ASTRO_OUT_DIR'] ?? 'dist-e2e');
if (!existsSync(path.join(outDir, 'server', 'entry.mjs'))) {
  console.error(`No built site in ${outDir}: build it first (npx playwright test builds dist-e2e/).`);
  process.exit(1);
}

const name = `two_servers_${process.pid}_${Date.now()}`;
{
  const root = createSql(admin, { max: 1 });
  await root.unsafe(`create database ${name}`);
  await root.end();
}
const url = new URL(admin);
url.pathname = `/${name}`;
const databaseUrl = url.href;
const sql = createSql(databaseUrl, { max: 4 });

// A build hook that takes its time, as Netlify's answers in hundreds of milliseconds.
let hookCalls = 0;
const hook = http.createServer((req, res) => {
  hookCalls += 1;
  req.resume();
  setTimeout(() => res.writeHead(200).end('{}'), 500);
});
await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/two-servers`;

interface Server extends SecondServer {
  name: string;
}
const servers: Server[] = [];

async function startServer(name: string): Promise<Server> {
  const server = await serveBuildAgain((origin) => ({
    // The sandbox gateway and captured mail: no Stripe key, no SMTP relay.
    STRIPE_SECRET_KEY: undefined,
    SMTP_URL: undefined,
    EMBEDDED_DB: undefined,
    DATABASE_URL: databaseUrl,
    ASTRO_OUT_DIR: outDir,
    // One site behind one name, as two instances behind a proxy are.
    SITE_URL: origin,
    TRUSTED_PROXIES: '127.0.0.1',
    BUILD_HOOK_URL: hookUrl,
    UPLOADS_DIR: mkdtempSync(path.join(tmpdir(), 'two-servers-uploads-')),
  }));
  const named = { ...server, name };
  servers.push(named);
  return named;
}

async function main(): Promise<void> {
  await migrate(sql);
  await seed(sql, { demo: true, uploadsDir: mkdtempSync(path.join(tmpdir(), 'two-servers-seed-')) });
  const a = await startServer('A');
  const b = await startServer('B');
  const pair = [a, b];
  const json = { 'content-type': 'application/json' };

  // Sign-in limits: five wrong passwords for one e-mail from one address, then refused, on either.
  const address = '203.0.113.40';
  const statuses: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const server = pair[i % 2]!;
    const answer = await fetch(`${server.origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { ...json, origin: server.origin, 'x-forwarded-for': address },
      body: JSON.stringify({ email: 'homeowner@example.com', password: 'not the password 1!' }),
    });
    await answer.body?.cancel();
    statuses.push(answer.status);
  }
  assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401], `sign-in answers ${statuses.join(' ')}`);
  assert.deepEqual(statuses.slice(5), [429, 429], `past the limit on both servers: ${statuses.join(' ')}`);
  console.log(`sign-in limit across servers: ${statuses.join(' ')}`);

  // A session made on A is a session on B.
  const adminCookie = await signedInCookie(a.origin, 'admin@example.com', DEMO_PASSWORD);
  const state = await fetch(`${b.origin}/api/admin/publish`, { headers: { cookie: adminCookie } });
  assert.equal(state.status, 200, 'the admin signed in on A is signed in on B');
  await state.body?.cancel();

  // A replayed write: the same Idempotency-Key on A, then on B.
  const key = `two-servers-${Date.now()}-reset`;
  const reset = (server: Server) =>
    fetch(`${server.origin}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { ...json, origin: server.origin, 'idempotency-key': key },
      body: JSON.stringify({ email: 'homeowner@example.com' }),
    });
  const first = await reset(a);
  const again = await reset(b);
  assert.equal(first.status, again.status, 'the replay answers as the first try did');
  assert.equal(first.headers.get('idempotent-replayed'), null, 'the first try was carried out');
  assert.equal(again.headers.get('idempotent-replayed'), 'true', 'B answered with A’s answer');
  const [mails] = await sql<{ n: number }[]>`
    select count(*)::int as n from mail_outbox where to_address = 'homeowner@example.com' and template = 'password_reset'`;
  assert.equal(mails!.n, 1, 'one reset mail for two tries with one key');
  console.log('idempotent replay across servers: B replayed A’s answer; 1 mail');

  // Publishing: eight presses at once, four on each server.
  const runsBefore = await sql<{ id: number }[]>`select id from publish_runs`;
  const presses = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      fetch(`${pair[i % 2]!.origin}/api/admin/publish`, {
        method: 'POST',
        headers: { origin: pair[i % 2]!.origin, cookie: adminCookie },
      }).then(async (r) => ({ status: r.status, run: ((await r.json()) as { id: number }).id })),
    ),
  );
  assert.ok(
    presses.every((p) => p.status === 202),
    `publish answers ${presses.map((p) => p.status).join(' ')}`,
  );
  const runs = await sql<{ id: number; status: string }[]>`
    select id, status from publish_runs where id <> all(${runsBefore.map((r) => r.id)}::bigint[]) order by id`;
  assert.ok(runs.length >= 1 && runs.length <= 2, `8 presses on two servers made ${runs.length} runs`);
  assert.equal(new Set(presses.map((p) => p.run)).size, runs.length, 'every press joined one of them');
  console.log(
    `publishing across servers: 8 presses, ${runs.length} runs (${runs.map((r) => r.status).join(', ')})`,
  );

  // Jobs: ten requests confirmed alternately on A and B; both runners drain.
  const services = (await sql<{ slug: string }[]>`select slug from services order by slug`).map(
    (r) => r.slug,
  );
  const confirmOn = async (server: Server, i: number): Promise<string> => {
    const request = quoteRequestBody(i, services, await solvedServerProof(server.origin), 'two-servers');
    const headers = { ...json, origin: server.origin, 'x-forwarded-for': clientAddress(1000 + i) };
    const stored = await fetch(`${server.origin}/api/quotes`, {
      method: 'POST',
      headers,
      body: request.body,
    });
    assert.equal(stored.status, 201, `request ${i} stored: ${await stored.clone().text()}`);
    const { leadId } = (await stored.json()) as { leadId: string };
    const code = await sandboxCode(sql, request.phone);
    const checked = await fetch(`${server.origin}/api/quotes/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ requestKey: request.requestKey, code }),
    });
    assert.equal(checked.status, 200, `request ${i} confirmed: ${await checked.clone().text()}`);
    assert.equal(((await checked.json()) as { selling?: boolean }).selling, true, 'answered at once');
    return leadId;
  };
  const leadIds = await Promise.all(Array.from({ length: 10 }, (_, i) => confirmOn(pair[i % 2]!, i)));
  const sold = async (ids: string[], within: number) => {
    const until = Date.now() + within;
    for (;;) {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from leads where id = any(${ids}::uuid[]) and qualification = 'pending'`;
      if (row!.n === 0) return;
      if (Date.now() > until)
        throw new Error(`${row!.n} of ${ids.length} requests not sold within ${within} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await sold(leadIds, 20_000);

  // A confirms a request and is killed at once, most likely holding its job (its runner was kicked
  // by the answer). The job's time runs out (moved on 10 minutes, as the server-kill fault moves
  // leads' clocks), pg-boss's upkeep (the scheduled run-jobs; here called as it calls it) gives it
  // back to the queue, and B's runner sells it: no sweeper, no restart.
  const orphan = await confirmOn(a, 10);
  await a.kill();
  const killedAt = Date.now();
  const [held] = await sql<{ state: string }[]>`
    select state::text from pgboss.job where name = 'sell-lead' and data->>'leadId' = ${orphan}`;
  await sql`update pgboss.job set started_on = started_on - interval '10 minutes'
             where name = 'sell-lead' and data->>'leadId' = ${orphan} and state = 'active'`;
  await superviseQueues(sql);
  await sold([orphan], 40_000);
  const tookOver = Date.now() - killedAt;

  const all = [...leadIds, orphan];
  const perLead = await sql<{ id: string; paid: number }[]>`
    select l.id, count(d.id) filter (where d.payment_status = 'paid')::int as paid
      from leads l left join lead_distributions d on d.lead_id = l.id
     where l.id = any(${all}::uuid[]) group by l.id`;
  for (const lead of perLead) assert.equal(lead.paid, 3, `lead ${lead.id} sold to ${lead.paid} pros`);
  const [twice] = await sql<{ n: number }[]>`
    select count(*)::int as n from (
      select distribution_id from payment_transactions
       where lead_id = any(${all}::uuid[]) and payment_status = 'paid' group by 1 having count(*) > 1) x`;
  assert.equal(twice!.n, 0, 'nobody charged twice');
  // At the gateway: one charge per distribution tried (a declining demo card's too), never two.
  const [intents] = await sql<{ charges: number; tried: number; keys: number }[]>`
    select count(*)::int as charges, count(distinct d.id)::int as keys,
           (select count(*)::int from lead_distributions
             where lead_id = any(${all}::uuid[]) and payment_status in ('paid', 'failed')) as tried
      from sandbox_payment_intents i
      join lead_distributions d on i.idempotency_key = 'lead-distribution-' || d.id
     where d.lead_id = any(${all}::uuid[])`;
  assert.equal(intents!.charges, intents!.keys, 'no distribution charged twice at the gateway');
  assert.equal(intents!.charges, intents!.tried, 'every charge at the gateway recorded, paid or declined');
  const jobs = await sql<{ state: string; n: number }[]>`
    select state::text, count(*)::int as n from pgboss.job where name = 'sell-lead' group by 1`;
  console.log(
    `jobs across servers: 11 requests sold to 3 each, ${intents!.charges} charges at the gateway for ${intents!.tried} places tried; A killed after confirming (its job ${held?.state ?? 'gone'}), B sold it ${tookOver} ms later; jobs ${jobs.map((j) => `${j.state} ${j.n}`).join(', ')}`,
  );
  console.log(`build hook called ${hookCalls} time(s)`);
}

let failed = false;
try {
  await main();
  console.log('Two servers on one database behave as one.');
} catch (error) {
  failed = true;
  console.error(error);
  for (const server of servers) console.error(`--- server ${server.name} ---\n${server.log().slice(-3000)}`);
} finally {
  for (const server of servers) await server.stop();
  hook.close();
  await sql.end({ timeout: 5 });
  const root = createSql(admin, { max: 1 });
  await root.unsafe(`drop database if exists ${name} with (force)`);
  await root.end();
}
process.exit(failed ? 1 : 0);
