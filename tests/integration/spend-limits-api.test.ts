// GET/PUT /api/contractor/limits through the real endpoint and database: dollars in the API,
// cents in the table, each wrong value refused with its message and nothing changed, the figures
// of this week and month, and contractor A never reading or changing B's limits (the API takes no
// business id; one smuggled into the body changes nothing).
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  SPEND_LIMIT_MESSAGES as M,
  type SpendLimitsState,
  type TSpendLimits,
} from '../../src/schemas/spend-limits.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { createBusiness, createLead, createUser } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';
import { callRoute } from '../helpers/api-context.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

let endpoint: Partial<Record<'GET' | 'PUT', APIRoute>>;
interface Contractor {
  user: SessionUser;
  businessId: string;
}
let a: Contractor;
let b: Contractor;

async function contractor(status: 'ACTIVE' | 'PENDING' = 'ACTIVE'): Promise<Contractor> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: row.id, status });
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  return { user, businessId: business.id };
}

beforeAll(async () => {
  endpoint = await import('../../src/pages/api/contractor/limits.ts');
  a = await contractor();
  b = await contractor();
});

async function call(method: 'GET' | 'PUT', user: SessionUser | null, body?: unknown): Promise<Response> {
  return callRoute(endpoint[method]!, { method, path: '/api/contractor/limits', user, body });
}

async function stored(businessId: string) {
  const [row] = await sql`
    select monthly_spend_cap_cents, weekly_lead_cap, leads_paused from businesses where id = ${businessId}`;
  return row!;
}

const caps: TSpendLimits = { monthlySpendCapDollars: 450, weeklyLeadCap: 5, leadsPaused: true };

describe('GET/PUT /api/contractor/limits', () => {
  it('starts with no caps and not paused', async () => {
    const fresh = await contractor();
    const response = await call('GET', fresh.user);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      monthlySpendCapDollars: null,
      weeklyLeadCap: null,
      leadsPaused: false,
      weekLeads: 0,
      monthSpendCents: 0,
    });
  });

  it('saves dollars as cents, answers the saved limits, and clears them with null', async () => {
    const response = await call('PUT', a.user, caps);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject(caps);
    expect(await stored(a.businessId)).toEqual({
      monthly_spend_cap_cents: 45000,
      weekly_lead_cap: 5,
      leads_paused: true,
    });
    const cleared = await call('PUT', a.user, {
      monthlySpendCapDollars: null,
      weeklyLeadCap: null,
      leadsPaused: false,
    });
    expect(await cleared.json()).toMatchObject({
      monthlySpendCapDollars: null,
      weeklyLeadCap: null,
      leadsPaused: false,
    });
    expect(await stored(a.businessId)).toEqual({
      monthly_spend_cap_cents: null,
      weekly_lead_cap: null,
      leads_paused: false,
    });
  });

  it("shows this week's leads and this month's spend: pending and paid count, failed do not", async () => {
    const c = await contractor();
    for (const status of ['paid', 'paid', 'pending', 'failed']) {
      const lead = await createLead(sql);
      await sql`
        insert into lead_distributions (lead_id, business_id, rank, payment_status, charged_at)
        values (${lead.id}, ${c.businessId}, 1, ${status}, ${status === 'paid' ? sql`now()` : null})`;
    }
    const answer = (await (await call('GET', c.user)).json()) as SpendLimitsState;
    expect(answer).toMatchObject({ weekLeads: 3, monthSpendCents: 9000 });
  });

  it.each<[string, Partial<Record<keyof TSpendLimits, unknown>>, string, string]>([
    ['monthly cap under one lead', { monthlySpendCapDollars: 29 }, 'monthlySpendCapDollars', M.monthly],
    ['monthly cap too large', { monthlySpendCapDollars: 1_000_001 }, 'monthlySpendCapDollars', M.monthly],
    ['monthly cap in cents', { monthlySpendCapDollars: 45.5 }, 'monthlySpendCapDollars', M.monthly],
    ['monthly cap as text', { monthlySpendCapDollars: '450' }, 'monthlySpendCapDollars', M.monthly],
    ['weekly cap of 0', { weeklyLeadCap: 0 }, 'weeklyLeadCap', M.weekly],
    ['negative weekly cap', { weeklyLeadCap: -5 }, 'weeklyLeadCap', M.weekly],
    ['weekly cap too large', { weeklyLeadCap: 10_001 }, 'weeklyLeadCap', M.weekly],
    ['fractional weekly cap', { weeklyLeadCap: 2.5 }, 'weeklyLeadCap', M.weekly],
  ])('refuses a %s with its message and changes nothing', async (_name, change, field, message) => {
    await call('PUT', a.user, caps);
    const before = await stored(a.businessId);
    const response = await call('PUT', a.user, { ...caps, ...change });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fields: Record<string, string[]> };
    expect(answer.fields[field]?.[0]).toBe(message);
    expect(await stored(a.businessId)).toEqual(before);
  });

  it('refuses a missing pause switch', async () => {
    const response = await call('PUT', a.user, { monthlySpendCapDollars: null, weeklyLeadCap: null });
    expect(response.status).toBe(400);
  });

  it('needs a signed-in contractor with an approved business', async () => {
    expect((await call('GET', null)).status).toBe(401);
    const homeowner = await createUser(sql);
    const plain = (await validateSession(sql, (await createSession(sql, homeowner.id)).token))!;
    expect((await call('PUT', plain, caps)).status).toBe(403);
    const pending = await contractor('PENDING');
    expect((await call('PUT', pending.user, caps)).status).toBe(403);
    expect(await stored(pending.businessId)).toMatchObject({ weekly_lead_cap: null, leads_paused: false });
  });
});

describe('contractor A against B', () => {
  it("A's body naming B's business changes only A's limits, and A never reads B's", async () => {
    await call('PUT', b.user, { monthlySpendCapDollars: 900, weeklyLeadCap: 9, leadsPaused: false });
    const bBefore = await stored(b.businessId);
    const response = await call('PUT', a.user, {
      ...caps,
      businessId: b.businessId,
      id: b.businessId,
      business_id: b.businessId,
    });
    expect(response.status).toBe(200);
    expect(await stored(b.businessId)).toEqual(bBefore);
    expect(await stored(a.businessId)).toMatchObject({ weekly_lead_cap: 5, leads_paused: true });
    const read = (await (await call('GET', a.user)).json()) as SpendLimitsState;
    expect(read.weeklyLeadCap).toBe(5);
    expect(read.monthlySpendCapDollars).toBe(450);
  });
});
