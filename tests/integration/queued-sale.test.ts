// A confirmed request's sale as a job on pg-boss (issue 28, Must 1), against the real database and
// the sandbox gateway: queued in the transaction that proves the phone (a rolled-back proof queues
// nothing, a repeat queues nothing twice), answered at once with the sale under way, run by the
// worker, by two workers at once only once, retried after a failure of ours, finished by the
// sweeper when the queue gave up; the in-process kick and the Node server's runner run it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { hostJobRunner } from '../../src/server/jobs/runner-host.ts';
import { ensureJobRunner, jobsIdle, kickJobs } from '../../src/server/jobs/runner.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { verifyQuotePhone, quoteStatus } from '../../src/server/leads/requests/prove-quote-phone.ts';
import { runQueuedSales } from '../../src/server/leads/requests/queue-sale.ts';
import { resumeUnfinishedLeads } from '../../src/server/leads/requests/resume-unfinished-leads.ts';
import { submitQuote } from '../../src/server/leads/requests/submit-quote.ts';
import { createSandboxSms } from '../../src/server/platform/sms/sandbox-sms.ts';
import { createBusiness, giveCard, provePhone, quoteRequest } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let gateway: PaymentGateway;
const services: { slug: string; name: string }[] = [];
let service = { slug: '', name: '' };
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  process.env['DATABASE_URL'] = database.url;
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  gateway = createSandboxGateway(sql);
  services.push(
    ...(await sql<{ slug: string; name: string }[]>`select slug, name from services order by slug`),
  );
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

beforeEach(() => {
  service = services[n % services.length]!;
  n += 1;
});

async function contractors(count: number) {
  for (let i = 0; i < count; i += 1) {
    const business = await createBusiness(sql, { category: service.name, services: [service.slug] });
    await giveCard(sql, business.id);
  }
}

/** A request waiting for its code, and the code the sandbox texted. */
async function waiting() {
  const input = await quoteRequest({ service: service.slug });
  const sent = await submitQuote(sql, input, { sms: createSandboxSms(sql) });
  expect(sent.status).toBe('awaiting_code');
  const [row] = await sql<{ code: string }[]>`
    select code from sandbox_verifications where to_phone = ${input.phone} order by created_at desc limit 1`;
  return { input, leadId: sent.leadId, code: row!.code };
}

const confirm = (requestKey: string, code: string) =>
  verifyQuotePhone(sql, { requestKey, code }, { sms: createSandboxSms(sql) });

/** The lead's jobs in pg-boss, by state. */
async function jobsOf(leadId: string) {
  return sql<{ state: string; retry_count: number }[]>`
    select state::text, retry_count from pgboss.job where name = 'sell-lead' and data->>'leadId' = ${leadId}`;
}

