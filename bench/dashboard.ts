// Dashboard benchmarks (issue 13) on real PostgreSQL: one business with 10,000 leads (each also
// sent to two other businesses) and 50,000 communications, a year of history. p95 server time of
// the lead list (first page and a deep keyset page, with and without a stage filter) and of the
// stats, as the endpoints run them, plus EXPLAIN plans. BENCH_DATABASE_URL or a throwaway cluster.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ZLeadListQuery } from '../src/schemas/lead-response.ts';
import { loadCatalog } from '../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../src/server/site/catalog/upsert-catalog.ts';
import { ownedBusiness } from '../src/server/accounts/contractor/owned-business.ts';
import { dashboardStats } from '../src/server/leads/dashboard/dashboard-stats.ts';
import { leadListCursor, listLeads } from '../src/server/leads/dashboard/list-leads.ts';
import type { Sql } from '../src/server/platform/db/client.ts';
import { ROOT } from '../scripts/lib/database.ts';
import type { Measurement } from './foundation.ts';
import { freshDatabase, percentile, time, withPostgres } from './lib.ts';

const LEADS = 10_000;
const COMMUNICATIONS = 50_000;

/** The owner, their business, two competitors, the leads, distributions and communications. */
async function generate(sql: Sql): Promise<{ ownerId: string; businessId: string }> {
  const [owner] = await sql<{ id: string }[]>`
    insert into users (email, password_hash, full_name, email_confirmed_at)
    values ('bench-owner@example.com', 'x', 'Bench Owner', now()) returning id`;
  const businesses = await sql<{ id: string }[]>`
    insert into businesses (name, slug, status, verified, category, city, state, zip_code, owner_id, phone, email)
    select 'Bench ' || n, 'bench-' || n, 'ACTIVE', true, 'Plumbing', 'Dayton', 'OH', '45402',
           case when n = 1 then ${owner!.id}::uuid end, '9375550100', 'bench' || n || '@example.com'
      from generate_series(1, 3) n
     order by n
    returning id`;
  const [mine, ...others] = businesses.map((b) => b.id);
  await sql`
    insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                       budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                       lead_score, qualification, created_at, confirmed_at)
    select (select id from services where slug = 'plumbing'), 'Homeowner ' || n, 'home' || n || '@example.com',
           '9375550100', 'plumbing', repeat('Leaking pipe under the kitchen sink. ', 1 + n % 4),
           (array['EMERGENCY', 'ASAP', 'FLEXIBLE'])[1 + n % 3], 500, (array[2000, 8000, 30000, 60000])[1 + n % 4],
           n || ' Main Street', '45402', 'Dayton', 'Single Family Home', 'email', 50 + n % 50, 'qualified',
           now() - make_interval(mins => n * 52), now() - make_interval(mins => n * 52)
      from generate_series(1, ${LEADS}::int) n`;
  // Every lead to this business (stages spread, nine in ten paid) and to the two others.
  await sql`
    insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, responded_at, charged_at,
                                    payment_status, stage, completed_at)
    select l.id, ${mine!}, 1, 'sent', l.created_at, l.created_at,
           case when n % 4 <> 0 then l.created_at + make_interval(mins => 10 + n % 300) end,
           case when n % 10 <> 0 then l.created_at end,
           case when n % 10 <> 0 then 'paid' else 'failed' end,
           (array['NEW', 'CONTACTED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED'])[1 + n % 5],
           case when n % 5 = 3 then l.created_at + interval '3 days' end
      from (select id, created_at, (row_number() over (order by created_at desc))::int as n from leads) l`;
  await sql`
    insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at, payment_status)
    select l.id, b.id, 2, 'sent', l.created_at, l.created_at, l.created_at, 'paid'
      from leads l cross join unnest(${others}::uuid[]) as b(id)`;
  // Five communications a lead on average, one in five with a quote; completed leads' quotes accepted.
  await sql`
    insert into lead_communications (lead_id, business_id, message_type, sender_name, subject, message_content,
                                     quote, quote_total_cents, quote_valid_until, accepted_at, created_at)
    select l.id, ${mine!}, 'contractor_response', 'Bench 1', 'Re: your request', 'We can help with that.',
           case when k = 1 then '{"items":[],"totalCents":120000,"validUntil":"2027-01-01","terms":""}'::jsonb end,
           case when k = 1 then 120000 end, case when k = 1 then date '2027-01-01' end,
           case when k = 1 and d.stage = 'COMPLETED' then l.created_at + interval '2 days' end,
           l.created_at + make_interval(mins => 10 * k)
      from leads l
      join lead_distributions d on d.lead_id = l.id and d.business_id = ${mine!}
      cross join generate_series(1, ${COMMUNICATIONS / LEADS}::int) k`;
  await sql`analyze`;
  return { ownerId: owner!.id, businessId: mine! };
}

