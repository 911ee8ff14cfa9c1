// Billing benchmarks (issue 14) on real PostgreSQL: one business with 100,000 lead charges (each
// with its lead) over two years, a second business's charges beside them. p95 server time of the
// transactions endpoint's work (first page, a deep keyset page at row 90,000, the 30-day range)
// and the CSV export of all 100,000 rows streamed to the end: its time and memory growth (RSS and
// heap, sampled while it streams), plus EXPLAIN plans. BENCH_DATABASE_URL or a throwaway cluster.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ZBillingExportQuery, ZBillingTransactionsQuery } from '../src/schemas/billing.ts';
import { exportTransactions } from '../src/server/money/billing/export-transactions.ts';
import { listTransactions } from '../src/server/money/billing/list-transactions.ts';
import { loadCatalog } from '../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../src/server/site/catalog/upsert-catalog.ts';
import { ownedBusiness } from '../src/server/accounts/contractor/owned-business.ts';
import { transactionListCursor } from '../src/server/money/billing/list-transactions.ts';
import type { Sql } from '../src/server/platform/db/client.ts';
import { ROOT } from '../scripts/lib/database.ts';
import type { Measurement } from './foundation.ts';
import { freshDatabase, percentile, time, withPostgres } from './lib.ts';

const TRANSACTIONS = 100_000;

// A full collection before and after the export, so growth is measured from a clean heap.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

async function generate(sql: Sql): Promise<{ ownerId: string; businessId: string }> {
  const [owner] = await sql<{ id: string }[]>`
    insert into users (email, password_hash, full_name, email_confirmed_at)
    values ('bench-billing@example.com', 'x', 'Bench Billing', now()) returning id`;
  const businesses = await sql<{ id: string }[]>`
    insert into businesses (name, slug, status, verified, category, city, state, zip_code, owner_id, phone, email)
    select 'Billing ' || n, 'billing-' || n, 'ACTIVE', true, 'Plumbing', 'Dayton', 'OH', '45402',
           case when n = 1 then ${owner!.id}::uuid end, '9375550100', 'billing' || n || '@example.com'
      from generate_series(1, 2) n
     order by n
    returning id`;
  const [mine, other] = businesses.map((b) => b.id);
  await sql`
    insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                       budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                       lead_score, qualification, created_at)
    select (select id from services where slug = 'plumbing'), 'Homeowner ' || n, 'home' || n || '@example.com',
           '9375550100', 'plumbing', 'Leaking pipe under the kitchen sink.', 'ASAP', 500, 2000,
           n || ' Main Street', '45402', 'Dayton', 'Single Family Home', 'email', 60, 'qualified',
           now() - make_interval(mins => n * 10)
      from generate_series(1, ${TRANSACTIONS}::int) n`;
  // One charge a lead for this business (one in twenty failed, one in fifty refunded), and a
  // charge for the other business on every tenth lead.
  await sql`
    insert into payment_transactions (business_id, lead_id, idempotency_key, payment_amount_cents, payment_status,
                                      failure_message, description, created_at)
    select ${mine!}, l.id, 'bench-' || l.id, 3000,
           case when l.n % 20 = 0 then 'failed' when l.n % 50 = 0 then 'refunded' else 'paid' end,
           case when l.n % 20 = 0 then 'Your card was declined.' end, 'Lead charge', l.created_at
      from (select id, created_at, (row_number() over (order by created_at desc))::int as n from leads) l`;
  await sql`
    insert into payment_transactions (business_id, lead_id, idempotency_key, payment_amount_cents, payment_status,
                                      description, created_at)
    select ${other!}, l.id, 'bench-other-' || l.id, 3000, 'paid', 'Lead charge', l.created_at
      from leads l where l.budget_max = 2000 and right(l.email, 13) like '0@%'`;
  await sql`analyze`;
  return { ownerId: owner!.id, businessId: mine! };
}

/** Streams the export to the end, sampling RSS and heap; returns ms, rows and growth in MB. */
async function measureExport(sql: Sql, ownerId: string) {
  gc();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const started = performance.now();
  const business = await ownedBusiness(sql, ownerId);
  const query = ZBillingExportQuery.parse({ range: 'all' });
  const reader = exportTransactions(sql, business!.id, query.range).getReader();
  let lines = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakRss = Math.max(peakRss, after.rss);
  peakHeap = Math.max(peakHeap, after.heapUsed);
  gc();
  const retained = process.memoryUsage().heapUsed - before.heapUsed;
  const mb = 1024 * 1024;
  return {
    ms,
    rows: lines - 1,
    bytes,
    rssGrowthMb: (peakRss - before.rss) / mb,
    heapGrowthMb: (peakHeap - before.heapUsed) / mb,
    heapRetainedMb: retained / mb,
  };
}

