// The admin index's figures: today's leads, today's revenue, pending approvals, failed payments and
// open disputes (payment tests' leads and charges left out), and the contractors who spent the
// most this month with their shared figures (src/domain/figures.ts: the same numbers their
// dashboard and billing page show, from the same query, bounded by owner_since as theirs are). "Today" is the calendar day in Dayton (America/New_York). Each count reads an
// index (leads_created_idx, the partial indexes of 20261123002100_admin_audit.sql and of the
// billing migrations); the lists are the few newest rows.
import { ADMIN_INDEX_LIST_SIZE } from '../../domain/admin-rules.ts';
import type { ContractorFigures } from '../../domain/figures.ts';
import { SITE_TIME_ZONE } from '../../domain/format.ts';
import type { Sql } from '../platform/db/client.ts';
import { contractorFigures } from '../site/index.ts';
import { FAILED_PAYMENTS_DAYS, FIGURES_LIST_SIZE } from './admin-rules.ts';

const ADMIN_TIME_ZONE = SITE_TIME_ZONE;

interface AdminContractorFigures {
  businessId: string;
  businessName: string;
  figures: ContractorFigures;
}

export interface AdminOverview {
  leadsToday: number;
  revenueToday: { leadChargesCents: number; otherPaymentsCents: number; count: number };
  pendingBusinesses: number;
  pendingClaims: number;
  failedPayments: {
    count: number;
    recent: { id: string; businessName: string; amountCents: number; message: string | null; at: Date }[];
  };
  openLeadCredits: number;
  openChargebacks: number;
  /** This month's biggest spenders with their figures. */
  contractors: AdminContractorFigures[];
}

export async function adminOverview(sql: Sql): Promise<AdminOverview> {
  const [counts] = await sql<
    {
      leads_today: number;
      lead_charges_cents: number;
      other_cents: number;
      paid_count: number;
      pending_businesses: number;
      pending_claims: number;
      failed: number;
      open_credits: number;
      open_chargebacks: number;
    }[]
  >`
    with day as (select date_trunc('day', now() at time zone ${ADMIN_TIME_ZONE}) at time zone ${ADMIN_TIME_ZONE} as starts),
    paid as (
      select t.payment_amount_cents, t.lead_id from payment_transactions t, day
       where t.created_at >= day.starts and t.payment_status in ('paid', 'succeeded')
         and not exists (select 1 from leads l where l.id = t.lead_id and l.is_test))
    select
      (select count(*)::int from leads l, day where l.created_at >= day.starts and not l.is_test) as leads_today,
      (select coalesce(sum(payment_amount_cents) filter (where lead_id is not null), 0)::int from paid) as lead_charges_cents,
      (select coalesce(sum(payment_amount_cents) filter (where lead_id is null), 0)::int from paid) as other_cents,
      (select count(*)::int from paid) as paid_count,
      (select count(*)::int from businesses where status = 'PENDING') as pending_businesses,
      (select count(*)::int from business_claims where status = 'pending') as pending_claims,
      (select count(*)::int from payment_transactions t
        where t.payment_status = 'failed' and t.created_at > now() - make_interval(days => ${FAILED_PAYMENTS_DAYS})
          and not exists (select 1 from leads l where l.id = t.lead_id and l.is_test)) as failed,
      (select count(*)::int from lead_credits where status = 'open') as open_credits,
      (select count(*)::int from chargebacks where status = 'open') as open_chargebacks`;
  const recent = await sql<
    {
      id: string;
      business_name: string;
      payment_amount_cents: number;
      failure_message: string | null;
      created_at: Date;
    }[]
  >`
    select t.id, b.name as business_name, t.payment_amount_cents, t.failure_message, t.created_at
      from payment_transactions t join businesses b on b.id = t.business_id
     where t.payment_status = 'failed' and t.created_at > now() - make_interval(days => ${FAILED_PAYMENTS_DAYS})
       and not exists (select 1 from leads l where l.id = t.lead_id and l.is_test)
     order by t.created_at desc
     limit ${ADMIN_INDEX_LIST_SIZE}`;
  // The month's lead spenders, by the monthly spend's own function (lead_spend_cents).
  const spenders = await sql<{ id: string; name: string }[]>`
    with month as (
      select date_trunc('month', now() at time zone ${ADMIN_TIME_ZONE}) at time zone ${ADMIN_TIME_ZONE} as starts)
    select b.id, b.name
      from businesses b, month
     where exists (select 1 from lead_distributions d
                    where d.business_id = b.id and d.payment_status in ('pending', 'paid') and d.created_at >= month.starts)
     order by lead_spend_cents(b.id, month.starts) desc, b.name, b.id
     limit ${FIGURES_LIST_SIZE}`;
  const contractors = await Promise.all(
    spenders.map(async (b) => ({
      businessId: b.id,
      businessName: b.name,
      figures: await contractorFigures(sql, b.id),
    })),
  );
  const c = counts!;
  return {
    contractors,
    leadsToday: c.leads_today,
    revenueToday: {
      leadChargesCents: c.lead_charges_cents,
      otherPaymentsCents: c.other_cents,
      count: c.paid_count,
    },
    pendingBusinesses: c.pending_businesses,
    pendingClaims: c.pending_claims,
    failedPayments: {
      count: c.failed,
      recent: recent.map((r) => ({
        id: r.id,
        businessName: r.business_name,
        amountCents: r.payment_amount_cents,
        message: r.failure_message,
        at: r.created_at,
      })),
    },
    openLeadCredits: c.open_credits,
    openChargebacks: c.open_chargebacks,
  };
}
