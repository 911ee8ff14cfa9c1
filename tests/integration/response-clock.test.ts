// A fair response clock (issue 27, Must 5): open minutes count only a contractor's declared
// business hours (Dayton time) when it was not away; the median response, the response rate and
// matching read them; an away contractor is sold no lead, and its clock does not run.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AWAY_MESSAGES as M } from '../../src/domain/response-clock.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/schemas/business.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { endAway, readAway, setAway } from '../../src/server/accounts/contractor/away.ts';
import { dashboardStats } from '../../src/server/leads/dashboard/dashboard-stats.ts';
import { contractorReadiness } from '../../src/server/leads/dashboard/contractor-readiness.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { matchContractors } from '../../src/server/leads/requests/match-contractors.ts';
import { processLead } from '../../src/server/leads/requests/process-lead.ts';
import { reserveDistribution } from '../../src/server/accounts/contractor/spend-caps.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let services: string[] = [];
let service = '';
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  services = (await sql<{ slug: string }[]>`select slug from services order by slug`).map((r) => r.slug);
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

beforeEach(() => {
  service = services[n % services.length]!;
  n += 1;
});

/** Weekdays 8 to 5, weekends closed (the profile's default). */
const WEEKDAYS_8_TO_5 = DEFAULT_BUSINESS_HOURS;

async function contractor(options: { hours?: unknown; rating?: number; declaredHours?: number } = {}) {
  const owner = await createUser(sql, { roles: ['contractor'] });
  const [svc] = await sql<{ name: string }[]>`select name from services where slug = ${service}`;
  const business = await createBusiness(sql, {
    ownerId: owner.id,
    category: svc!.name,
    services: [service],
    averageRating: options.rating ?? 4.5,
    responseTimeHours: options.declaredHours ?? 2,
  });
  await giveCard(sql, business.id);
  await sql`update businesses set business_hours = ${options.hours === undefined ? null : sql.json(options.hours as never)}
             where id = ${business.id}`;
  return { owner, business };
}

const openMinutes = async (businessId: string, from: string, to: string) =>
  (
    await sql<
      { m: number }[]
    >`select open_minutes(${businessId}, ${from}::timestamptz, ${to}::timestamptz) as m`
  )[0]!.m;

// Friday Nov 27, 2026 16:00 EST to Monday Nov 30 09:00 EST.
const FRIDAY_4PM = '2026-11-27T21:00:00Z';
const MONDAY_9AM = '2026-11-30T14:00:00Z';

describe('open minutes', () => {
  it('count only the declared hours: Friday 4-5 pm and Monday 8-9 am', async () => {
    const { business } = await contractor({ hours: WEEKDAYS_8_TO_5 });
    expect(await openMinutes(business.id, FRIDAY_4PM, MONDAY_9AM)).toBe(120);
    // Over the spring change (Sunday Mar 8, 2026): Friday 4 pm EST to Monday 9 am EDT.
    expect(await openMinutes(business.id, '2026-03-06T21:00:00Z', '2026-03-09T13:00:00Z')).toBe(120);
  });

  it('count every minute when the declared hours open under 20 hours a week (a clock that barely runs)', async () => {
    const narrow = Object.fromEntries(
      Object.keys(WEEKDAYS_8_TO_5).map((d, i) => [
        d,
        { open: '08:00', close: i === 0 ? '08:01' : '08:00', closed: i !== 0 },
      ]),
    );
    const { business } = await contractor({ hours: narrow });
    expect(await openMinutes(business.id, FRIDAY_4PM, MONDAY_9AM)).toBe(65 * 60);
  });

  it('count every minute without declared hours, or with hours that never open', async () => {
    const none = await contractor();
    expect(await openMinutes(none.business.id, FRIDAY_4PM, MONDAY_9AM)).toBe(65 * 60);
    const closed = Object.fromEntries(
      Object.keys(WEEKDAYS_8_TO_5).map((d) => [d, { open: '08:00', close: '17:00', closed: true }]),
    );
    const never = await contractor({ hours: closed });
    expect(await openMinutes(never.business.id, FRIDAY_4PM, MONDAY_9AM)).toBe(65 * 60);
  });

  it('leave out an away period: the clock does not run while away', async () => {
    const { business } = await contractor({ hours: WEEKDAYS_8_TO_5 });
    // Away on Monday from 8:00 to 8:30.
    await sql`
      insert into business_away_periods (business_id, starts_at, ends_at, reason)
      values (${business.id}, '2026-11-30T13:00:00Z', '2026-11-30T13:30:00Z', 'emergency')`;
    expect(await openMinutes(business.id, FRIDAY_4PM, MONDAY_9AM)).toBe(90);
    // A lead sent Friday at 4 pm and answered Monday at 9 am: a median of 90 open minutes.
    const lead = await createLead(sql, { service });
    await sql`
      insert into lead_distributions (lead_id, business_id, rank, status, sent_at, charged_at, payment_status, responded_at)
      values (${lead.id}, ${business.id}, 1, 'responded', ${FRIDAY_4PM}, ${FRIDAY_4PM}, 'paid', ${MONDAY_9AM})`;
    const [figure] = await sql<{ median_minutes: number; responses: number }[]>`
      select median_minutes, responses from business_response_minutes(${business.id}, '2026-11-01'::timestamptz)`;
    expect(figure).toEqual({ median_minutes: 90, responses: 1 });
  });
});

