// Failed cards (issue 14, item 2) through the real charge path and the sandbox gateway: a
// declined lead charge mails the contractor a link straight to the Payments tab's payment setup;
// the billing summary raises the failed-payments banner; a card the gateway reports expired
// (the sandbox's 4000000000000069) is marked expired, which raises the expired-card banner and
// takes the business out of matching until it saves a new card.
import { describe, expect, inject, it } from 'vitest';
import { billingSummary } from '../../src/server/money/billing/billing-summary.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { chargeDistribution } from '../../src/server/leads/requests/charge-distribution.ts';
import { matchContractors } from '../../src/server/leads/requests/match-contractors.ts';
import type { Candidate, LeadRow } from '../../src/server/leads/requests/types.ts';
import { createBusiness, createLead, giveCard } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const gateway = createSandboxGateway(sql);

async function sellTo(card: string) {
  const business = await createBusiness(sql, { featured: true });
  await giveCard(sql, business.id, card);
  const [candidate] = await sql<Candidate[]>`
    select b.id, b.name, b.email, b.stripe_customer_id as "customerId",
           pm.gateway_payment_method_id as "paymentMethodId", b.featured, 0 as score
      from businesses b join payment_methods pm on pm.business_id = b.id and pm.is_default
     where b.id = ${business.id}`;
  const { id } = await createLead(sql);
  const [lead] = await sql<LeadRow[]>`select * from leads where id = ${id}`;
  await chargeDistribution(sql, lead!, candidate!, 1, { gateway });
  const [mail] = await sql<{ text_body: string }[]>`
    select text_body from mail_outbox where to_address = ${candidate!.email} and template = 'lead_payment_failed'`;
  return { business, lead: lead!, mail, summary: await billingSummary(sql, business.id) };
}

describe('a failed lead charge', () => {
  it('mails a link to the payment setup and raises the failed-payments banner', async () => {
    const { mail, summary } = await sellTo('4000000000000002');
    expect(mail!.text_body).toMatch(
      /Fix your card to receive the next one: http\S+\/dashboard\?tab=payment-setup$/m,
    );
    expect(summary.recentFailures).toBe(1);
    expect(summary.defaultCardExpired).toBe(false);
  });

  it('marks an expired card expired: its own banner, and no more leads until a new card', async () => {
    const { business, lead, mail, summary } = await sellTo('4000000000000069');
    expect(mail!.text_body).toContain('Your card has expired.');
    expect(summary.recentFailures).toBe(1);
    expect(summary.defaultCardExpired).toBe(true);
    expect(summary.paymentMethods).toEqual([expect.objectContaining({ status: 'expired', expired: true })]);
    const matched = await matchContractors(sql, lead);
    expect(matched.map((c) => c.id)).not.toContain(business.id);
  });

  it('leaves a card that was only declined active', async () => {
    const { business } = await sellTo('4000000000009995');
    const [card] = await sql`select status from payment_methods where business_id = ${business.id}`;
    expect(card!['status']).toBe('active');
  });
});
