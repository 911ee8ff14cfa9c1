// Admin list benchmarks (issue 15) on real PostgreSQL: 1,000,000 audit rows (five admins, four
// actions, a year), 200,000 users and 1,000,000 leads. p95 server time of the activity log (first
// page, a deep keyset page, filtered by who, by what, by a date range), of the users list (first
// page, a deep page, a search), of a keyset page of all leads (the admin leads list's query) and of
// the admin index's counts, as the endpoints run them. BENCH_DATABASE_URL or a throwaway cluster.
// The leads are spread over qualifications (1% outside the area, 2% duplicates, 5% unmatched) and
// five cities, and the newest 100,000 went to three pros each, so the leads list's cases
// (listLeads: first and deep pages, by qualification, searches) count real distributions.
import { ZActivityQuery, ZAdminUserQuery } from '../src/schemas/admin.ts';
import { ZAdminLeadQuery } from '../src/schemas/admin-leads.ts';
import { listActivity } from '../src/server/admin/activity-log.ts';
import { adminOverview } from '../src/server/admin/admin-overview.ts';
import { adminLeadCursor, leadsListQuery, listLeads } from '../src/server/admin/leads.ts';
import { listUsers } from '../src/server/admin/users.ts';
import { loadCatalog } from '../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../src/server/site/catalog/upsert-catalog.ts';
import type { Sql } from '../src/server/platform/db/client.ts';
import type { Measurement } from './foundation.ts';
import { freshDatabase, percentile, time, withPostgres } from './lib.ts';

const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);

async function generate(sql: Sql): Promise<{ admins: string[] }> {
  await sql`
    insert into users (email, password_hash, full_name, email_confirmed_at, created_at)
    select 'user' || lpad(n::text, 7, '0') || '@example.com', 'x', 'Person ' || n, now(),
           now() - make_interval(mins => n)
      from generate_series(1, ${USERS}::int) n`;
  const admins = await sql<{ id: string }[]>`
    select id from users order by email limit 5`;
  await sql`insert into user_roles (user_id, role) select id, 'admin' from users order by email limit 5`;
  const ids = admins.map((a) => a.id);
  await sql`
    insert into audit_log (actor_user_id, action, entity_type, entity_id, before_values, after_values, created_at)
    select (${ids}::uuid[])[1 + n % 5],
           (array['user.role.grant', 'user.role.revoke', 'user.disable', 'user.enable'])[1 + (n / 5) % 4],
           'user', 'u' || n, '{"disabled": false}'::jsonb, '{"disabled": true}'::jsonb,
           now() - make_interval(secs => n * 31.5)
      from generate_series(1, ${AUDIT_ROWS}::int) n`;
  await sql`
    insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                       budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                       lead_score, qualification, created_at, confirmed_at)
    select (select id from services where slug = 'plumbing'), 'Homeowner ' || n, 'home' || n || '@example.com',
           '9375550100', 'plumbing', 'Leaking pipe under the kitchen sink.', 'ASAP', 500, 2000,
           n || ' Main Street', '45402',
           case when n % 100 = 0 then null
                else (array['Dayton', 'Kettering', 'Beavercreek', 'Centerville', 'Xenia'])[1 + n % 5] end,
           'Single Family Home', 'email', 50 + n % 50,
           case when n % 100 = 0 then 'out_of_area' when n % 50 = 1 then 'duplicate'
                when n % 20 = 2 then 'unmatched' else 'qualified' end,
           now() - make_interval(secs => n * 31.5), now() - make_interval(secs => n * 31.5)
      from generate_series(1, ${LEADS}::int) n`;
  const pros = await sql<{ id: string }[]>`
    insert into businesses (name, slug, status, verified, category, city, state, zip_code, phone, email)
    select 'Bench Pro ' || n, 'bench-pro-' || n, 'ACTIVE', true, 'Plumbing', 'Dayton', 'OH', '45402',
           '9375550100', 'bench-pro' || n || '@example.com'
      from generate_series(1, 3) n
    returning id`;
  await sql`
    insert into lead_distributions (lead_id, business_id, rank, status, payment_status, charged_at, sent_at, created_at)
    select l.id, p.id, p.rank, 'sent', 'paid', l.created_at, l.created_at, l.created_at
      from (select id, created_at from leads where qualification = 'qualified'
             order by created_at desc limit ${Math.min(100_000, LEADS)}) l
     cross join unnest(${pros.map((p) => p.id)}::uuid[]) with ordinality as p (id, rank)`;
  // The tables at rest, as autovacuum leaves them (statistics, and the visibility map an
  // index-only scan relies on: the leads list's search within a qualification reads its index alone).
  await sql`vacuum analyze`;
  return { admins: ids };
}

