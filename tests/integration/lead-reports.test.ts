// Contractors' reports count (issue 23, Must 3), against the real database: when two buyers of a
// lead report it fake or unreachable, each within 7 days of its own charge, every buyer is
// refunded through the gateway exactly once, without an admin (a reporter's credit moves to
// refunding, a buyer who did not report gets a 'reported' credit), one mail each, and the lead's
// phone, e-mail and device are blocked. Run against both gateways (the sandbox, and the stripe SDK
// against the stand-in of Stripe's API). A third report, retries and reports at once change
// nothing more; one report alone refunds nothing beyond the existing rules.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { LeadCredit } from '../../src/schemas/lead-credit.ts';
import { declineCredit } from '../../src/server/admin/decide-credit.ts';
import { disputeLead } from '../../src/server/leads/credits/dispute-lead.ts';
import { resumeRefundingCredits } from '../../src/server/leads/credits/settle-credit.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { createUser } from '../factories/index.ts';
import { gatewaysUnderTest, type GatewayUnderTest } from '../helpers/gateways-under-test.ts';
import {
  buyer,
  buyersOf,
  callRoute,
  savedSandboxCard,
  sellLead,
  type Buyer,
  type SoldLead,
} from '../helpers/sold-leads.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const sandbox = createSandboxGateway(sql);

let credit: APIRoute;
beforeAll(async () => {
  credit = (await import('../../src/pages/api/contractor/leads/[id]/credit.ts')).POST;
});

/** A report through the endpoint, as the dashboard's form sends it (the sandbox gateway). */
async function report(who: Buyer, distributionId: string, body: unknown): Promise<Response> {
  return callRoute(credit, {
    method: 'POST',
    path: `/api/contractor/leads/${distributionId}/credit`,
    user: who.user,
    params: { id: distributionId },
    body,
  });
}

async function reported(who: Buyer, distributionId: string, body: unknown): Promise<LeadCredit> {
  const answer = await report(who, distributionId, body);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as LeadCredit;
}

const sandboxCard = () => savedSandboxCard(sql);

async function sandboxRefunds(sql: Sql, lead: SoldLead): Promise<number[]> {
  const rows = await sql<{ n: number }[]>`
    select (select count(*)::int from sandbox_refunds r where r.payment_intent_id = i.id) as n
      from unnest(${lead.sales.map((s) => s.intentId)}::text[]) with ordinality as i(id, k) order by k`;
  return rows.map((r) => r.n);
}

async function blocks(leadId: string) {
  return sql<{ kind: string; value: string; blocked_by: string | null; reason: string }[]>`
    select kind, value, blocked_by, reason from blocked_identities
     where lead_id = ${leadId} and released_at is null order by kind`;
}

const ALL_REFUNDED = (reasons: string[]) =>
  reasons.map((reason) => ({
    distribution: 'refunded',
    transaction: 'refunded',
    reason,
    status: 'refunded',
    credits: 1,
    mails: 1,
  }));