export async function dashboardBench(): Promise<Measurement[]> {
  const outDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  return withPostgres(async (adminUrl) => {
    const sql = await freshDatabase(adminUrl, 'bench_dashboard', 4);
    try {
      await upsertCatalog(sql, await loadCatalog());
      const { ownerId, businessId } = await generate(sql);
      const [deep] = await sql<{ at: string; id: string }[]>`
        select created_at::text as at, id from lead_distributions where business_id = ${businessId}
         order by created_at desc, id desc offset 8000 limit 1`;
      const [deepStage] = await sql<{ at: string; id: string }[]>`
        select created_at::text as at, id from lead_distributions where business_id = ${businessId} and stage = 'COMPLETED'
         order by created_at desc, id desc offset 1600 limit 1`;
      const cases: [string, Record<string, string>][] = [
        ['first page', {}],
        ['deep keyset page (row 8,000)', { cursor: leadListCursor.make([deep!.at, deep!.id]) }],
        ['first page, stage COMPLETED', { stage: 'COMPLETED' }],
        [
          'deep page, stage COMPLETED (row 1,600)',
          { stage: 'COMPLETED', cursor: leadListCursor.make([deepStage!.at, deepStage!.id]) },
        ],
      ];
      // As the endpoint does it: the owner's business, the query parsed, the page read.
      const listAsServer = async (params: Record<string, string>) => {
        const business = await ownedBusiness(sql, ownerId);
        const query = ZLeadListQuery.parse(params);
        return listLeads(sql, business!.id, { stage: query.stage || undefined, cursor: query.cursor });
      };
      const statsAsServer = async () => dashboardStats(sql, (await ownedBusiness(sql, ownerId))!.id);
      const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
      for (const [, params] of cases) await listAsServer(params);
      await statsAsServer();
      const samples = new Map<string, number[]>(cases.map(([name]) => [name, []]));
      const stats: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        for (const [name, params] of cases) samples.get(name)!.push(await time(() => listAsServer(params)));
        stats.push(await time(statsAsServer));
      }
      const page = await listAsServer({});
      if (page.leads.length !== 20 || !page.nextCursor)
        throw new Error('the bench data gave no full first page');

      const plans: string[] = [];
      const explain = async (label: string, query: string, params: unknown[]) => {
        const rows = await sql.unsafe(`explain (analyze, buffers) ${query}`, params as never[]);
        plans.push(`-- ${label}\n${rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}`);
      };
      const list = `select d.id, (select count(*) from lead_distributions o where o.lead_id = d.lead_id and o.payment_status = 'paid')
                      from lead_distributions d join leads l on l.id = d.lead_id
                     where d.business_id = $1 STAGE CURSOR order by d.created_at desc, d.id desc limit 21`;
      await explain('list, first page', list.replace('STAGE', '').replace('CURSOR', ''), [businessId]);
      await explain(
        'list, deep page, stage COMPLETED',
        list
          .replace('STAGE', "and d.stage = 'COMPLETED'")
          .replace('CURSOR', 'and (d.created_at, d.id) < ($2::timestamptz, $3::uuid)'),
        [businessId, deepStage!.at, deepStage!.id],
      );
      await explain(
        'stats: conversions',
        `select count(*) from lead_distributions c where c.business_id = $1 and c.stage = 'COMPLETED'
           and c.completed_at > now() - interval '30 days'
           and exists (select 1 from lead_communications q where q.lead_id = c.lead_id and q.business_id = $1 and q.accepted_at is not null)`,
        [businessId],
      );
      await explain(
        'stats: business_response_minutes',
        `select * from business_response_minutes($1, now() - interval '30 days')`,
        [businessId],
      );
      writeFileSync(path.join(outDir, 'dashboard-explain.txt'), plans.join('\n\n'));

      const scale = `${LEADS.toLocaleString('en-US')} leads, ${COMMUNICATIONS.toLocaleString('en-US')} communications`;
      return [
        ...cases.map(([name]) => ({
          name: `/api/contractor/leads ${name}, server time p95 (${scale})`,
          value: percentile(samples.get(name)!, 0.95),
          unit: 'ms',
          note: 'budget 50 ms',
        })),
        {
          name: `Dashboard stats server time p95 (${scale})`,
          value: percentile(stats, 0.95),
          unit: 'ms',
          note: 'budget 50 ms',
        },
      ];
    } finally {
      await sql.end();
    }
  });
}