export async function billingBench(): Promise<Measurement[]> {
  const outDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  return withPostgres(async (adminUrl) => {
    const sql = await freshDatabase(adminUrl, 'bench_billing', 4);
    try {
      await upsertCatalog(sql, await loadCatalog());
      const { ownerId, businessId } = await generate(sql);
      const [deep] = await sql<{ at: string; id: string }[]>`
        select created_at::text as at, id from payment_transactions where business_id = ${businessId}
         order by created_at desc, id desc offset 90000 limit 1`;
      const cases: [string, Record<string, string>][] = [
        ['first page of 25, all', { range: 'all', pageSize: '25' }],
        ['first page of 100, all', { range: 'all', pageSize: '100' }],
        [
          'deep keyset page of 100 (row 90,000)',
          { range: 'all', pageSize: '100', cursor: transactionListCursor.make([deep!.at, deep!.id]) },
        ],
        ['first page of 100, 30 days', { range: '30', pageSize: '100' }],
      ];
      // As the endpoint does it: the owner's business, the query parsed, the page read.
      const listAsServer = async (params: Record<string, string>) => {
        const business = await ownedBusiness(sql, ownerId);
        const query = ZBillingTransactionsQuery.parse(params);
        return listTransactions(sql, business!.id, {
          range: query.range,
          pageSize: Number(query.pageSize),
          cursor: query.cursor,
        });
      };
      const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
      for (const [, params] of cases) await listAsServer(params);
      const samples = new Map<string, number[]>(cases.map(([name]) => [name, []]));
      for (let round = 0; round < rounds; round += 1) {
        for (const [name, params] of cases) samples.get(name)!.push(await time(() => listAsServer(params)));
      }
      const deepPage = await listAsServer(cases[2]![1]);
      if (deepPage.transactions.length !== 100) throw new Error('the deep page is not full');

      // The first export in this process (memory as a server would see it the first time), then
      // a second one (time once the code paths are warm).
      const exported = await measureExport(sql, ownerId);
      const warm = await measureExport(sql, ownerId);
      if (exported.rows !== TRANSACTIONS) throw new Error(`the export has ${exported.rows} rows`);

      const plans: string[] = [];
      const explain = async (label: string, query: string, params: unknown[]) => {
        const rows = await sql.unsafe(`explain (analyze, buffers) ${query}`, params as never[]);
        plans.push(`-- ${label}\n${rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}`);
      };
      const list = `select t.id, l.project_type from payment_transactions t left join leads l on l.id = t.lead_id
                     where t.business_id = $1 and t.payment_status <> 'legacy' CURSOR
                     order by t.created_at desc, t.id desc limit 101`;
      await explain('transactions, first page', list.replace('CURSOR', ''), [businessId]);
      await explain(
        'transactions, deep page',
        list.replace('CURSOR', 'and (t.created_at, t.id) < ($2::timestamptz, $3::uuid)'),
        [businessId, deep!.at, deep!.id],
      );
      writeFileSync(path.join(outDir, 'billing-explain.txt'), plans.join('\n\n'));

      const scale = `${TRANSACTIONS.toLocaleString('en-US')} transactions`;
      return [
        ...cases.map(([name]) => ({
          name: `/api/contractor/billing/transactions ${name}, server time p95 (${scale})`,
          value: percentile(samples.get(name)!, 0.95),
          unit: 'ms',
          note: 'budget 50 ms',
        })),
        {
          name: `CSV export of ${scale}, streamed to the end (${(exported.bytes / 1024 / 1024).toFixed(1)} MB)`,
          value: exported.ms,
          unit: 'ms',
          note: 'budget 3,000 ms; first export in the process',
        },
        { name: 'CSV export, second run (warm)', value: warm.ms, unit: 'ms', note: 'budget 3,000 ms' },
        {
          name: 'CSV export: RSS growth, peak over start',
          value: exported.rssGrowthMb,
          unit: 'MB',
          note: 'budget 50 MB',
        },
        {
          name: 'CSV export: JS heap used, peak over start (uncollected garbage included)',
          value: exported.heapGrowthMb,
          unit: 'MB',
          note: 'budget 50 MB',
        },
        {
          name: 'CSV export: JS heap retained after it (full GC)',
          value: exported.heapRetainedMb,
          unit: 'MB',
        },
      ];
    } finally {
      await sql.end();
    }
  });
}