async function paid(leadId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from lead_distributions where lead_id = ${leadId} and payment_status = 'paid'`;
  return row!.n;
}

describe('the sale queued with the confirmation', () => {
  it('answers at once with the sale under way and one job queued; the worker sells it; the status follows', async () => {
    await contractors(3);
    const { input, leadId, code } = await waiting();
    const answer = await confirm(input.requestKey, code);
    expect(answer).toMatchObject({ status: 'sent', selling: true, contractors: [], paymentsSuccessful: 0 });
    expect(await jobsOf(leadId)).toEqual([{ state: 'created', retry_count: 0 }]);
    expect(await paid(leadId)).toBe(0);
    // The code typed again (a double tap, a lost answer): the same answer, no second job.
    expect(await confirm(input.requestKey, code)).toMatchObject({ status: 'sent', selling: true });
    expect(await jobsOf(leadId)).toHaveLength(1);

    const run = await runQueuedSales(sql, { gateway });
    expect(run).toEqual({ done: 1, failed: 0 });
    expect(await jobsOf(leadId)).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(await paid(leadId)).toBe(3);
    const status = await quoteStatus(sql, { requestKey: input.requestKey });
    expect(status.selling).toBeUndefined();
    expect(status).toMatchObject({ status: 'sent', paymentsSuccessful: 3 });
    expect(status.contractors).toHaveLength(3);
    expect(status.matches).toHaveLength(3);
  });

  it('a signed-in homeowner whose phone was proven before: stored, its sale queued, sold by the worker', async () => {
    await contractors(3);
    const input = await quoteRequest({ service: service.slug });
    await provePhone(sql, input.phone, input.email);
    const answer = await submitQuote(sql, input, { verifiedEmail: input.email, sms: createSandboxSms(sql) });
    expect(answer).toMatchObject({ status: 'sent', selling: true, paymentsSuccessful: 0 });
    expect(await jobsOf(answer.leadId)).toEqual([{ state: 'created', retry_count: 0 }]);
    expect(await runQueuedSales(sql, { gateway })).toEqual({ done: 1, failed: 0 });
    expect(await paid(answer.leadId)).toBe(3);
  });

  it('a proof whose transaction rolls back queues nothing', async () => {
    await contractors(3);
    const { input, leadId, code } = await waiting();
    // The phone changes while the code is checked: the proof is refused inside the transaction.
    await sql`update leads set phone = '9375550100' where id = ${leadId}`;
    await expect(confirm(input.requestKey, code)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await jobsOf(leadId)).toEqual([]);
    expect((await quoteStatus(sql, { requestKey: input.requestKey })).status).toBe('awaiting_code');
  });

  it('two workers at once, each on its own pool as two processes are, run a job once: three charges', async () => {
    await contractors(4);
    const { input, leadId, code } = await waiting();
    await confirm(input.requestKey, code);
    const other = createSql(database.url);
    try {
      const runs = await Promise.all([
        runQueuedSales(sql, { gateway }),
        runQueuedSales(other, { gateway: createSandboxGateway(other) }),
      ]);
      expect(runs.reduce((sum, r) => sum + r.done, 0)).toBe(1);
    } finally {
      await other.end();
    }
    expect(await paid(leadId)).toBe(3);
    const [intents] = await sql<{ n: number }[]>`select count(*)::int as n from sandbox_payment_intents i
      join lead_distributions d on i.idempotency_key = 'lead-distribution-' || d.id where d.lead_id = ${leadId}`;
    expect(intents!.n).toBe(3);
  });

  it('a failure of ours fails the job, which is retried; the sweeper finishes a sale the queue gave up on', async () => {
    await contractors(3);
    const { input, leadId, code } = await waiting();
    await confirm(input.requestKey, code);
    let calls = 0;
    const failing = await runQueuedSales(sql, {
      gateway,
      afterCharge: () => {
        calls += 1;
        if (calls === 1) throw new Error('a fault of ours after the first charge');
      },
    });
    expect(failing).toEqual({ done: 0, failed: 1 });
    expect(await jobsOf(leadId)).toEqual([{ state: 'retry', retry_count: 0 }]);
    // Not due yet (10 s, doubling): a drain now takes nothing.
    expect(await runQueuedSales(sql, { gateway })).toEqual({ done: 0, failed: 0 });
    // Due: the retry settles what the first run left, charging nobody twice.
    await sql`update pgboss.job set start_after = now() where name = 'sell-lead' and data->>'leadId' = ${leadId}`;
    expect(await runQueuedSales(sql, { gateway })).toEqual({ done: 1, failed: 0 });
    expect(await paid(leadId)).toBe(3);

    // Another sale whose job is given up (failed for good): the sweeper still sells it, once.
    const other = await waiting();
    await confirm(other.input.requestKey, other.code);
    await sql`update pgboss.job set state = 'failed', completed_on = now()
               where name = 'sell-lead' and data->>'leadId' = ${other.leadId}`;
    await sql`update leads set confirmed_at = now() - interval '10 minutes' where id = ${other.leadId}`;
    const swept = await resumeUnfinishedLeads(sql, { gateway });
    expect(swept.find((r) => r.leadId === other.leadId)).toMatchObject({ paymentsSuccessful: 3 });
    expect(await paid(other.leadId)).toBe(3);
  });
});

describe('who runs the jobs', () => {
  it('a kick in a process without a runner drains the queue in its background', async () => {
    await contractors(3);
    const { input, leadId, code } = await waiting();
    await confirm(input.requestKey, code);
    await kickJobs(sql, 'http://127.0.0.1');
    await jobsIdle();
    expect(await paid(leadId)).toBe(3);
  });

  it("our Node server's runner: started on the bundle's pool, kicked, stopped", async () => {
    await contractors(3);
    const { input, leadId, code } = await waiting();
    // Nothing runs until the server asks for a runner.
    expect(ensureJobRunner(sql)).toBeNull();
    const host = hostJobRunner();
    try {
      const runner = ensureJobRunner(sql);
      expect(runner).not.toBeNull();
      expect(ensureJobRunner(sql)).toBe(runner);
      await runner!.idle();
      await confirm(input.requestKey, code);
      await kickJobs(sql, 'http://127.0.0.1');
      await runner!.idle();
      expect(await paid(leadId)).toBe(3);
    } finally {
      await host.stop();
    }
  });
});
