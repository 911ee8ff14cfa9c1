// Unanswered leads are not the contractor's loss (issue 23, Must 7), against the real database: the
// scheduled job credits a paid lead its contractor answered within 4 hours of the charge when the
// homeowner did not open the responses page within 48 hours of the answer: once ('unanswered',
// refunded through the gateway once, one mail, shown on the billing page and the lead). Not when
// the answer came late, the page was opened in time, 48 hours have not passed, or nobody answered.
// The first view of the page by its link's token is recorded, and only a real one.
import { describe, expect, inject, it } from 'vitest';
import { creditUnansweredLeads } from '../../src/server/leads/credits/credit-unanswered-leads.ts';
import { leadCreditState } from '../../src/server/leads/credits/lead-credit-state.ts';
import { listTransactions } from '../../src/server/money/billing/list-transactions.ts';
import { leadResponsesForToken } from '../../src/server/leads/outcomes/lead-responses.ts';
import { isRealView } from '../../src/server/leads/outcomes/record-responses-view.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { createLink, createResponse } from '../factories/contractor-side.ts';
import { gatewaysUnderTest, type GatewayUnderTest } from '../helpers/gateways-under-test.ts';
import { buyer, buyersOf, savedSandboxCard, sellLead, type SoldLead } from '../helpers/sold-leads.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const sandbox = createSandboxGateway(sql);
const HOUR = 60;

/** A lead sold `chargedHoursAgo` hours ago to one buyer, answered `answeredAfterMinutes` after the
 * charge (null: never), the page first opened `viewedAfterMinutes` after the answer (null: never). */
async function scenario(
  options: {
    chargedHoursAgo?: number;
    answeredAfterMinutes?: number | null;
    viewedAfterMinutes?: number | null;
    gateway?: GatewayUnderTest;
  } = {},
): Promise<SoldLead & { businessId: string }> {
  const who = await buyer(sql);
  const chargedHoursAgo = options.chargedHoursAgo ?? 72;
  const lead = await sellLead(
    sql,
    options.gateway?.gateway ?? sandbox,
    () => (options.gateway ? options.gateway.savedCard('visa') : savedSandboxCard(sql)),
    [who],
    { chargedHoursAgo },
  );
  const after = options.answeredAfterMinutes === undefined ? HOUR : options.answeredAfterMinutes;
  if (after !== null) {
    const answeredMinutesAgo = chargedHoursAgo * HOUR - after;
    await createResponse(sql, lead.leadId, who.businessId, { minutesAgo: answeredMinutesAgo });
    // A later response of the same contractor does not move its first answer.
    await createResponse(sql, lead.leadId, who.businessId, { minutesAgo: 5 });
    if (options.viewedAfterMinutes !== undefined && options.viewedAfterMinutes !== null) {
      await sql`update leads set responses_viewed_at = now() - make_interval(mins => ${answeredMinutesAgo - options.viewedAfterMinutes})
                 where id = ${lead.leadId}`;
    }
  }
  return { ...lead, businessId: who.businessId };
}

const refundsOf = async (intentId: string) =>
  (
    await sql<
      { n: number }[]
    >`select count(*)::int as n from sandbox_refunds where payment_intent_id = ${intentId}`
  )[0]!.n;

describe.each(gatewaysUnderTest(sql))('$name gateway', (under) => {
  it('credits an answered, unopened lead once: refunded, mailed, on the billing page and the lead', async () => {
    const lead = await scenario({ answeredAfterMinutes: 90, gateway: under });
    expect(await creditUnansweredLeads(sql, under.gateway)).toBeGreaterThanOrEqual(1);
    await creditUnansweredLeads(sql, under.gateway);
    expect(await buyersOf(sql, lead.leadId)).toMatchObject([
      {
        distribution: 'refunded',
        transaction: 'refunded',
        reason: 'unanswered',
        status: 'refunded',
        credits: 1,
        mails: 1,
      },
    ]);
    if (under.name === 'sandbox') expect(await refundsOf(lead.sales[0]!.intentId)).toBe(1);
    else {
      const refunds = [...under.standIn!.state.objects.values()].filter(
        (o) => o.object === 'refund' && o['payment_intent'] === lead.sales[0]!.intentId,
      );
      expect(refunds).toHaveLength(1);
    }

    const page = await listTransactions(sql, lead.businessId, { range: 'all', pageSize: 25 });
    expect(page.transactions[0]).toMatchObject({
      status: 'refunded',
      credit: {
        reason: 'unanswered',
        status: 'refunded',
        finding:
          'You answered 1 h 30 min after the charge (within 4 hours), and the homeowner did not open the page with your answer within 48 hours, so this lead is credited back to your card.',
      },
    });
    const state = await leadCreditState(sql, lead.businessId, lead.sales[0]!.distributionId);
    expect(state.credit).toMatchObject({ reason: 'unanswered', status: 'refunded' });
  });
});

