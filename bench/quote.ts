// Quote pipeline benchmarks (issue 6) on real PostgreSQL with the demo data and the sandbox
// gateway: end-to-end submit time (validation to three charges and the outbox rows), sustained
// throughput with 20 concurrent clients, and the two concurrency guarantees.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZQuoteRequest } from '../src/schemas/quote.ts';
import type { Sql } from '../src/server/db/client.ts';
import { createSandboxGateway } from '../src/server/payments/sandbox-gateway.ts';
import { submitQuote } from '../src/server/quotes/submit-quote.ts';
import { seed } from '../scripts/lib/seed.ts';
import type { Measurement } from './foundation.ts';
import { freshDatabase, percentile, time, withPostgres } from './lib.ts';

const SEQUENTIAL = Number(process.env.BENCH_QUOTES ?? 200);
const CLIENTS = 20;
const PER_CLIENT = Number(process.env.BENCH_QUOTES_PER_CLIENT ?? 15);
const ZIPS = ['45402', '45409', '45419', '45429', '45431', '45440', '45385', '45066'];

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
  const services = (await sql<{ slug: string }[]>`select slug from services order by slug`).map(
    (r) => r.slug,
  );
  let n = 0;
  const request = (overrides: Record<string, unknown> = {}) => {
    n += 1;
    return ZQuoteRequest.parse({
      requestKey: randomUUID(),
      service: services[n % services.length],
      description: 'Bench request: the project needs a contractor soon, details on the phone.',
      timeline: 'ASAP',
      budgetMin: 1000,
      budgetMax: 15000,
      propertyType: 'Single Family Home',
      address: `${n} Main Street`,
      zipCode: ZIPS[n % ZIPS.length],
      name: 'Bench Homeowner',
      email: `bench-${n}@example.com`,
      phone: '(937) 555-0142',
      contactMethod: 'email',
      ...overrides,
    });
  };
  const submit = (input: ReturnType<typeof request>) => submitQuote(sql, input, { gateway });

  for (let i = 0; i < 10; i += 1) await submit(request()); // warm plans and pool
  const times: number[] = [];
  let fullySold = 0;
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    const input = request();
    let paid = 0;
    times.push(await time(async () => (paid = (await submit(input)).paymentsSuccessful)));
    if (paid === 3) fullySold += 1;
  }

  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < PER_CLIENT; i += 1) await submit(request());
    }),
  );
  const perSecond = (CLIENTS * PER_CLIENT) / ((performance.now() - started) / 1000);

  const email = `bench-same-${randomUUID()}@example.com`;
  const sameEmail = await Promise.allSettled(
    Array.from({ length: 100 }, (_, i) => submit(request({ email, service: services[i % services.length] }))),
  );
  const accepted = sameEmail.filter((r) => r.status === 'fulfilled').length;

  const retry = request({ service: 'plumbing', zipCode: '45402' });
  await Promise.allSettled(Array.from({ length: 50 }, () => submit(retry)));
  const [leads] = await sql<
    { n: number }[]
  >`select count(*)::int as n from leads where request_key = ${retry.requestKey}`;
  const [charges] = await sql<{ n: number }[]>`
    select count(*)::int as n from sandbox_payment_intents i
    join lead_distributions d on i.idempotency_key = 'lead-distribution-' || d.id
    join leads l on l.id = d.lead_id where l.request_key = ${retry.requestKey}`;

  return [
    {
      name: 'Quote submit, end to end, p50 (PostgreSQL)',
      value: percentile(times, 0.5),
      unit: 'ms',
      note: `${SEQUENTIAL} requests; ${fullySold} sold to 3 contractors`,
    },
    {
      name: 'Quote submit, end to end, p95 (PostgreSQL)',
      value: percentile(times, 0.95),
      unit: 'ms',
      note: 'budget: under 150 ms',
    },
    {
      name: 'Quotes per second, 20 concurrent clients',
      value: perSecond,
      unit: 'quotes/s',
      note: `${CLIENTS * PER_CLIENT} requests; budget: at least 50`,
    },
    {
      name: '100 concurrent submissions with one e-mail: accepted',
      value: accepted,
      unit: '',
      note: 'budget: exactly 3',
    },
    {
      name: '50 concurrent retries of one request key: leads',
      value: leads!.n,
      unit: '',
      note: 'budget: exactly 1',
    },
    {
      name: '50 concurrent retries of one request key: charges',
      value: charges!.n,
      unit: '',
      note: 'budget: at most 3',
    },
  ];
}
