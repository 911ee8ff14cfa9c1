// Quote pipeline benchmarks on real PostgreSQL with the demo data, the sandbox gateway and the
// sandbox SMS provider: a signed-out homeowner's request end to end (submit: proof of work,
// photos, limits, the stored request and the code sent to its phone; then the code check, the
// confirmation: the code checked, the proof recorded, the request admitted by the rules that
// follow the person and its sale queued in the same transaction; then the sale as the worker runs
// it: matching, three charges and the outbox rows), sustained throughput with 20
// concurrent clients, and the concurrency guarantees. The code is read from what the sandbox
// "sent" (sandbox_verifications), as the homeowner reads their phone, outside the timed steps.
// Every request has its own phone and street address (quoteRequestFields), as limits and
// duplicates follow them. The proofs of work are solved before the clock starts: the bench
// measures the server, not a browser's hashing, so it asks for little work.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZQuoteRequest, type TQuoteRequest } from '../src/schemas/quote.ts';
import type { Sql } from '../src/server/platform/db/client.ts';
import { createSandboxGateway } from '../src/server/money/gateway/sandbox-gateway.ts';
import { createStripeGateway } from '../src/server/money/gateway/stripe-gateway.ts';
import type { PaymentGateway } from '../src/server/money/gateway/gateway.ts';
import { verifyQuotePhone } from '../src/server/leads/requests/prove-quote-phone.ts';
import { coalesced } from '../src/server/jobs/coalesce.ts';
import { runQueuedSales } from '../src/server/leads/requests/queue-sale.ts';
import { quoteOutcome } from '../src/server/leads/requests/quote-outcome.ts';
import { submitQuote } from '../src/server/leads/requests/submit-quote.ts';
import type { SubmitResult } from '../src/server/leads/requests/types.ts';
import { createSandboxSms } from '../src/server/platform/sms/sandbox-sms.ts';
import { quoteRequestFields } from '../scripts/lib/production-site.ts';
import { sandboxCode } from '../scripts/lib/prove-quote.ts';
import { solvedProof } from '../scripts/lib/solve-proof.ts';
import { startStripeStandIn } from '../tests/helpers/stripe-stand-in/index.ts';
import { seed } from '../scripts/lib/seed.ts';
import type { Measurement } from './foundation.ts';
import { freshDatabase, percentile, time, withPostgres } from './lib.ts';
import { RUNNER_LANES } from '../src/server/jobs/jobs-rules.ts';

const SEQUENTIAL = Number(process.env.BENCH_QUOTES ?? 200);
const CLIENTS = 20;
const PER_CLIENT = Number(process.env.BENCH_QUOTES_PER_CLIENT ?? 15);
process.env['QUOTE_POW_MAX_COUNTER'] ??= '1000';
/** Code checks measured with the gateway answering each call after GATEWAY_LATENCY_MS. */
const LATENCY_RUNS = Number(process.env.BENCH_QUOTES_LATENCY ?? 60);
const GATEWAY_LATENCY_MS = 300;

type Input = TQuoteRequest;

export async function quoteBench(): Promise<Measurement[]> {
  return withPostgres(async (adminUrl) => {
    const sql = await freshDatabase(adminUrl, 'bench_quote', 10);
    try {
      await seed(sql, { demo: true, uploadsDir: mkdtempSync(path.join(tmpdir(), 'bench-uploads-')) });
      return await measure(sql);
    } finally {
      await sql.end();
    }
  });
}

