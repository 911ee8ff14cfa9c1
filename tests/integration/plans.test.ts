// Plans through the real endpoints, the sandbox's stand-in pages' server code and the database:
// a plan started on the Checkout stand-in with the saved card (or refused without one), recorded
// once however often the return or the page is replayed; a prorated change previewed first (and
// billed as of the preview, a stale one refused) and a cancel at the period's end; Manage Payments' portal session; the featured flag following a featured plan
// with a publish request; contractor A never reaching B's sessions, portal or plan; and each
// plan's benefit enforced by the matcher (these fail if a plan's boost or featured flag is lost).
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PLAN_MESSAGES, PLANS, type PlanId } from '../../src/domain/plans.ts';
import type { PlanPreview } from '../../src/schemas/plans.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import {
  completeSubscriptionSession,
  findPortalSession,
  findSubscriptionSession,
  portalAction,
  SANDBOX_PLAN_MESSAGES,
} from '../../src/server/money/sandbox-pages/sandbox-plan-pages.ts';
import { createStripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { settlePlanCheckout } from '../../src/server/money/plans/manage-plan.ts';
import { matchContractors } from '../../src/server/leads/requests/match-contractors.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { apiContext } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const sandbox = createSandboxGateway(sql);

let planEndpoint: { POST: APIRoute };
let portalEndpoint: { POST: APIRoute };
interface Contractor {
  user: SessionUser;
  businessId: string;
}

beforeAll(async () => {
  planEndpoint = await import('../../src/pages/api/contractor/billing/plan.ts');
  portalEndpoint = await import('../../src/pages/api/contractor/billing/portal.ts');
});

async function contractor(
  options: { card?: string | null; featured?: boolean; rating?: number; status?: 'ACTIVE' | 'PENDING' } = {},
): Promise<Contractor> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, {
    ownerId: row.id,
    status: options.status ?? 'ACTIVE',
    featured: options.featured ?? false,
    averageRating: options.rating ?? 4.5,
  });
  if (options.card !== null) await giveCard(sql, business.id, options.card ?? '4242424242424242');
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  return { user, businessId: business.id };
}