export async function adminBench(): Promise<Measurement[]> {
  return withPostgres(async (adminUrl) => {
    const sql = await freshDatabase(adminUrl, 'bench_admin', 4);
    try {
      await upsertCatalog(sql, await loadCatalog());
      const started = performance.now();
      const { admins } = await generate(sql);
      console.log(`admin bench: data in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      // A cursor deep in the log and in the users list, read as the lists make them.
      let deepActivity: string | null = null;
      for (let i = 0, cursor: string | undefined; i < 40; i++) {
        const page = await listActivity(sql, { cursor }, 25);
        cursor = page.nextCursor ?? undefined;
        deepActivity = page.nextCursor;
      }
      let deepUsers: string | null = null;
      for (let i = 0, cursor: string | undefined; i < 40; i++) {
        const page = await listUsers(sql, { cursor });
        cursor = page.nextCursor ?? undefined;
        deepUsers = page.nextCursor;
      }
      const month = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
      const monthEnd = new Date(Date.now() - 170 * 86_400_000).toISOString().slice(0, 10);
      const activity = (params: Record<string, string>) => () =>
        listActivity(sql, ZActivityQuery.parse(params));
      const users = (params: Record<string, string>) => () => listUsers(sql, ZAdminUserQuery.parse(params));
      // The leads list as its endpoint runs it; the deep cursor is the one its page 4,000 would carry.
      const [deepLead] = await sql<{ at: string; id: string }[]>`
        select created_at::text as at, id from leads order by created_at desc, id desc offset 99999 limit 1`;
      const leads = (params: Record<string, string>) => () => listLeads(sql, ZAdminLeadQuery.parse(params));
      const leadCases: [string, Record<string, string>][] = [
        ['leads (1,000,000): first keyset page', {}],
        [
          'leads (1,000,000): deep keyset page (row 100,000)',
          { cursor: adminLeadCursor.make([deepLead!.at, deepLead!.id]) },
        ],
        ['leads: qualified (93% match)', { qualification: 'qualified' }],
        ['leads: outside the area (1% match)', { qualification: 'out_of_area' }],
        ['leads: search a rare e-mail "home123457@"', { q: 'home123457@' }],
        ['leads: search a city "kettering" (20% match)', { q: 'kettering' }],
        ['leads: duplicates searched "xenia" (none match)', { qualification: 'duplicate', q: 'xenia' }],
      ];
      const cases: [string, () => Promise<unknown>][] = [
        ['activity log: first page', activity({})],
        ['activity log: deep keyset page (row 1,000)', activity({ cursor: deepActivity! })],
        ['activity log: by who', activity({ actor: admins[2]! })],
        ['activity log: by what', activity({ action: 'user.disable' })],
        [
          'activity log: by who, what and a month',
          activity({ actor: admins[1]!, action: 'user.enable', from: month, to: monthEnd }),
        ],
        ['users: first page', users({})],
        ['users: deep keyset page (row 1,000)', users({ cursor: deepUsers! })],
        ['users: search "person 12345"', users({ q: 'person 12345' })],
        ['users: search by e-mail "user01999"', users({ q: 'user01999' })],
        ['users: search "example" (every account matches)', users({ q: 'example' })],
        ['users: search "person 1" (about 111,000 match)', users({ q: 'person 1' })],
        ...leadCases.map(([name, params]): [string, () => Promise<unknown>] => [name, leads(params)]),
        ['admin index counts', () => adminOverview(sql)],
      ];
      const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
      for (const [, run] of cases) await run();
      const samples = new Map<string, number[]>(cases.map(([name]) => [name, []]));
      for (let round = 0; round < rounds; round += 1) {
        for (const [name, run] of cases) samples.get(name)!.push(await time(run));
      }
      // Which index each leads case reads: the plan PostgreSQL runs now (after the rounds, so a
      // generic plan is what it shows where one has been chosen).
      for (const [name, params] of leadCases) {
        const plan = await sql<{ 'QUERY PLAN': string }[]>`
          explain ${leadsListQuery(sql, ZAdminLeadQuery.parse(params), 25)}`;
        console.log(`admin bench plan, ${name}:\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
      }
      return cases.map(([name]) => ({
        name: `admin ${name}: p95`,
        value: percentile(samples.get(name)!, 0.95),
        unit: 'ms',
        note: `${AUDIT_ROWS.toLocaleString('en-US')} audit rows, ${USERS.toLocaleString('en-US')} users, ${LEADS.toLocaleString('en-US')} leads; ${rounds} rounds`,
      }));
    } finally {
      await sql.end();
    }
  });
}