describe.each(gatewaysUnderTest(sql))(
  '$name gateway: two buyers report a lead',
  (under: GatewayUnderTest) => {
    const refundsAtGateway = async (lead: SoldLead): Promise<number[]> => {
      if (under.name === 'sandbox') return sandboxRefunds(sql, lead);
      const objects = [...under.standIn!.state.objects.values()];
      return lead.sales.map(
        (s) => objects.filter((o) => o.object === 'refund' && o['payment_intent'] === s.intentId).length,
      );
    };

    it('refunds all three buyers once, blocks the phone, e-mail and device; a third report and retries change nothing', async () => {
      const [a, b, c] = [await buyer(sql), await buyer(sql), await buyer(sql)];
      const lead = await sellLead(sql, under.gateway, () => under.savedCard('visa'), [a, b, c]);
      const dispute = (who: Buyer, i: number, reason: 'fake' | 'bad_number') =>
        disputeLead(sql, under.gateway, who.businessId, lead.sales[i]!.distributionId, { reason });

      // One report: A's credit waits for the team; nothing is refunded or blocked.
      const first = await dispute(a, 0, 'fake');
      expect(first).toMatchObject({ status: 'open', reason: 'fake' });
      expect(first.finding).toMatch(/When a second buyer of this lead reports it/);
      expect(await refundsAtGateway(lead)).toEqual([0, 0, 0]);
      expect(await blocks(lead.leadId)).toEqual([]);

      // The second buyer's report (a valid number: the number rule alone is not met).
      const second = await dispute(b, 1, 'bad_number');
      expect(second).toMatchObject({ status: 'refunded', reason: 'bad_number' });
      expect(second.finding).toMatch(/^2 buyers of this lead reported it fake or unreachable within 7 days/);
      expect(await buyersOf(sql, lead.leadId)).toMatchObject(
        ALL_REFUNDED(['fake', 'bad_number', 'reported']),
      );
      expect(await refundsAtGateway(lead)).toEqual([1, 1, 1]);
      const byReports = `Reported fake or unreachable by 2 buyers of request ${lead.leadId}.`;
      expect(await blocks(lead.leadId)).toEqual([
        { kind: 'device', value: lead.deviceHash, blocked_by: null, reason: byReports },
        { kind: 'email', value: lead.emailKey, blocked_by: null, reason: byReports },
        { kind: 'phone', value: lead.phone, blocked_by: null, reason: byReports },
      ]);
      const [marked] =
        await sql`select reports_refunded_at is not null as marked, reported_at is not null as reported
                                 from leads where id = ${lead.leadId}`;
      expect(marked).toEqual({ marked: true, reported: true });

      // The third buyer's report, and both reporters again: the credits as they are.
      expect(await dispute(c, 2, 'fake')).toMatchObject({ status: 'refunded', reason: 'reported' });
      expect(await dispute(a, 0, 'fake')).toMatchObject({ id: first.id, status: 'refunded', reason: 'fake' });
      expect(await dispute(b, 1, 'bad_number')).toMatchObject({ id: second.id, status: 'refunded' });
      await sql`update lead_credits set created_at = created_at - interval '2 minutes'
               where distribution_id = any(${lead.sales.map((s) => s.distributionId)}::uuid[])`;
      await resumeRefundingCredits(sql, under.gateway);
      expect(await buyersOf(sql, lead.leadId)).toMatchObject(
        ALL_REFUNDED(['fake', 'bad_number', 'reported']),
      );
      expect(await refundsAtGateway(lead)).toEqual([1, 1, 1]);
      expect(await blocks(lead.leadId)).toHaveLength(3);
    });
  },
);

