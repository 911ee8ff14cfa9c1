// The attack of issue 23 replayed: an unclaimed listing that was sold 13 leads (homeowners'
// names, phones and addresses) through the real charge path, with a saved default card, a lead
// credit refunded through the gateway and a featured plan, is claimed and approved. Through the
// claimant's own endpoints and use-cases the listing has no earlier lead, charge, receipt, credit,
// figure or card; its payment setup starts again; its plan is cancelled at the gateway; the spend
// caps count nothing of the past. An admin still sees all of it. A lead sold after the approval is
// the owner's as usual. And the admin's approval itself: what the list shows of each claim's
// proof, an unconfirmed claim refused unless the request says it is deliberate (audited as such).
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { UNCONFIRMED_APPROVAL_REFUSED } from '../../src/domain/claim-rules.ts';
import { paymentSetupStatus } from '../../src/domain/dashboard-rules.ts';
import { LEAD_PRICE_CENTS } from '../../src/domain/quote-rules.ts';
import type { AdminContractorPage } from '../../src/schemas/admin.ts';
import type { BillingSummary, TransactionPage } from '../../src/schemas/billing.ts';
import type { LeadPage } from '../../src/schemas/dashboard.ts';
import { confirmClaim } from '../../src/server/admin/decide-claim.ts';
import { listContractors } from '../../src/server/admin/list-contractors.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { ownedBusiness } from '../../src/server/accounts/contractor/owned-business.ts';
import { disputeLead } from '../../src/server/leads/credits/dispute-lead.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { recordSubscription } from '../../src/server/money/plans/record-subscription.ts';
import { chargeDistribution } from '../../src/server/leads/requests/charge-distribution.ts';
import { leadUsage } from '../../src/server/accounts/contractor/spend-caps.ts';
import type { LeadRow } from '../../src/server/leads/requests/types.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { apiContext, cookiesSet, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const gateway = createSandboxGateway(sql);

type Method = 'GET' | 'POST';
const routes: Record<string, Partial<Record<Method, APIRoute>>> = {};
let admin: SessionUser;