async function measure(sql: Sql): Promise<Measurement[]> {
  const gateway = createSandboxGateway(sql);
  const sms = createSandboxSms(sql);
  const services = (await sql<{ slug: string }[]>`select slug from services order by slug`).map(
    (r) => r.slug,
  );
  let n = 0;
  const request = async (overrides: Record<string, unknown> = {}) => {
    // This request's number, taken before the await: requests are made concurrently.
    const i = (n += 1);
    const altcha = await solvedProof();
    return ZQuoteRequest.parse({ ...quoteRequestFields(i, services, altcha, 'bench'), ...overrides });
  };
  const requests = (count: number) => Promise.all(Array.from({ length: count }, () => request()));
  const submit = async (input: Input) => {
    const result = await submitQuote(sql, input, { sms });
    if (result.status !== 'awaiting_code') throw new Error(`a new request answered ${result.status}`);
    return result;
  };
  /** The code the sandbox texted to the request's phone (what the homeowner reads and types). */
  const codeFor = (input: Input) => sandboxCode(sql, input.phone);
  /** The wizard's code step (POST /api/quotes/verify): a right code queues the request's sale. */
  const confirm = (input: Input, code: string) =>
    verifyQuotePhone(sql, { requestKey: input.requestKey, code }, { sms });
  /** The worker: every queued sale run (what the server's runner does after the kick). */
  const sell = (on: PaymentGateway = gateway) => runQueuedSales(sql, { gateway: on });
  /** The confirmation and then the sale it queued; the outcome the wizard is shown at the end. */
  const check = async (input: Input, code: string, on: PaymentGateway = gateway) => {
    const confirmed = await confirm(input, code);
    await sell(on);
    return quoteOutcome(sql, confirmed.leadId);
  };

  for (const input of await requests(10)) {
    await submit(input); // warm plans and pool
    await check(input, await codeFor(input));
  }
  const submitTimes: number[] = [];
  const checkTimes: number[] = [];
  const saleTimes: number[] = [];
  const endToEnd: number[] = [];
  let fullySold = 0;
  for (const input of await requests(SEQUENTIAL)) {
    let leadId = '';
    const submitted = await time(() => submit(input));
    const code = await codeFor(input);
    const checked = await time(async () => (leadId = (await confirm(input, code)).leadId));
    const sold = await time(() => sell());
    submitTimes.push(submitted);
    checkTimes.push(checked);
    saleTimes.push(sold);
    endToEnd.push(submitted + checked + sold);
    if ((await quoteOutcome(sql, leadId)).paymentsSuccessful === 3) fullySold += 1;
  }

  // Sustained: 20 homeowners submitting and confirming while one worker (as one server's runner:
  // RUNNER_LANES drains side by side, kicked by every confirmation, each running batches of 5
  // together) sells; the rate is of requests sold, until the last one is.
  const batches = await Promise.all(Array.from({ length: CLIENTS }, () => requests(PER_CLIENT)));
  const leadIds: string[] = [];
  const worker = coalesced(() => Promise.all(Array.from({ length: RUNNER_LANES }, () => sell())));
  const started = performance.now();
  const confirmTimes: number[] = [];
  await Promise.all(
    batches.map(async (batch) => {
      for (const input of batch) {
        await submit(input);
        const code = await codeFor(input);
        const t0 = performance.now();
        leadIds.push((await confirm(input, code)).leadId);
        confirmTimes.push(performance.now() - t0);
        worker.kick();
      }
    }),
  );
  await worker.idle();
  const [unsold] = await sql<{ n: number }[]>`
    select count(*)::int as n from leads where id = any(${leadIds}::uuid[]) and qualification = 'pending'`;
  if (unsold!.n) throw new Error(`${unsold!.n} confirmed requests were not sold by the worker`);
  const perSecond = (CLIENTS * PER_CLIENT) / ((performance.now() - started) / 1000);

  const email = `bench-same-${randomUUID()}@example.com`;
  const sameEmailInputs = await Promise.all(
    Array.from({ length: 100 }, (_, i) => request({ email, service: services[i % services.length] })),
  );
  const sameEmail = await Promise.allSettled(sameEmailInputs.map((input) => submit(input)));
  const accepted = sameEmail.filter((r) => r.status === 'fulfilled').length;

  // One request whose right code is sent 50 times at once (taps, retries): sold once.
  const retry = await request({ service: 'plumbing', zipCode: '45402' });
  await submit(retry);
  const retryCode = await codeFor(retry);
  await Promise.allSettled(Array.from({ length: 50 }, () => check(retry, retryCode)));
  await Promise.allSettled(Array.from({ length: 50 }, () => submitQuote(sql, retry, { sms })));
  await sell();
  const [leads] = await sql<
    { n: number }[]
  >`select count(*)::int as n from leads where request_key = ${retry.requestKey}`;
  const [charges] = await sql<{ n: number }[]>`
    select count(*)::int as n from sandbox_payment_intents i
    join lead_distributions d on i.idempotency_key = 'lead-distribution-' || d.id
    join leads l on l.id = d.lead_id where l.request_key = ${retry.requestKey}`;

  const latency = await withGatewayLatency(sql, request, submit, codeFor, confirm, sell);

  return [
    ...latency,
    {
      name: 'Quote request, submit, p95 (PostgreSQL)',
      value: percentile(submitTimes, 0.95),
      unit: 'ms',
      note: `p50 ${percentile(submitTimes, 0.5).toFixed(1)} ms: proof of work, limits, stored, code sent (sandbox SMS)`,
    },
    {
      name: 'Quote request, code check (the confirmation: its sale queued), p95 (PostgreSQL)',
      value: percentile(checkTimes, 0.95),
      unit: 'ms',
      note: `p50 ${percentile(checkTimes, 0.5).toFixed(1)} ms: code checked, proof recorded, admitted, sale job queued in the same transaction`,
    },
    {
      name: 'Quote request, the queued sale run by the worker, p95 (PostgreSQL)',
      value: percentile(saleTimes, 0.95),
      unit: 'ms',
      note: `p50 ${percentile(saleTimes, 0.5).toFixed(1)} ms: job taken, match, 3 charges (sandbox), mails, job completed`,
    },
    {
      name: 'Quote request, submit, code check and sale, end to end, p50 (PostgreSQL)',
      value: percentile(endToEnd, 0.5),
      unit: 'ms',
      note: `${SEQUENTIAL} requests; ${fullySold} sold to 3 contractors`,
    },
    {
      name: 'Quote request, submit, code check and sale, end to end, p95 (PostgreSQL)',
      value: percentile(endToEnd, 0.95),
      unit: 'ms',
      note: 'budget: under 150 ms',
    },
    {
      name: 'Quote requests submitted, confirmed and sold per second, 20 concurrent clients, one runner',
      value: perSecond,
      unit: 'quotes/s',
      note: `${CLIENTS * PER_CLIENT} requests, until the last is sold; confirmation p95 under that load ${percentile(confirmTimes, 0.95).toFixed(1)} ms; budget: at least 50`,
    },
    {
      name: '100 concurrent submissions with one e-mail: accepted',
      value: accepted,
      unit: '',
      note: 'budget: exactly 3',
    },
    {
      name: 'One request, its right code checked 50 times at once and resubmitted 50 times: leads',
      value: leads!.n,
      unit: '',
      note: 'budget: exactly 1',
    },
    {
      name: 'The same: charges',
      value: charges!.n,
      unit: '',
      note: 'budget: at most 3',
    },
  ];
}