describe('an away contractor', () => {
  it('is sold no lead while away, and leads again once it ends the away time', async () => {
    const away = await contractor({ rating: 5 });
    const other = await contractor({ rating: 4 });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const set = await setAway(sql, away.business.id, { firstDay: today, lastDay: today, reason: 'vacation' });
    expect(set.periods).toEqual([
      expect.objectContaining({ firstDay: today, lastDay: today, reason: 'vacation', now: true }),
    ]);

    const lead = await createLead(sql, { service });
    expect((await matchContractors(sql, { ...(await leadRow(lead.id)) })).map((c) => c.id)).toEqual([
      other.business.id,
    ]);
    // A reservation already under way is refused under the business's lock.
    expect(await reserveDistribution(sql, lead.id, away.business.id, 1)).toBe('away');
    const result = await processLead(sql, lead.id, { gateway: createSandboxGateway(sql) });
    expect(result.paymentsSuccessful).toBe(1);
    const buyers = await sql<{ business_id: string }[]>`
      select business_id from lead_distributions where lead_id = ${lead.id} and payment_status = 'paid'`;
    expect(buyers.map((b) => b.business_id)).toEqual([other.business.id]);
    const notices = await contractorReadiness(sql, away.business.id);
    expect(notices.map((x) => x.issue)).toContain('away');

    expect(await endAway(sql, away.business.id, set.periods[0]!.id)).toEqual({ ended: true });
    expect((await readAway(sql, away.business.id)).periods).toEqual([]);
    const next = await createLead(sql, { service });
    expect((await matchContractors(sql, await leadRow(next.id))).map((c) => c.id)).toEqual([
      away.business.id,
      other.business.id,
    ]);
    await expect(endAway(sql, away.business.id, set.periods[0]!.id)).rejects.toMatchObject({
      message: M.notAway,
    });
  });

  it('refuses a past day, a last day before the first and a period over 90 days, changing nothing', async () => {
    const { business } = await contractor();
    await expect(
      setAway(sql, business.id, { firstDay: '2020-01-01', lastDay: '2020-01-02', reason: 'vacation' }),
    ).rejects.toMatchObject({ fields: { firstDay: [M.past] } });
    const now = new Date('2026-12-01T15:00:00Z');
    await expect(
      setAway(sql, business.id, { firstDay: '2026-12-10', lastDay: '2026-12-09', reason: 'other' }, now),
    ).rejects.toMatchObject({ fields: { lastDay: [M.endBeforeStart] } });
    await expect(
      setAway(sql, business.id, { firstDay: '2026-12-10', lastDay: '2027-03-15', reason: 'other' }, now),
    ).rejects.toMatchObject({ fields: { lastDay: [M.tooLong] } });
    await expect(
      setAway(sql, business.id, { firstDay: '2026-02-30', lastDay: '2026-03-01', reason: 'other' }, now),
    ).rejects.toMatchObject({ fields: { firstDay: [M.date] } });
    expect((await readAway(sql, business.id)).periods).toEqual([]);
  });

  it('a future period starts at the first day’s midnight and ends at the last day’s end, Dayton time', async () => {
    const { business } = await contractor();
    const firstDay = new Date(Date.now() + 10 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/New_York',
    });
    const lastDay = new Date(Date.now() + 12 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/New_York',
    });
    const { periods } = await setAway(sql, business.id, { firstDay, lastDay, reason: 'vacation' });
    const [away] = periods;
    expect(away).toMatchObject({ firstDay, lastDay, now: false });
    const hour = (iso: string) =>
      new Date(iso).toLocaleTimeString('en-US', { timeZone: 'America/New_York', hourCycle: 'h23' });
    expect(hour(away!.startsAt)).toBe('00:00:00');
    expect(hour(away!.endsAt)).toBe('00:00:00');
    // An emergency today leaves the vacation ahead as it is (they do not overlap).
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const both = await setAway(sql, business.id, { firstDay: today, lastDay: today, reason: 'emergency' });
    expect(both.periods.map((p) => [p.reason, p.now])).toEqual([
      ['emergency', true],
      ['vacation', false],
    ]);
    // A new period over the vacation replaces it; cancelling it before it begins drops it.
    const replaced = await setAway(sql, business.id, { firstDay, lastDay: firstDay, reason: 'other' });
    expect(replaced.periods.map((p) => p.reason)).toEqual(['emergency', 'other']);
    expect(await endAway(sql, business.id, replaced.periods[1]!.id)).toEqual({ ended: false });
    expect((await readAway(sql, business.id)).periods.map((p) => p.reason)).toEqual(['emergency']);
    // The periods never overlap.
    const [overlaps] = await sql<{ n: number }[]>`
      select count(*)::int as n from business_away_periods a join business_away_periods b
        on a.business_id = b.business_id and a.id < b.id and a.starts_at < b.ends_at and b.starts_at < a.ends_at
       where a.business_id = ${business.id}`;
    expect(overlaps!.n).toBe(0);
  });
});