beforeAll(async () => {
  const modules: Record<string, Promise<Partial<Record<Method, APIRoute>>>> = {
    signup: import('../../src/pages/api/contractor-signup/index.ts'),
    code: import('../../src/pages/api/claims/code.ts'),
    confirm: import('../../src/pages/api/claims/confirm.ts'),
    approve: import('../../src/pages/api/admin/claims/[id]/approve.ts'),
    adminList: import('../../src/pages/api/admin/contractors/index.ts'),
    adminTransactions: import('../../src/pages/api/admin/payments/transactions.ts'),
    adminLead: import('../../src/pages/api/admin/leads/[id]/index.ts'),
    leads: import('../../src/pages/api/contractor/leads/index.ts'),
    lead: import('../../src/pages/api/contractor/leads/[id].ts'),
    stage: import('../../src/pages/api/contractor/leads/[id]/stage.ts'),
    respond: import('../../src/pages/api/contractor/leads/[id]/responses.ts'),
    credit: import('../../src/pages/api/contractor/leads/[id]/credit.ts'),
    stats: import('../../src/pages/api/contractor/stats.ts'),
    analytics: import('../../src/pages/api/contractor/analytics.ts'),
    summary: import('../../src/pages/api/contractor/billing/summary.ts'),
    transactions: import('../../src/pages/api/contractor/billing/transactions.ts'),
    export: import('../../src/pages/api/contractor/billing/export.csv.ts'),
    receipt: import('../../src/pages/api/contractor/billing/receipt/[id].ts'),
    limits: import('../../src/pages/api/contractor/limits.ts'),
  };
  for (const [name, module] of Object.entries(modules)) routes[name] = await module;
  admin = await signedInUser(sql, ['admin']);
});

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n += 1)}`;

async function call(
  name: string,
  user: SessionUser | null,
  options: {
    method?: Method;
    path?: string;
    params?: Record<string, string>;
    body?: unknown;
    cookies?: Record<string, string>;
  } = {},
) {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const context = apiContext({
    method,
    path: options.path ?? '/api/x',
    user,
    params: options.params ?? {},
    body: options.body,
    cookies: options.cookies ?? {},
    clientAddress: `192.0.2.${(n += 1) % 250}`,
  });
  const response = await routes[name]![method]!(context);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV
  }
  return { status: response.status, body: body as Record<string, unknown>, text, context };
}

const leadRow = async (id: string) => (await sql<LeadRow[]>`select * from leads where id = ${id}`)[0]!;

interface History {
  listing: { id: string; name: string };
  domain: string;
  distributions: string[];
  transactions: string[];
  leads: string[];
  creditId: string;
  planId: string;
}

/** An unclaimed listing with a card, 13 leads sold through the real charge path, a refunded credit and a featured plan. */
async function listingWithHistory(): Promise<History> {
  const tag = unique();
  const listing = await createBusiness(sql, { ownerId: null, name: `Attack Listing Plumbing ${tag}` });
  const domain = `attack-${tag}.example`;
  await sql`update businesses set website = ${`https://www.${domain}`}, phone = '(937) 228-4011' where id = ${listing.id}`;
  await giveCard(sql, listing.id);
  const [card] = await sql<{ customerId: string; paymentMethodId: string }[]>`
    select b.stripe_customer_id as "customerId", m.gateway_payment_method_id as "paymentMethodId"
      from businesses b join payment_methods m on m.business_id = b.id where b.id = ${listing.id}`;
  const leads: string[] = [];
  for (let i = 0; i < 13; i += 1) {
    const lead = await createLead(sql, { email: `victim-${tag}-${i}@example.com` });
    leads.push(lead.id);
    await chargeDistribution(
      sql,
      await leadRow(lead.id),
      { id: listing.id, name: listing.name, email: null, featured: false, score: 1, ...card! },
      1,
      { gateway },
    );
  }
  const distributions = (
    await sql<{ id: string }[]>`
      select id from lead_distributions where business_id = ${listing.id} and payment_status = 'paid' order by created_at`
  ).map((r) => r.id);
  expect(distributions).toHaveLength(13);
  // The factory's phone (555-0100) is no dialable number: the rule is met and refunded at once.
  const credit = await disputeLead(sql, gateway, listing.id, distributions[0]!, { reason: 'bad_number' });
  expect(credit.status).toBe('refunded');
  // A featured plan paid by the listing's card.
  const subscriptionId = `sub_sbx_${tag}`;
  const start = new Date(Date.now() - 86_400_000);
  const end = new Date(Date.now() + 29 * 86_400_000);
  await sql`
    insert into sandbox_subscriptions (id, customer_id, business_id, plan, payment_method_id,
                                       current_period_start, current_period_end)
    values (${subscriptionId}, ${card!.customerId}, ${listing.id}, 'featured', ${card!.paymentMethodId}, ${start}, ${end})`;
  await recordSubscription(sql, listing.id, {
    subscriptionId,
    plan: 'featured',
    status: 'active',
    currentPeriodStart: start,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: false,
  });
  const transactions = (
    await sql<{ id: string }[]>`select id from payment_transactions where business_id = ${listing.id}`
  ).map((r) => r.id);
  return { listing, domain, distributions, transactions, leads, creditId: credit.id, planId: subscriptionId };
}

/** Registers a claim of the listing and confirms it by a mailed code, as the claimant would. */
async function confirmedClaim(history: History): Promise<{ claimId: string; claimant: SessionUser }> {
  const email = `claimant-${unique()}@example.com`;
  const signup = await call('signup', null, {
    body: {
      businessName: history.listing.name,
      ownerName: 'Sam Claimant',
      email,
      phone: '(937) 222-1299',
      password: 'Str0ng!Pass',
      services: ['plumbing'],
      serviceZipCodes: '45402',
      address: '100 Main St',
      claimBusinessId: history.listing.id,
    },
  });
  expect(signup.status).toBe(201);
  const cookies = cookiesSet(signup.context);
  expect((await call('code', null, { body: { channel: 'email', localPart: 'owner' }, cookies })).status).toBe(
    200,
  );
  const [mail] = await sql<{ text_body: string }[]>`
    select text_body from mail_outbox where to_address = ${`owner@${history.domain}`} order by created_at desc limit 1`;
  const code = /Your code is (\d{6})\./.exec(mail!.text_body)![1]!;
  expect((await call('confirm', null, { body: { code }, cookies })).status).toBe(200);
  const [row] = await sql<{ id: string; claimant_id: string }[]>`
    select id, claimant_id from business_claims where business_id = ${history.listing.id} and status = 'pending'`;
  const claimant = (await validateSession(sql, (await createSession(sql, row!.claimant_id)).token))!;
  return { claimId: row!.id, claimant };
}

describe('an approved claim inherits nothing (the attack replayed)', () => {
  it('shows the claimant no earlier lead, charge, receipt, credit, figure or card; an admin sees them all', async () => {
    const history = await listingWithHistory();
    const { claimId, claimant } = await confirmedClaim(history);

    const approval = await call('approve', admin, { params: { id: claimId }, body: {} });
    expect(approval).toMatchObject({ status: 200, body: { ok: true, warning: null } });

    // Every contractor-facing read, side by side with what it must show: nothing of the past.
    // (Gathered first and compared at once, so a leak anywhere shows in one diff.)
    const old = history.distributions[1]!;
    const response = { subject: 'Hello', message: 'We can do this job next week.' };
    const leads = (await call('leads', claimant, { path: '/api/contractor/leads' }))
      .body as unknown as LeadPage;
    const stats = (await call('stats', claimant)).body;
    const analytics = (await call('analytics', claimant, { path: '/api/contractor/analytics?days=30' }))
      .body as {
      series: Record<string, number[]>;
    };
    const limits = (await call('limits', claimant)).body;
    const summary = (await call('summary', claimant)).body as unknown as BillingSummary;
    const page = (
      await call('transactions', claimant, { path: '/api/contractor/billing/transactions?range=all' })
    ).body as unknown as TransactionPage;
    const csv = (await call('export', claimant, { path: '/api/contractor/billing/export.csv?range=all' }))
      .text;
    const receipts = [];
    for (const id of history.transactions.slice(0, 3)) {
      receipts.push((await call('receipt', claimant, { params: { id } })).status);
    }
    const seen = {
      leadsListed: leads.leads.length,
      leadDetail: (await call('lead', claimant, { params: { id: old } })).status,
      creditedLeadDetail: (await call('lead', claimant, { params: { id: history.distributions[0]! } }))
        .status,
      stageMove: (await call('stage', claimant, { params: { id: old }, body: { stage: 'CONTACTED' } }))
        .status,
      response: (await call('respond', claimant, { params: { id: old }, body: response })).status,
      dispute: (await call('credit', claimant, { params: { id: old }, body: { reason: 'other', note: 'x' } }))
        .status,
      stats: { active: stats['activeLeads'], new: stats['newLeads'], rate: stats['responseRate'] },
      analyticsLeads: analytics.series['LEAD_GENERATED']!.reduce((a, b) => a + b, 0),
      limits: { weekLeads: limits['weekLeads'], monthSpendCents: limits['monthSpendCents'] },
      spendCapCounter: await leadUsage(sql, history.listing.id),
      summary: {
        spent: summary.figures.monthSpendCents,
        refunded: summary.monthlyRefundedCents,
        paidLeads: summary.figures.paidLeads,
        plan: summary.subscription,
        cards: summary.paymentMethods.length,
        monthsSpent: summary.months.reduce((a, m) => a + m.spentCents, 0),
      },
      transactions: page.transactions.length,
      csvRows: csv.trim().split('\n').length - 1,
      receipts,
    };
    expect(seen).toEqual({
      leadsListed: 0,
      leadDetail: 404,
      creditedLeadDetail: 404,
      stageMove: 404,
      response: 404,
      dispute: 404,
      stats: { active: 0, new: 0, rate: null },
      analyticsLeads: 0,
      limits: { weekLeads: 0, monthSpendCents: 0 },
      spendCapCounter: { weekLeads: 0, monthSpendCents: 0 },
      summary: { spent: 0, refunded: 0, paidLeads: 0, plan: null, cards: 0, monthsSpent: 0 },
      transactions: 0,
      csvRows: 0,
      receipts: [404, 404, 404],
    });
    // Nothing was read or written by those refusals (the first view would have set viewed_at).
    const [untouched] = await sql<{ viewed: number; credits: number; comms: number }[]>`
      select (select count(*)::int from lead_distributions where business_id = ${history.listing.id} and viewed_at is not null) as viewed,
             (select count(*)::int from lead_credits where business_id = ${history.listing.id}) as credits,
             (select count(*)::int from lead_communications where business_id = ${history.listing.id}) as comms`;
    expect(untouched).toEqual({ viewed: 0, credits: 1, comms: 0 });

    // Cards and the gateway customer: detached; payment setup starts again; the plan ended.
    const business = (await ownedBusiness(sql, claimant.id))!;
    expect(business).toMatchObject({
      id: history.listing.id,
      stripeCustomerId: null,
      paymentSetupCompleted: false,
    });
    expect(paymentSetupStatus(business)).toBe('required');
    expect(
      await sql`select status, is_default from payment_methods where business_id = ${history.listing.id}`,
    ).toEqual([{ status: 'removed', is_default: false }]);
    expect(await sql`select status from subscriptions where business_id = ${history.listing.id}`).toEqual([
      { status: 'canceled' },
    ]);
    expect(
      await sql`select cancel_at_period_end from sandbox_subscriptions where id = ${history.planId}`,
    ).toEqual([{ cancel_at_period_end: true }]);
    expect(
      await sql`select featured, owner_since is not null as since from businesses where id = ${history.listing.id}`,
    ).toEqual([{ featured: false, since: true }]);
    // The claimant is mailed the approval.
    expect(
      await sql`select subject from mail_outbox where to_address = ${claimant.email} and template = 'business_claim_approved'`,
    ).toEqual([{ subject: 'Your listing claim was approved' }]);

    // An admin still sees every lead, charge and credit of the listing.
    const adminTx = await call('adminTransactions', admin, {
      path: `/api/admin/payments/transactions?business=${encodeURIComponent(history.listing.name)}`,
    });
    const adminRows = (adminTx.body as { transactions: { businessId: string }[] }).transactions;
    expect(adminRows.filter((t) => t.businessId === history.listing.id)).toHaveLength(13);
    const adminLead = await call('adminLead', admin, { params: { id: history.leads[0]! } });
    expect(adminLead.status).toBe(200);
    expect(JSON.stringify(adminLead.body)).toContain(history.listing.name);
    expect(await sql`select 1 from lead_credits where id = ${history.creditId}`).toHaveLength(1);
  });

  it('shows a lead sold after the approval, to the card the new owner saved', async () => {
    const history = await listingWithHistory();
    const { claimId, claimant } = await confirmedClaim(history);
    expect((await call('approve', admin, { params: { id: claimId }, body: {} })).status).toBe(200);
    // The old card is not charged: the listing is not sellable until the new owner saves one.
    await giveCard(sql, history.listing.id, '5555555555554444');
    const [card] = await sql<{ customerId: string; paymentMethodId: string }[]>`
      select b.stripe_customer_id as "customerId", m.gateway_payment_method_id as "paymentMethodId"
        from businesses b join payment_methods m on m.business_id = b.id
       where b.id = ${history.listing.id} and m.status = 'active'`;
    const lead = await createLead(sql);
    await chargeDistribution(
      sql,
      await leadRow(lead.id),
      {
        id: history.listing.id,
        name: history.listing.name,
        email: null,
        featured: false,
        score: 1,
        ...card!,
      },
      1,
      { gateway },
    );
    const leads = (await call('leads', claimant)).body as unknown as LeadPage;
    expect(leads.leads.map((l) => l.leadId)).toEqual([lead.id]);
    expect(leads.leads[0]!.contact).toMatchObject({ name: 'Test Homeowner' });
    const summary = (await call('summary', claimant)).body as unknown as BillingSummary;
    expect(summary.figures).toMatchObject({ paidLeads: 1, monthSpendCents: LEAD_PRICE_CENTS });
    expect(summary.paymentMethods.map((m) => m.last4)).toEqual(['4444']);
    const page = (
      await call('transactions', claimant, { path: '/api/contractor/billing/transactions?range=all' })
    ).body as unknown as TransactionPage;
    expect(page.transactions).toHaveLength(1);
    expect(await leadUsage(sql, history.listing.id)).toMatchObject({ weekLeads: 1 });
  });
});

describe('the admin sees each claim’s proof and approves an unconfirmed one only on purpose', () => {
  async function pendingClaim() {
    const listing = await createBusiness(sql, { ownerId: null, name: `Unproven Listing ${unique()}` });
    await giveCard(sql, listing.id);
    const claimant = await createUser(sql, { roles: ['contractor'] });
    const [claim] = await sql<{ id: string }[]>`
      insert into business_claims (business_id, claimant_id, details)
      values (${listing.id}, ${claimant.id}, ${sql.json({ ownerName: 'Pat' })}) returning id`;
    return { listing, claimant, claimId: claim!.id };
  }

  it('lists "Not confirmed" or how and when it was confirmed', async () => {
    const unproven = await pendingClaim();
    const proven = await pendingClaim();
    await sql`
      update business_claims set verified_at = now(), verified_channel = 'sms', verified_target = '9372284044'
       where id = ${proven.claimId}`;
    const page = await listContractors(sql, { list: 'claims' }, 500);
    const byId = new Map(page.claims.map((c) => [c.id, c]));
    expect(byId.get(unproven.claimId)!.confirmation).toBeNull();
    expect(byId.get(proven.claimId)!.confirmation).toMatchObject({ channel: 'sms', target: '9372284044' });
    const list = await call('adminList', admin, { path: '/api/admin/contractors?list=claims' });
    const claims = (list.body as unknown as AdminContractorPage).claims;
    expect(claims.find((c) => c.id === proven.claimId)?.confirmation?.channel).toBe('sms');
  });

  it('refuses an unconfirmed approval without the flag, changing nothing; with it, approves and audits it as such', async () => {
    const { listing, claimant, claimId } = await pendingClaim();
    const refused = await call('approve', admin, { params: { id: claimId }, body: {} });
    expect(refused).toMatchObject({ status: 409, body: { error: UNCONFIRMED_APPROVAL_REFUSED } });
    const refusedFalse = await call('approve', admin, {
      params: { id: claimId },
      body: { unconfirmed: false },
    });
    expect(refusedFalse.status).toBe(409);
    expect(
      await sql`select owner_id, owner_since, stripe_customer_id is not null as customer from businesses where id = ${listing.id}`,
    ).toEqual([{ owner_id: null, owner_since: null, customer: true }]);
    expect(await sql`select status from business_claims where id = ${claimId}`).toEqual([
      { status: 'pending' },
    ]);
    expect(await sql`select status from payment_methods where business_id = ${listing.id}`).toEqual([
      { status: 'active' },
    ]);
    expect(await sql`select 1 from audit_log where entity_id = ${listing.id}`).toHaveLength(0);

    const approved = await call('approve', admin, { params: { id: claimId }, body: { unconfirmed: true } });
    expect(approved.status).toBe(200);
    const [audit] = await sql<
      { action: string; actor_user_id: string; after_values: Record<string, unknown> }[]
    >`
      select action, actor_user_id, after_values from audit_log where entity_id = ${listing.id}`;
    expect(audit).toMatchObject({
      action: 'business_claim.approve_unconfirmed',
      actor_user_id: admin.id,
      after_values: {
        claimId,
        ownerId: claimant.id,
        confirmation: null,
        cardsRemoved: 1,
        status: 'approved',
      },
    });
  });

  it('keeps the approval when the gateway refuses to cancel the listing’s plan, audits it and tells the admin', async () => {
    const history = await listingWithHistory();
    const { claimId } = await confirmedClaim(history);
    // The payment gateway port with its cancellation failing (Stripe down, or the plan gone there).
    const failing = {
      cancelSubscription: () => Promise.reject(new Error('gateway unavailable')),
    };
    const result = await confirmClaim(sql, failing, { id: admin.id }, claimId);
    expect(result.warning).toContain(history.planId);
    expect(await sql`select status from business_claims where id = ${claimId}`).toEqual([
      { status: 'approved' },
    ]);
    expect(await sql`select status from subscriptions where business_id = ${history.listing.id}`).toEqual([
      { status: 'canceled' },
    ]);
    const audit = await sql<{ action: string; before_values: unknown }[]>`
      select action, before_values from audit_log where entity_id = ${history.listing.id} order by id`;
    expect(audit.map((a) => a.action)).toEqual(['business_claim.approve', 'business.plan_cancel_failed']);
    expect(audit[1]!.before_values).toEqual({ subscriptionId: history.planId, plan: 'featured' });
  });

  it('audits a confirmed approval with its proof', async () => {
    const history = await listingWithHistory();
    const { claimId } = await confirmedClaim(history);
    expect((await call('approve', admin, { params: { id: claimId }, body: {} })).status).toBe(200);
    const [audit] = await sql<{ action: string; after_values: Record<string, unknown> }[]>`
      select action, after_values from audit_log where entity_id = ${history.listing.id}`;
    expect(audit).toMatchObject({
      action: 'business_claim.approve',
      after_values: {
        confirmation: { channel: 'email', target: `owner@${history.domain}` },
        cardsRemoved: 1,
        plansEnded: [{ plan: 'featured' }],
      },
    });
  });
});