describe('which leads are credited', () => {
  it.each([
    ['answered after more than 4 hours', { answeredAfterMinutes: 4 * HOUR + 1 }],
    ['opened within 48 hours of the answer', { viewedAfterMinutes: 47 * HOUR }],
    ['opened before the answer', { viewedAfterMinutes: -10 }],
    ['48 hours have not passed since the answer', { chargedHoursAgo: 40 }],
    ['never answered', { answeredAfterMinutes: null }],
  ])('not a lead %s', async (_, options) => {
    const lead = await scenario(options);
    await creditUnansweredLeads(sql, sandbox);
    expect(await buyersOf(sql, lead.leadId)).toMatchObject([
      { distribution: 'paid', transaction: 'paid', reason: null, credits: 0 },
    ]);
    expect(await refundsOf(lead.sales[0]!.intentId)).toBe(0);
  });

  it.each([
    [
      'the homeowner accepted a quote',
      `update lead_communications set quote = '{"items": []}', quote_total_cents = 100, accepted_at = now() where id = (
       select id from lead_communications where lead_id = $1 and quote is null order by created_at limit 1)`,
    ],
    [
      'the contractor marked the job in progress',
      `update lead_distributions set stage = 'IN_PROGRESS' where lead_id = $1`,
    ],
    [
      'the contractor marked the job done',
      `update lead_distributions set stage = 'COMPLETED', completed_at = now() where lead_id = $1`,
    ],
    [
      'the charge is not at the gateway',
      `update payment_transactions set stripe_payment_intent_id = null where lead_id = $1`,
    ],
  ])('not a lead where %s', async (_, change) => {
    const lead = await scenario();
    await sql.unsafe(change, [lead.leadId]);
    await creditUnansweredLeads(sql, sandbox);
    expect((await buyersOf(sql, lead.leadId))[0]).toMatchObject({ distribution: 'paid', credits: 0 });
  });

  it('a lead first opened after the 48 hours is credited', async () => {
    const lead = await scenario({ viewedAfterMinutes: 49 * HOUR });
    await creditUnansweredLeads(sql, sandbox);
    expect(await buyersOf(sql, lead.leadId)).toMatchObject([{ reason: 'unanswered', status: 'refunded' }]);
  });

  it('a lead becomes due once the 48 hours have passed', async () => {
    const lead = await scenario({ chargedHoursAgo: 40 });
    await creditUnansweredLeads(sql, sandbox);
    expect((await buyersOf(sql, lead.leadId))[0]!.credits).toBe(0);
    // Ten hours later: everything about the lead ten hours older.
    await sql`update lead_distributions set charged_at = charged_at - interval '10 hours' where lead_id = ${lead.leadId}`;
    await sql`update lead_communications set created_at = created_at - interval '10 hours' where lead_id = ${lead.leadId}`;
    expect(await creditUnansweredLeads(sql, sandbox)).toBeGreaterThanOrEqual(1);
    expect(await buyersOf(sql, lead.leadId)).toMatchObject([
      { reason: 'unanswered', status: 'refunded', mails: 1 },
    ]);
    expect(await refundsOf(lead.sales[0]!.intentId)).toBe(1);
  });

  it('leaves a lead the contractor disputed itself as it is', async () => {
    const lead = await scenario();
    await sql`
      insert into lead_credits (business_id, distribution_id, transaction_id, reason, status, finding, amount_cents,
                                idempotency_key)
      values (${lead.businessId}, ${lead.sales[0]!.distributionId}, ${lead.sales[0]!.transactionId}, 'other', 'open',
              'Our team will review it.', 3000, ${`lead-credit-${lead.sales[0]!.distributionId}`})`;
    await creditUnansweredLeads(sql, sandbox);
    expect(await buyersOf(sql, lead.leadId)).toMatchObject([{ reason: 'other', status: 'open', credits: 1 }]);
    expect(await refundsOf(lead.sales[0]!.intentId)).toBe(0);
  });

  it('two runs at once credit a lead once', async () => {
    const lead = await scenario();
    await Promise.all([creditUnansweredLeads(sql, sandbox), creditUnansweredLeads(sql, sandbox)]);
    expect(await buyersOf(sql, lead.leadId)).toMatchObject([{ status: 'refunded', credits: 1, mails: 1 }]);
    expect(await refundsOf(lead.sales[0]!.intentId)).toBe(1);
  });
});

describe('the responses page records its first real view', () => {
  it('by the link token only, the first time only; a viewed page keeps its lead from the credit', async () => {
    const lead = await scenario({ chargedHoursAgo: 10 });
    const token = await createLink(sql, { leadId: lead.leadId, purpose: 'responses' });
    const viewedAt = async () =>
      (
        await sql<
          { at: Date | null }[]
        >`select responses_viewed_at as at from leads where id = ${lead.leadId}`
      )[0]!.at;

    expect(await leadResponsesForToken(sql, 'x'.repeat(43), { view: true })).toBeNull();
    await leadResponsesForToken(sql, token);
    expect(await viewedAt()).toBeNull();
    expect(await leadResponsesForToken(sql, token, { view: true })).not.toBeNull();
    const first = await viewedAt();
    expect(first).toBeInstanceOf(Date);
    await leadResponsesForToken(sql, token, { view: true });
    expect(await viewedAt()).toEqual(first);

    // Forty hours on (every time of the lead 40 hours older): the homeowner had opened the page 9
    // hours after the answer, so no credit.
    await sql`update lead_distributions set charged_at = charged_at - interval '40 hours' where lead_id = ${lead.leadId}`;
    await sql`update lead_communications set created_at = created_at - interval '40 hours' where lead_id = ${lead.leadId}`;
    await sql`update leads set responses_viewed_at = responses_viewed_at - interval '40 hours' where id = ${lead.leadId}`;
    await creditUnansweredLeads(sql, sandbox);
    expect((await buyersOf(sql, lead.leadId))[0]!.credits).toBe(0);
  });

  it.each([
    ['GET', {}, true],
    ['POST', {}, true],
    ['HEAD', {}, false],
    ['GET', { 'sec-purpose': 'prefetch' }, false],
    ['GET', { 'sec-purpose': 'prefetch;prerender' }, false],
    ['GET', { purpose: 'prefetch' }, false],
  ] as const)('%s with %j is a real view: %s', (method, headers, real) => {
    const request = new Request('http://127.0.0.1:4321/quote-request/responses?token=x', { method, headers });
    expect(isRealView(request)).toBe(real);
  });
});
