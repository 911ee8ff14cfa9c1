// Seeding: the catalog upsert is repeatable, and the demo data lands consistent: ratings and
// review counts equal what the verified reviews say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../scripts/lib/demo-data.ts';
import { seedDemoAnalytics } from '../../scripts/lib/seed-demo-analytics.ts';
import { DEMO_LEADS, seedDemoLeads } from '../../scripts/lib/seed-demo-leads.ts';
import { DEMO_PLAN, seedDemoPlans } from '../../scripts/lib/seed-demo-plans.ts';
import { DEMO_CLAIMANTS, seedDemoClaims } from '../../scripts/lib/seed-demo-claims.ts';
import { DEMO_TEXT_NUMBER, seedDemoAlerts } from '../../scripts/lib/seed-demo-alerts.ts';
import { seedDemoOutcomes } from '../../scripts/lib/seed-demo-outcomes.ts';
import { seedDemoDashboard } from '../../scripts/lib/seed-demo-dashboard.ts';
import { seedDemoHomeowner } from '../../scripts/lib/seed-demo-homeowner.ts';
import { seedDemoInbox } from '../../scripts/lib/seed-demo-inbox.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readAlertSettings } from '../../src/server/leads/alerts/alert-settings.ts';
import { listContractors } from '../../src/server/admin/list-contractors.ts';
import { PLANS } from '../../src/domain/plans.ts';
import { isDemoSeeded, seedDemoData } from '../../scripts/lib/seed-demo.ts';
import { recentRequests } from '../../src/server/leads/requests/recent-requests.ts';
import { relativeTime } from '../../src/domain/relative-time.ts';
import { loadCatalog, type Catalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { homeContractors, popularServices } from '../../src/server/site/pages/derive.ts';
import { compareTopRated, hasEnoughReviews, SPONSORED_LIMIT } from '../../src/domain/ranking.ts';
import { readSiteData } from '../../src/server/site/pages/site-data.ts';
import { verifyPassword } from '../../src/server/accounts/auth/password.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

describe('catalog and demo seed on a fresh database', () => {
  let database: TestDatabase;
  let sql: Sql;
  let catalog: Catalog;

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = createSql(database.url);
    catalog = await loadCatalog();
  });
  afterAll(async () => {
    await sql.end();
    await database.drop();
  });

  it('upserts the catalog by slug, twice without duplicates', async () => {
    await upsertCatalog(sql, catalog);
    await sql`update services set description = 'stale' where slug = 'plumbing'`;
    await upsertCatalog(sql, catalog);
    const [counts] = await sql`
      select (select count(*) from services)::int as services, (select count(*) from service_areas)::int as areas,
             (select count(*) from emergency_services)::int as emergency, (select count(*) from articles where status = 'published')::int as articles`;
    expect(counts).toEqual({ services: 30, areas: 25, emergency: 10, articles: catalog.articles.length });
    const [plumbing] = await sql`select description, price_min_cents from services where slug = 'plumbing'`;
    expect(plumbing?.['description']).toBe(catalog.services.find((s) => s.slug === 'plumbing')!.description);
    expect(plumbing?.['price_min_cents']).toBe(
      catalog.services.find((s) => s.slug === 'plumbing')!.priceMin * 100,
    );
  });

  it('resolves every emergency alias to its page', async () => {
    const rows = await sql<{ alias: string; slug: string }[]>`
      select a.alias, e.slug from emergency_service_aliases a join emergency_services e on e.slug = a.emergency_slug`;
    const expected = catalog.emergencyServices.flatMap((e) =>
      e.aliases.map((alias) => ({ alias, slug: e.slug })),
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows.find((r) => r.alias === 'burst-pipe')?.slug).toBe('plumber');
  });

  it('seeds the demo data once, with ratings computed from verified reviews', async () => {
    expect(await isDemoSeeded(sql)).toBe(false);
    const data = generateDemoData(catalog.services, catalog.serviceAreas);
    const result = await seedDemoData(sql, data);
    expect(result.active).toBeGreaterThanOrEqual(300);
    expect(await isDemoSeeded(sql)).toBe(true);

    const mismatches = await sql`
      select b.slug from businesses b
      left join (select business_id, round(avg(rating)::numeric, 1) as r, count(*)::int as n
                 from reviews where verified group by business_id) v on v.business_id = b.id
      where b.total_reviews <> coalesce(v.n, 0) or b.average_rating is distinct from v.r`;
    expect(mismatches).toEqual([]);

    const [pending] =
      await sql`select count(*)::int as n from businesses where status = 'PENDING' and verified`;
    expect(pending?.['n']).toBe(0);
    const uncovered = await sql`
      select s.slug from services s
      where not exists (select 1 from business_services bs join businesses b on b.id = bs.business_id
                        where bs.service_id = s.id and b.status = 'ACTIVE')`;
    expect(uncovered).toEqual([]);
  });

  it('creates the demo accounts with their roles, businesses and a working password', async () => {
    const rows = await sql<
      { email: string; roles: string[]; businesses: number; payment: boolean | null; hash: string }[]
    >`
      select u.email, coalesce(array_agg(distinct r.role) filter (where r.role is not null), '{}') as roles,
             count(distinct b.id)::int as businesses, bool_or(b.payment_setup_completed) as payment, u.password_hash as hash
      from users u left join user_roles r on r.user_id = u.id left join businesses b on b.owner_id = u.id
      group by u.id order by u.email`;
    expect(rows.map(({ hash: _hash, ...r }) => r)).toEqual([
      { email: 'admin@example.com', roles: ['admin'], businesses: 0, payment: null },
      { email: 'contractor2@example.com', roles: ['contractor'], businesses: 1, payment: false },
      { email: 'contractor@example.com', roles: ['contractor'], businesses: 1, payment: true },
      { email: 'homeowner@example.com', roles: [], businesses: 0, payment: null },
    ]);
    expect(await verifyPassword(rows[0]!.hash, 'DemoPass!2026')).toBe(true);
    expect(await verifyPassword(rows[0]!.hash, 'wrong')).toBe(false);
  });

  it('keeps sandbox cards and payment methods in step', async () => {
    const [row] = await sql`
      select (select count(*) from payment_methods)::int as methods,
             (select count(*) from sandbox_payment_methods)::int as sandbox,
             (select count(*) from businesses where payment_setup_completed)::int as ready,
             (select count(*) from sandbox_payment_methods where card_number = '4000000000000002')::int as declining`;
    expect(row?.['methods']).toBe(row?.['sandbox']);
    expect(row?.['methods']).toBe(row?.['ready']);
    expect(row?.['declining']).toBeGreaterThan(0);
  });

  it("shows the spec's six on the home page: the top rated by the rule, and two paid placements apart", async () => {
    const data = await readSiteData(sql);
    const { topRated: ranked, newer, sponsored } = homeContractors(data, 6);
    // The demo has enough reviewed pros: nobody is shown as newer.
    expect(newer).toEqual([]);
    expect(ranked.length + sponsored.length).toBe(6);
    // The demo has more than two verified featured contractors: two of them are shown apart.
    const [count] = await sql<
      { n: number }[]
    >`select count(*)::int as n from businesses where status = 'ACTIVE' and verified and featured`;
    expect(count?.n).toBeGreaterThan(SPONSORED_LIMIT);
    expect(sponsored).toHaveLength(SPONSORED_LIMIT);
    expect(sponsored.every((b) => b.featured && b.verified)).toBe(true);
    // The ranked four are the best of every verified contractor by the rule, whatever they pay.
    const best = data.businesses.filter((b) => b.verified).sort(compareTopRated(null));
    expect(ranked.map((b) => b.name)).toEqual(best.slice(0, 4).map((b) => b.name));
    expect(ranked.every(hasEnoughReviews)).toBe(true);
    const statuses = await sql`
      select distinct status, verified from businesses where id in ${sql([...ranked, ...sponsored].map((b) => b.id))}`;
    expect(statuses).toEqual([{ status: 'ACTIVE', verified: true }]);
  });

  it('lists the 8 popular services by name', async () => {
    const popular = popularServices(await readSiteData(sql));
    expect(popular.map((s) => s.name)).toEqual(
      catalog.services
        .filter((s) => s.isPopular)
        .map((s) => s.name)
        .sort((a, b) => a.localeCompare(b)),
    );
  });

  it('sells demo quote requests through the real pipeline, spread over the last ten days, once', async () => {
    const sold = await seedDemoLeads(sql, catalog.services, catalog.serviceAreas);
    expect(sold).toBeGreaterThan(DEMO_LEADS / 2);
    const [leads] = await sql`
      select count(*)::int as n, min(created_at) > now() - interval '10 days 1 hour' as recent,
             max(created_at) < now() - interval '4 hours' as moved,
             (select count(*)::int from payment_transactions where payment_status = 'paid') as paid,
             (select count(*)::int from mail_outbox where template in ('lead_new', 'quote_confirmation')) as mails
      from leads`;
    expect(leads).toMatchObject({ n: DEMO_LEADS, recent: true, moved: true, mails: 0 });
    expect(leads?.['paid']).toBeGreaterThanOrEqual(sold);
    // Deterministic request keys: a second run finds every request already there.
    await seedDemoLeads(sql, catalog.services, catalog.serviceAreas);
    const [again] = await sql`select count(*)::int as n from leads`;
    expect(again?.['n']).toBe(DEMO_LEADS);
    // One LEAD_GENERATED per paid distribution, counted on each lead's own day (UTC).
    const [counted] = await sql`
      select (select coalesce(sum(value), 0)::int from analytics where metric = 'LEAD_GENERATED') as counted,
             (select count(*)::int from lead_distributions where payment_status = 'paid') as paid,
             (select count(*)::int from lead_distributions d join leads l on l.id = d.lead_id
               where d.payment_status = 'paid'
                 and not exists (select 1 from analytics a where a.business_id = d.business_id
                                   and a.metric = 'LEAD_GENERATED'
                                   and a.date = (l.created_at at time zone 'utc')::date)) as misdated`;
    expect(counted?.['counted']).toBe(counted?.['paid']);
    expect(counted?.['misdated']).toBe(0);

    // Demo analytics for the two demo contractors: 29 days before today, five metrics, once.
    expect(await seedDemoAnalytics(sql)).toBe(2 * 29 * 5);
    expect(await seedDemoAnalytics(sql)).toBe(0);
    const [today] = await sql`
      select count(*)::int as n from analytics
       where date = (now() at time zone 'utc')::date and metric <> 'LEAD_GENERATED'`;
    expect(today?.['n']).toBe(0);

    const recent = await recentRequests(sql);
    expect(recent).toHaveLength(5);
    expect(Object.keys(recent[0]!).sort()).toEqual(['at', 'city', 'service', 'when']);
    // Worded on the server (the browser's first Intl.RelativeTimeFormat was the quote page's long task).
    for (const r of recent) expect(r.when).toBe(relativeTime(new Date(r.at), new Date()));
    expect([...recent].sort((a, b) => b.at.localeCompare(a.at))).toEqual(recent);
  });

  it('gives the demo contractor its plan, live in the sandbox and recorded with its paid first month, once', async () => {
    expect(await seedDemoPlans(sql)).toBe(1);
    expect(await seedDemoPlans(sql)).toBe(0);
    const rows = await sql`
      select s.plan, s.status, s.cancel_at_period_end, g.plan as sandbox_plan, g.status as sandbox_status
        from subscriptions s join sandbox_subscriptions g on g.id = s.stripe_subscription_id
        join businesses b on b.id = s.business_id join users u on u.id = b.owner_id
       where u.email = 'contractor@example.com'`;
    expect(rows).toEqual([
      {
        plan: DEMO_PLAN,
        status: 'active',
        cancel_at_period_end: false,
        sandbox_plan: DEMO_PLAN,
        sandbox_status: 'active',
      },
    ]);
    // Its first month paid: one transaction dated the period's start, charged in the sandbox
    // (so its receipt page exists), written once.
    const payments = await sql`
      select t.payment_amount_cents, t.payment_status, t.lead_id, t.description,
             abs(extract(epoch from t.created_at - g.current_period_start)) < 0.001 as on_period_start, i.status as charge_status,
             t.idempotency_key = 'plan-' || g.id || '-' || to_char(g.current_period_start at time zone 'UTC', 'YYYYMMDD') as keyed
        from payment_transactions t
        join sandbox_subscriptions g on g.business_id = t.business_id
        join sandbox_payment_intents i on i.id = t.stripe_payment_intent_id
        join businesses b on b.id = t.business_id join users u on u.id = b.owner_id
       where u.email = 'contractor@example.com' and t.lead_id is null`;
    expect(payments).toEqual([
      {
        payment_amount_cents: PLANS[DEMO_PLAN].priceCents,
        payment_status: 'paid',
        lead_id: null,
        description: expect.stringMatching(/^Enhanced plan, [A-Z][a-z]{2} \d{1,2}/) as unknown,
        on_period_start: true,
        charge_status: 'succeeded',
        keyed: true,
      },
    ]);
  });

  it('gives the demo contractor alerts on one device and a confirmed number that new leads are texted to, once', async () => {
    const origin = 'http://127.0.0.1:4321';
    expect(await seedDemoAlerts(sql, origin)).toBe(1);
    expect(await seedDemoAlerts(sql, origin)).toBe(0);
    const [owner] = await sql<{ id: string }[]>`select id from users where email = 'contractor@example.com'`;
    const settings = await readAlertSettings(sql, owner!.id);
    expect(settings.devices).toBe(1);
    expect(settings.sms).toMatchObject({ phone: DEMO_TEXT_NUMBER, optedOut: false });
    expect(settings.channels.lead_new).toEqual({ push: true, sms: true, email: true });
    // Its business hours are declared, so its response clock counts open hours (issue 27, Must 5).
    const [business] = await sql<{ open: number }[]>`
      select count(*)::int as open from businesses b, jsonb_each(b.business_hours) d
       where b.owner_id = ${owner!.id} and not (d.value->>'closed')::boolean`;
    expect(business!.open).toBeGreaterThanOrEqual(5);
  });

  it('gives demo requests outcomes: hired with an accepted quote, put off, not going ahead, and one asked', async () => {
    await seedDemoDashboard(sql);
    await seedDemoHomeowner(sql);
    await seedDemoInbox(sql, await mkdtemp(path.join(tmpdir(), 'demo-uploads-')));
    const first = await seedDemoOutcomes(sql);
    expect(first).toBeGreaterThan(0);
    expect(await seedDemoOutcomes(sql)).toBe(0);
    const rows = await sql<{ outcome: string | null; asked: boolean }[]>`
      select outcome, outcome_asked_at is not null as asked from leads where outcome is not null or outcome_asked_at is not null`;
    const outcomes = new Set(rows.map((r) => r.outcome));
    for (const o of ['hired', 'postponed', 'not_going_ahead']) expect(outcomes.has(o), o).toBe(true);
    expect(rows.filter((r) => r.asked && r.outcome === null)).toHaveLength(1);
  });

  it("has the demo homeowner's open request notify the sandbox phone (issue 27, Must 4), once", async () => {
    const origin = 'http://127.0.0.1:4321';
    // The contractor's device was seeded above; the request exists since the inbox was seeded.
    expect(await seedDemoAlerts(sql, origin)).toBe(1);
    expect(await seedDemoAlerts(sql, origin)).toBe(0);
    const listening = await sql<{ accepted: number; endpoint: string }[]>`
      select s.endpoint, (select count(*)::int from lead_communications c
                           where c.lead_id = l.id and c.accepted_at is not null) as accepted
        from push_subscriptions s join leads l on l.id = s.lead_id join users u on u.id = l.user_id
       where u.email = 'homeowner@example.com'`;
    expect(listening).toEqual([{ accepted: 0, endpoint: `${origin}/dev/push/sandbox-phone` }]);
  });

  it('leaves two listing claims awaiting approval, one confirmed by a code to the listing’s phone, once', async () => {
    expect(await seedDemoClaims(sql)).toBe(2);
    expect(await seedDemoClaims(sql)).toBe(0);
    const { claims } = await listContractors(sql, { list: 'claims' });
    const byClaimant = new Map(claims.map((c) => [c.claimantEmail, c]));
    const [confirmed, unconfirmed] = DEMO_CLAIMANTS.map((c) => byClaimant.get(c.email)!);
    expect(confirmed!.confirmation).toMatchObject({
      channel: expect.stringMatching(/^(sms|call)$/) as unknown,
    });
    expect(unconfirmed!.confirmation).toBeNull();
    // Each claims a listing with something to inherit: sold leads and a saved card.
    const rows = await sql`
      select (select count(*)::int from lead_distributions d where d.business_id = c.business_id and d.payment_status = 'paid') > 0 as leads,
             (select count(*)::int from payment_methods m where m.business_id = c.business_id and m.status = 'active') as cards,
             u.email_confirmed_at is not null as can_sign_in
        from business_claims c join users u on u.id = c.claimant_id
       where u.email in ${sql(DEMO_CLAIMANTS.map((c) => c.email))}`;
    expect(rows).toEqual([
      { leads: true, cards: 1, can_sign_in: true },
      { leads: true, cards: 1, can_sign_in: true },
    ]);
  });
});