describe('figures on open hours', () => {
  it('the response rate counts a lead once it was answered or had 8 open hours to be', async () => {
    const { business } = await contractor();
    const at = new Date();
    const ago = (hours: number) => new Date(at.getTime() - hours * 3_600_000);
    for (const [sent, responded] of [
      [ago(1), null], // not due yet: 1 open hour
      [ago(30), null], // due and unanswered
      [ago(30), ago(29)], // answered
    ] as const) {
      const lead = await createLead(sql, { service });
      await sql`
        insert into lead_distributions (lead_id, business_id, rank, status, sent_at, charged_at, payment_status, responded_at, created_at)
        values (${lead.id}, ${business.id}, 1, 'sent', ${sent}, ${sent}, 'paid', ${responded}, ${sent})`;
    }
    expect((await dashboardStats(sql, business.id, at)).responseRate).toBe(50);
  });

  it('matching ranks by the measured response in open hours once there are three, over the declared one', async () => {
    // Declares 1 hour but takes 20 open hours; the other declares 10 and has no measure.
    const slow = await contractor({ declaredHours: 1 });
    const honest = await contractor({ declaredHours: 10 });
    for (let i = 0; i < 3; i += 1) {
      const lead = await createLead(sql, { service });
      await sql`
        insert into lead_distributions (lead_id, business_id, rank, status, sent_at, charged_at, payment_status, responded_at)
        values (${lead.id}, ${slow.business.id}, 1, 'responded', now() - interval '21 hours', now() - interval '21 hours',
                'paid', now() - interval '1 hour')`;
    }
    const lead = await createLead(sql, { service });
    const ranked = (await matchContractors(sql, await leadRow(lead.id))).map((c) => c.id);
    expect(ranked).toEqual([honest.business.id, slow.business.id]);
  });
});

async function leadRow(id: string) {
  const [row] = await sql<
    { service_id: string; zip_code: string | null; latitude: number | null; longitude: number | null }[]
  >`select service_id, zip_code, latitude, longitude from leads where id = ${id}`;
  return row!;
}