async function call(endpoint: { POST: APIRoute }, path: string, user: SessionUser, body?: unknown) {
  const response = await endpoint.POST(apiContext({ method: 'POST', path, user, body }));
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const plan = (who: Contractor, body: unknown) =>
  call(planEndpoint, '/api/contractor/billing/plan', who.user, body);
const portal = (who: Contractor) => call(portalEndpoint, '/api/contractor/billing/portal', who.user);

/** Starts `id` for `who` and answers the Checkout stand-in's session id. */
async function startSession(who: Contractor, id: PlanId): Promise<string> {
  const answer = await plan(who, { action: 'start', plan: id });
  expect(answer.status).toBe(200);
  const url = new URL(answer.body['url']!);
  expect(url.origin + url.pathname).toBe('http://127.0.0.1:4321/sandbox/checkout/subscription');
  return url.searchParams.get('session')!;
}

async function subscribe(who: Contractor, id: PlanId): Promise<string> {
  const session = await startSession(who, id);
  const outcome = await completeSubscriptionSession(sql, sandbox, session, who.user.id);
  expect(outcome).toEqual({
    kind: 'subscribed',
    returnUrl: `http://127.0.0.1:4321/contractor/billing?tab=subscription&checkout=${session}`,
  });
  return session;
}

async function rows(businessId: string) {
  return sql<{ plan: string; status: string; price_cents: number; cancel_at_period_end: boolean }[]>`
    select plan, status, price_cents, cancel_at_period_end from subscriptions
     where business_id = ${businessId} order by created_at`;
}

async function featured(businessId: string) {
  const [row] = await sql<{ featured: boolean; featured_by_plan: boolean; publishes: number }[]>`
    select featured, featured_by_plan,
           (select count(*)::int from publish_requests where entity_type = 'business' and entity_id = b.id::text) as publishes
      from businesses b where id = ${businessId}`;
  return row!;
}

describe('POST /api/contractor/billing/plan', () => {
  it('starts a plan on the Checkout stand-in with the saved card, recorded once however often replayed', async () => {
    const a = await contractor();
    const session = await subscribe(a, 'enhanced');
    // The page posted again, and the return read back twice: still one row.
    expect(await completeSubscriptionSession(sql, sandbox, session, a.user.id)).toMatchObject({
      kind: 'subscribed',
    });
    expect(await settlePlanCheckout(sql, sandbox, a.businessId, session, a.user.id)).toBe(true);
    expect(await settlePlanCheckout(sql, sandbox, a.businessId, session, a.user.id)).toBe(true);
    expect(await rows(a.businessId)).toEqual([
      { plan: 'enhanced', status: 'active', price_cents: 9900, cancel_at_period_end: false },
    ]);
    // A second plan is refused: change it instead.
    expect(await plan(a, { action: 'start', plan: 'basic' })).toEqual({
      status: 409,
      body: expect.objectContaining({ error: PLAN_MESSAGES.alreadySubscribed }) as unknown,
    });
  });

  it('says a card is needed when none is saved, and a declining card is refused, starting nothing', async () => {
    const none = await contractor({ card: null });
    const session = await startSession(none, 'basic');
    expect((await findSubscriptionSession(sql, sandbox, session, none.user.id))!.card).toBeNull();
    expect(await completeSubscriptionSession(sql, sandbox, session, none.user.id)).toEqual({
      kind: 'refused',
      message: SANDBOX_PLAN_MESSAGES.cardNeeded,
    });
    const declining = await contractor({ card: '4000000000000002' });
    const other = await startSession(declining, 'basic');
    expect(await completeSubscriptionSession(sql, sandbox, other, declining.user.id)).toEqual({
      kind: 'refused',
      message: 'Your card was declined.',
    });
    expect(await rows(none.businessId)).toEqual([]);
    expect(await rows(declining.businessId)).toEqual([]);
  });

  it('changes the plan (one row, the new price) and cancels it at the end of the period', async () => {
    const a = await contractor();
    await subscribe(a, 'basic');
    expect(await plan(a, { action: 'change', plan: 'basic' })).toMatchObject({ status: 409 });
    expect(await plan(a, { action: 'change', plan: 'enhanced' })).toEqual({
      status: 200,
      body: { message: PLAN_MESSAGES.changed },
    });
    expect(await rows(a.businessId)).toEqual([
      { plan: 'enhanced', status: 'active', price_cents: 9900, cancel_at_period_end: false },
    ]);
    expect(await plan(a, { action: 'cancel' })).toEqual({
      status: 200,
      body: { message: PLAN_MESSAGES.canceled },
    });
    expect(await rows(a.businessId)).toEqual([
      { plan: 'enhanced', status: 'active', price_cents: 9900, cancel_at_period_end: true },
    ]);
  });

  it('previews a change (the new price and the proration, changing nothing), then bills it as of the preview', async () => {
    const a = await contractor();
    await subscribe(a, 'enhanced');
    const answer = await plan(a, { action: 'preview', plan: 'featured' });
    expect(answer.status).toBe(200);
    const preview = answer.body as unknown as PlanPreview;
    expect(preview).toMatchObject({
      from: 'enhanced',
      fromPriceCents: 9900,
      plan: 'featured',
      priceCents: 19900,
    });
    // Moments after the start, about the whole difference for the period is prorated.
    expect(preview.prorationCents).toBeGreaterThan(9900);
    expect(preview.prorationCents).toBeLessThanOrEqual(10000);
    expect(preview.nextInvoiceCents).toBe(19900 + preview.prorationCents);
    expect(Math.abs(preview.prorationDate * 1000 - Date.now())).toBeLessThan(60_000);
    expect(await rows(a.businessId)).toEqual([
      { plan: 'enhanced', status: 'active', price_cents: 9900, cancel_at_period_end: false },
    ]);
    // The preview's moment is sent back with the change; one older than 30 minutes is refused.
    expect(
      await plan(a, { action: 'change', plan: 'featured', prorationDate: preview.prorationDate - 31 * 60 }),
    ).toEqual({
      status: 409,
      body: expect.objectContaining({ error: PLAN_MESSAGES.previewStale }) as unknown,
    });
    expect(
      await plan(a, { action: 'change', plan: 'featured', prorationDate: preview.prorationDate + 3600 }),
    ).toMatchObject({ status: 409 });
    expect((await plan(a, { action: 'change', plan: 'featured', prorationDate: 'soon' })).status).toBe(400);
    expect(await rows(a.businessId)).toEqual([
      { plan: 'enhanced', status: 'active', price_cents: 9900, cancel_at_period_end: false },
    ]);
    expect(
      await plan(a, { action: 'change', plan: 'featured', prorationDate: preview.prorationDate }),
    ).toEqual({ status: 200, body: { message: PLAN_MESSAGES.changed } });
    expect(await rows(a.businessId)).toEqual([
      { plan: 'featured', status: 'active', price_cents: 19900, cancel_at_period_end: false },
    ]);
    // No preview of the plan one has, nor without a plan.
    expect(await plan(a, { action: 'preview', plan: 'featured' })).toMatchObject({ status: 409 });
    expect(await plan(await contractor(), { action: 'preview', plan: 'basic' })).toMatchObject({
      status: 404,
      body: { error: PLAN_MESSAGES.noPlan },
    });
  });

  it('refuses an unknown plan or action, a change with no plan, and a business not yet approved', async () => {
    const a = await contractor();
    expect((await plan(a, { action: 'start', plan: 'platinum' })).status).toBe(400);
    expect((await plan(a, { action: 'upgrade' })).status).toBe(400);
    expect(await plan(a, { action: 'cancel' })).toMatchObject({
      status: 404,
      body: { error: PLAN_MESSAGES.noPlan },
    });
    const pending = await contractor({ status: 'PENDING' });
    expect((await plan(pending, { action: 'start', plan: 'basic' })).status).toBe(403);
  });

  it('makes the business featured while a featured plan is live, with a publish request each way', async () => {
    const a = await contractor();
    await subscribe(a, 'featured');
    expect(await featured(a.businessId)).toEqual({ featured: true, featured_by_plan: true, publishes: 1 });
    await plan(a, { action: 'change', plan: 'basic' });
    expect(await featured(a.businessId)).toEqual({ featured: false, featured_by_plan: false, publishes: 2 });
    // A business featured by an admin keeps its flag when its featured plan ends.
    const editorial = await contractor({ featured: true });
    await subscribe(editorial, 'featured');
    await plan(editorial, { action: 'change', plan: 'enhanced' });
    expect(await featured(editorial.businessId)).toEqual({
      featured: true,
      featured_by_plan: false,
      publishes: 0,
    });
  });
});

describe('POST /api/contractor/billing/portal and the portal stand-in', () => {
  it('answers a portal URL for the caller, whose page shows the cards and changes or cancels the plan', async () => {
    const a = await contractor();
    await subscribe(a, 'basic');
    const answer = await portal(a);
    expect(answer.status).toBe(200);
    const url = new URL(answer.body['url']!);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:4321/sandbox/portal');
    const session = url.searchParams.get('session')!;
    const page = await findPortalSession(sql, sandbox, session, a.user.id);
    expect(page).toMatchObject({
      businessId: a.businessId,
      returnUrl: 'http://127.0.0.1:4321/contractor/billing',
      cards: [expect.objectContaining({ last4: '4242', isDefault: true })],
      subscription: expect.objectContaining({ plan: 'basic', cancelAtPeriodEnd: false }) as unknown,
    });
    expect(
      await portalAction(sql, sandbox, session, a.user.id, { action: 'change', plan: 'featured' }),
    ).toEqual({
      ok: true,
      message: 'Your plan is now Featured.',
    });
    expect((await rows(a.businessId))[0]).toMatchObject({
      plan: 'featured',
      price_cents: PLANS.featured.priceCents,
    });
    expect(await portalAction(sql, sandbox, session, a.user.id, { action: 'cancel' })).toMatchObject({
      ok: true,
    });
    expect((await rows(a.businessId))[0]).toMatchObject({ cancel_at_period_end: true, status: 'active' });
  });

  it('refuses a business with nothing at the gateway yet', async () => {
    const fresh = await contractor({ card: null });
    expect(await portal(fresh)).toMatchObject({ status: 409 });
  });

  it('does not exist when the gateway is Stripe', async () => {
    const a = await contractor();
    const session = await startSession(a, 'basic');
    const { url } = (await portal(a)).body as { url: string };
    const stripe = createStripeGateway('sk_test_not_used');
    expect(await findSubscriptionSession(sql, stripe, session, a.user.id)).toBeNull();
    expect(await completeSubscriptionSession(sql, stripe, session, a.user.id)).toBeNull();
    expect(
      await findPortalSession(sql, stripe, new URL(url).searchParams.get('session')!, a.user.id),
    ).toBeNull();
    expect(await rows(a.businessId)).toEqual([]);
  });
});

describe('contractor A against B', () => {
  it("never completes, reads back or manages B's checkout, portal or plan", async () => {
    const a = await contractor();
    const b = await contractor();
    const bSession = await startSession(b, 'featured');
    expect(await findSubscriptionSession(sql, sandbox, bSession, a.user.id)).toBeNull();
    expect(await completeSubscriptionSession(sql, sandbox, bSession, a.user.id)).toBeNull();
    await completeSubscriptionSession(sql, sandbox, bSession, b.user.id);
    // B's completed session returned to A's billing page records nothing for A.
    expect(await settlePlanCheckout(sql, sandbox, a.businessId, bSession, a.user.id)).toBe(false);
    expect(await rows(a.businessId)).toEqual([]);
    const bPortal = new URL((await portal(b)).body['url']!).searchParams.get('session')!;
    expect(await findPortalSession(sql, sandbox, bPortal, a.user.id)).toBeNull();
    expect(await portalAction(sql, sandbox, bPortal, a.user.id, { action: 'cancel' })).toBeNull();
    // A has no plan: A's cancel and change find none, whatever B has.
    expect((await plan(a, { action: 'cancel' })).status).toBe(404);
    expect((await plan(a, { action: 'change', plan: 'basic' })).status).toBe(404);
    expect(await rows(b.businessId)).toEqual([
      { plan: 'featured', status: 'active', price_cents: 19900, cancel_at_period_end: false },
    ]);
  });
});

describe('what each plan gives, enforced by the matcher', () => {
  /** The order the matcher ranks these businesses in, for a plumbing lead in 45402. */
  async function order(...who: Contractor[]): Promise<string[]> {
    const lead = await createLead(sql);
    const [row] = await sql<{ service_id: string; zip_code: string }[]>`
      select service_id, zip_code from leads where id = ${lead.id}`;
    const ids = who.map((w) => w.businessId);
    const ranked = await matchContractors(sql, { ...row!, latitude: null, longitude: null });
    return ranked.filter((c) => ids.includes(c.id)).map((c) => c.id);
  }

  it.each([
    ['basic', 4.5, 4.6],
    ['enhanced', 4.0, 4.5],
  ] as const)('a live %s plan lifts a business above one rated a little higher', async (id, low, high) => {
    const withPlan = await contractor({ rating: low });
    const without = await contractor({ rating: high });
    expect(await order(withPlan, without)).toEqual([without.businessId, withPlan.businessId]);
    await subscribe(withPlan, id);
    expect(await order(withPlan, without)).toEqual([withPlan.businessId, without.businessId]);
    expect(PLANS[id].rankBoost).toBeGreaterThan((high - low) * 20);
  });

  it('a featured plan puts a business first whatever its rating, and only while it is live', async () => {
    const featuredPlan = await contractor({ rating: 2.0 });
    const best = await contractor({ rating: 5.0 });
    await subscribe(featuredPlan, 'featured');
    expect(await order(featuredPlan, best)).toEqual([featuredPlan.businessId, best.businessId]);
    await sql`update subscriptions set status = 'canceled' where business_id = ${featuredPlan.businessId}`;
    await sql.begin(async (tx) => {
      const { syncFeatured } = await import('../../src/server/money/plans/record-subscription.ts');
      await syncFeatured(tx, featuredPlan.businessId, null);
    });
    expect(await order(featuredPlan, best)).toEqual([best.businessId, featuredPlan.businessId]);
  });
});