describe('reports through the endpoint (the sandbox gateway)', () => {
  it('two reports at once refund each of the three buyers once', async () => {
    const [a, b, c] = [await buyer(sql), await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, sandboxCard, [a, b, c]);
    // Straight to the use-case, so both transactions are open at the same moment.
    const answers = await Promise.all([
      disputeLead(sql, sandbox, a.businessId, lead.sales[0]!.distributionId, { reason: 'fake' }),
      disputeLead(sql, sandbox, b.businessId, lead.sales[1]!.distributionId, { reason: 'fake' }),
    ]);
    // The report counted second answers 'refunded'; the first may have answered before it ('open').
    expect(answers.map((r) => r.status)).toContain('refunded');
    expect(await buyersOf(sql, lead.leadId)).toMatchObject(ALL_REFUNDED(['fake', 'fake', 'reported']));
    expect(await sandboxRefunds(sql, lead)).toEqual([1, 1, 1]);
    expect(await blocks(lead.leadId)).toHaveLength(3);
  });

  it('three reports at once, each sent twice, still refund each buyer once', async () => {
    const buyers = [await buyer(sql), await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, sandboxCard, buyers);
    const answers = await Promise.all(
      [0, 1, 2, 0, 1, 2].map((i) =>
        report(buyers[i]!, lead.sales[i]!.distributionId, { reason: i === 1 ? 'bad_number' : 'fake' }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await buyersOf(sql, lead.leadId);
    expect(rows.map((r) => [r.status, r.credits, r.mails])).toEqual([
      ['refunded', 1, 1],
      ['refunded', 1, 1],
      ['refunded', 1, 1],
    ]);
    expect(await sandboxRefunds(sql, lead)).toEqual([1, 1, 1]);
  });

  it('a buyer whose own request waits in the queue is refunded with the others, for the reports', async () => {
    const [a, b, c] = [await buyer(sql), await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, sandboxCard, [a, b, c]);
    await reported(c, lead.sales[2]!.distributionId, { reason: 'other', note: 'The homeowner hung up.' });
    await reported(a, lead.sales[0]!.distributionId, { reason: 'fake' });
    await reported(b, lead.sales[1]!.distributionId, { reason: 'fake' });
    expect(await buyersOf(sql, lead.leadId)).toMatchObject(ALL_REFUNDED(['fake', 'fake', 'reported']));
    const [note] =
      await sql`select note from lead_credits where distribution_id = ${lead.sales[2]!.distributionId}`;
    expect(note).toEqual({ note: 'The homeowner hung up.' });
  });
});

describe('one report alone refunds nothing beyond the existing rules', () => {
  it('a fake report waits for the team; another buyer disputing for another reason does not count', async () => {
    const [a, b, c] = [await buyer(sql), await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, sandboxCard, [a, b, c]);
    expect(await reported(a, lead.sales[0]!.distributionId, { reason: 'fake' })).toMatchObject({
      status: 'open',
    });
    expect(await reported(b, lead.sales[1]!.distributionId, { reason: 'duplicate' })).toMatchObject({
      status: 'open',
    });
    const rows = await buyersOf(sql, lead.leadId);
    expect(rows.map((r) => [r.distribution, r.reason, r.status])).toEqual([
      ['paid', 'fake', 'open'],
      ['paid', 'duplicate', 'open'],
      ['paid', null, null],
    ]);
    expect(await sandboxRefunds(sql, lead)).toEqual([0, 0, 0]);
    expect(await blocks(lead.leadId)).toEqual([]);
    const [row] =
      await sql`select reports_refunded_at, reported_at is not null as reported from leads where id = ${lead.leadId}`;
    expect(row).toEqual({ reports_refunded_at: null, reported: true });
  });

  it('a report the team declined does not count', async () => {
    const [a, b] = [await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, sandboxCard, [a, b]);
    const first = await reported(a, lead.sales[0]!.distributionId, { reason: 'fake' });
    const admin = await createUser(sql, { roles: ['admin'] });
    await declineCredit(sql, { id: admin.id }, first.id, 'We called the homeowner: the request is real.');
    expect(await reported(b, lead.sales[1]!.distributionId, { reason: 'fake' })).toMatchObject({
      status: 'open',
    });
    expect(await sandboxRefunds(sql, lead)).toEqual([0, 0]);
    expect(await blocks(lead.leadId)).toEqual([]);
  });

  it('a report more than 7 days after its charge is refused and changes nothing', async () => {
    const [a, b] = [await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, sandboxCard, [a, b], { chargedHoursAgo: 7 * 24 + 2 });
    await sql`update lead_distributions set charged_at = now() - interval '1 hour' where id = ${lead.sales[0]!.distributionId}`;
    await reported(a, lead.sales[0]!.distributionId, { reason: 'fake' });
    const late = await report(b, lead.sales[1]!.distributionId, { reason: 'fake' });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toMatch(/within 7 days of their charge/);
    expect(await sandboxRefunds(sql, lead)).toEqual([0, 0]);
    expect(await blocks(lead.leadId)).toEqual([]);
  });

  it("a report of another business's lead is not found and writes nothing", async () => {
    const [a, b, stranger] = [await buyer(sql), await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, sandboxCard, [a, b]);
    await reported(a, lead.sales[0]!.distributionId, { reason: 'fake' });
    const answer = await report(stranger, lead.sales[1]!.distributionId, { reason: 'fake' });
    expect(answer.status).toBe(404);
    expect(await sandboxRefunds(sql, lead)).toEqual([0, 0]);
    expect((await buyersOf(sql, lead.leadId)).map((r) => r.credits)).toEqual([1, 0]);
  });
});