/**
 * The confirmation (the code check, which queues the sale) with a real gateway's latency: the
 * Stripe adapter and the real SDK against the stand-in of Stripe's API answering every call after
 * 300 ms. The confirmation's server time is the homeowner's wait (issue 28: under 150 ms); the
 * worker is kicked as the server kicks it, after the answer, and runs the sale. Measured with
 * every card paying, then with a quarter of the cards declining (more waves). Every charge the
 * stand-in saw must be recorded exactly once. Also timed: from the right code's arrival to the
 * sale recorded, as another connection reads it (the request qualified or unmatched, no charge
 * pending, every paid distribution with its payment transaction): issue 23's criterion.
 */
async function withGatewayLatency(
  sql: Sql,
  request: () => Promise<Input>,
  submit: (input: Input) => Promise<unknown>,
  codeFor: (input: Input) => Promise<string>,
  confirm: (input: Input, code: string) => Promise<SubmitResult>,
  sell: (on: PaymentGateway) => Promise<unknown>,
): Promise<Measurement[]> {
  const standIn = await startStripeStandIn({ latencyMs: GATEWAY_LATENCY_MS });
  try {
    const gateway = createStripeGateway('sk_test_bench', {
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
    });
    /** Whether the lead's sale is recorded whole. */
    const recorded = async (leadId: string) => {
      const [row] = await sql<{ done: boolean }[]>`
        select l.qualification in ('qualified', 'unmatched')
               and not exists (select 1 from lead_distributions d
                                where d.lead_id = l.id and d.payment_status = 'pending')
               and not exists (select 1 from lead_distributions d
                                where d.lead_id = l.id and d.payment_status = 'paid'
                                  and not exists (select 1 from payment_transactions t
                                                   where t.distribution_id = d.id and t.payment_status = 'paid'))
               as done
          from leads l where l.id = ${leadId}`;
      return row?.done ?? false;
    };
    const run = async () => {
      const times: number[] = [];
      const toRecorded: number[] = [];
      const leadIds: string[] = [];
      let fullySold = 0;
      for (let i = 0; i < LATENCY_RUNS; i += 1) {
        const input = await request();
        await submit(input);
        const code = await codeFor(input);
        const started = performance.now();
        const result = await confirm(input, code);
        times.push(performance.now() - started);
        const worker = sell(gateway);
        // The sale as the database holds it: looked for until recorded (10 s at most).
        while (!(await recorded(result.leadId))) {
          if (performance.now() - started > 10_000)
            throw new Error(`the sale of lead ${result.leadId} was not recorded within 10 s`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        toRecorded.push(performance.now() - started);
        await worker;
        leadIds.push(result.leadId);
        if ((await quoteOutcome(sql, result.leadId)).paymentsSuccessful === 3) fullySold += 1;
      }
      const [counts] = await sql<{ failed: number; secondWave: number; paid: number }[]>`
        select count(*) filter (where payment_status = 'failed')::int as failed,
               count(distinct lead_id) filter (where payment_status = 'failed')::int as "secondWave",
               count(*) filter (where payment_status = 'paid')::int as paid
          from lead_distributions where lead_id = any(${leadIds}::uuid[])`;
      return { times, toRecorded, fullySold, ...counts! };
    };
    const allPay = await run();
    // Then a quarter of the contractors' cards decline (the stand-in declines these ids).
    await sql`
      update payment_methods set gateway_payment_method_id = 'pm_card_chargeDeclined__' || id
       where is_default and status = 'active' and abs(hashtext(business_id::text)) % 4 = 0`;
    const someDecline = await run();
    const calls = standIn.requests.filter((r) => r.path === '/v1/payment_intents').length;
    const recordedCharges = allPay.paid + allPay.failed + someDecline.paid + someDecline.failed;
    const label = `Quote request, the confirmation (code check, sale queued) with ${GATEWAY_LATENCY_MS} ms gateway latency`;
    const toSale = [...allPay.toRecorded, ...someDecline.toRecorded];
    return [
      {
        name: `${label}, p95`,
        value: percentile(allPay.times, 0.95),
        unit: 'ms',
        note: `p50 ${percentile(allPay.times, 0.5).toFixed(0)} ms; ${LATENCY_RUNS} requests, ${allPay.fullySold} sold to 3, no declines; Stripe SDK against the stand-in; budget: under 150 ms`,
      },
      {
        name: `${label}, a quarter of the cards declining, p95`,
        value: percentile(someDecline.times, 0.95),
        unit: 'ms',
        note: `p50 ${percentile(someDecline.times, 0.5).toFixed(0)} ms; ${LATENCY_RUNS} requests, ${someDecline.fullySold} sold to 3, ${someDecline.secondWave} needed more than one wave (${someDecline.failed} declines)`,
      },
      {
        name: 'The same: gateway calls per recorded charge',
        value: calls / recordedCharges,
        unit: '',
        note: `${calls} calls for ${recordedCharges} recorded paid or declined distributions; budget: exactly 1`,
      },
      {
        name: `From a right code to the sale recorded, p95, ${GATEWAY_LATENCY_MS} ms gateway latency`,
        value: percentile(toSale, 0.95),
        unit: 'ms',
        note: `p50 ${percentile(toSale, 0.5).toFixed(0)} ms, max ${Math.max(...toSale).toFixed(0)} ms; the ${2 * LATENCY_RUNS} requests above (every card paying, then a quarter declining), each until the database shows it qualified with every charge recorded; budget: under 2000 ms`,
      },
    ];
  } finally {
    await standIn.close();
  }
}
