// A contractor disputes a lead it was charged for (automatic credits). Within 7 days of the
// charge, once per lead: the lead's row locked, the reason's published rule checked at once;
// met, the credit is refunded to the card through the gateway (settle-credit.ts); otherwise it
// waits in the admin queue ('open'). A second dispute of the lead (two at once, a retry) finds
// the first credit and answers with it, settling it if its refund is still under way.
// A report that the lead is fake or unreachable ('fake', 'bad_number') also counts towards
// refunding every buyer (refundReportedLead, issue 23): the lead's row is locked first, so two
// buyers' reports at once are counted one after the other and the buyers are refunded once.
import { CREDIT_MESSAGES, CREDIT_WINDOW_DAYS, REPORT_REASONS } from '../../../domain/credit-rules.ts';
import type { LeadCredit, TLeadCreditRequest } from '../../../schemas/lead-credit.ts';
import { assertDistributionId } from '../access/distribution-id.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { AppError } from '../../platform/errors.ts';
import { refundReportedLead } from '../fraud/refund-reported-lead.ts';
import type { PaymentGateway } from '../../money/index.ts';
import { checkCreditRule } from './check-credit-rule.ts';
import { findCredit, toLeadCredit } from './credit-rows.ts';
import { settleCredits } from './settle-credit.ts';
import { LEAD_NOT_FOUND } from '../leads-rules.ts';

interface Disputed {
  distribution_id: string;
  lead_id: string;
  payment_status: string;
  charged_at: Date | null;
  service_id: string | null;
  email: string;
  phone: string;
  zip_code: string | null;
  transaction_id: string | null;
  transaction_status: string | null;
  amount_cents: number;
  payment_intent_id: string | null;
}

export async function disputeLead(
  sql: Sql,
  gateway: PaymentGateway,
  businessId: string,
  distributionId: string,
  request: TLeadCreditRequest,
): Promise<LeadCredit> {
  const id = assertDistributionId(distributionId);
  const { credit, settle } = await sql.begin(async (tx) => {
    // The lead locked first: reports of its buyers are counted one at a time (and a fraud block
    // waits). Then the distribution: two disputes of it go one after the other; the second finds
    // the first's credit.
    const [owned] = await tx<{ lead_id: string }[]>`
      select lead_id from lead_distributions where id = ${id} and business_id = ${businessId}`;
    if (!owned) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
    await tx`select 1 from leads where id = ${owned.lead_id} for no key update`;
    const [lead] = await tx<Disputed[]>`
      select d.id as distribution_id, d.lead_id, d.payment_status, d.charged_at, l.service_id, l.email, l.phone,
             l.zip_code, t.id as transaction_id, t.payment_status as transaction_status,
             coalesce(t.payment_amount_cents, d.payment_amount_cents) as amount_cents,
             coalesce(t.stripe_payment_intent_id, d.stripe_payment_intent_id) as payment_intent_id
        from lead_distributions d
        join leads l on l.id = d.lead_id
        left join payment_transactions t on t.distribution_id = d.id
       where d.id = ${id} and d.business_id = ${businessId}
         and d.created_at >= ${ownerSince(tx, businessId)}
         for update of d`;
    if (!lead) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
    const existing = await findCredit(tx, businessId, id);
    if (existing) return { credit: existing, settle: [] };
    if (lead.payment_status !== 'paid' || !lead.charged_at)
      throw new AppError('CONFLICT', CREDIT_MESSAGES.notCharged);
    const [open] = await tx<{ open: boolean }[]>`
      select ${lead.charged_at}::timestamptz + make_interval(days => ${CREDIT_WINDOW_DAYS}) > now() as open`;
    if (!open!.open) throw new AppError('CONFLICT', CREDIT_MESSAGES.tooLate);

    const check = await checkCreditRule(
      tx,
      {
        distributionId: id,
        businessId,
        leadId: lead.lead_id,
        serviceId: lead.service_id,
        email: lead.email,
        phone: lead.phone,
        zipCode: lead.zip_code,
        chargedAt: lead.charged_at,
      },
      request.reason,
    );
    // A rule met is refunded only where there is a charge at the gateway to refund.
    const refundable =
      check.met &&
      lead.payment_intent_id !== null &&
      lead.transaction_id !== null &&
      (lead.transaction_status === 'paid' || lead.transaction_status === 'succeeded');
    const finding = check.met && !refundable ? `${check.finding} Our team will refund it.` : check.finding;
    await tx`
      insert into lead_credits (business_id, distribution_id, transaction_id, reason, note, status, finding,
                                amount_cents, idempotency_key)
      values (${businessId}, ${id}, ${lead.transaction_id}, ${request.reason}, ${request.note ?? null},
              ${refundable ? 'refunding' : 'open'}, ${finding.slice(0, 500)}, ${lead.amount_cents},
              ${`lead-credit-${id}`})`;
    let others: string[] = [];
    if (REPORT_REASONS.includes(request.reason)) {
      await tx`update leads set reported_at = now() where id = ${lead.lead_id}`;
      others = await refundReportedLead(tx, lead.lead_id);
    }
    return { credit: (await findCredit(tx, businessId, id))!, settle: others };
  });
  if (credit.status === 'refunding' || settle.length) {
    // The gateway not answering leaves a credit 'refunding', settled again later with the same
    // key (never a second refund).
    await settleCredits(sql, gateway, [...(credit.status === 'refunding' ? [credit.id] : []), ...settle]);
    return toLeadCredit((await findCredit(sql, businessId, id))!);
  }
  return toLeadCredit(credit);
}
