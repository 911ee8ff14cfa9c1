// Demo plan for the demo contractor (contractor@example.com): Enhanced, paid with the demo card,
// its month begun 10 days before seeding, held in the sandbox gateway and recorded through the
// same code as a real start, so `npm start` shows the Subscription tab with a plan to change or
// cancel (here or in the portal stand-in). Its first month was paid: the sandbox's charge and its
// transaction row (Transactions tab, Monthly Spending, a sandbox receipt), dated the period's start.
// Deterministic, written once: a business that has a plan already gets nothing.
import { planChargeKey, planPaymentDescription } from '../../src/domain/plan-payments.ts';
import { PLANS, type PlanId } from '../../src/domain/plans.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { sandboxState, type SandboxSubscriptionRow } from '../../src/server/money/gateway/sandbox-plans.ts';
import { recordPlanPayment } from '../../src/server/money/plans/record-plan-payment.ts';
import { recordSubscription } from '../../src/server/money/plans/record-subscription.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';

export const DEMO_PLAN: PlanId = 'enhanced';

export async function seedDemoPlans(sql: Sql, ownerEmail = DEMO_CONTRACTOR_EMAIL): Promise<number> {
  const [business] = await sql<{ id: string; customer: string | null; card: string | null }[]>`
    select b.id, b.stripe_customer_id as customer,
           (select gateway_payment_method_id from payment_methods
             where business_id = b.id and is_default and status = 'active') as card
      from businesses b join users u on u.id = b.owner_id
     where u.email = ${ownerEmail} order by b.created_at, b.id limit 1`;
  if (!business?.customer || !business.card) return 0;
  const [existing] = await sql`select 1 from subscriptions where business_id = ${business.id} limit 1`;
  if (existing) return 0;
  const [row] = await sql<SandboxSubscriptionRow[]>`
    insert into sandbox_subscriptions (id, customer_id, business_id, plan, payment_method_id,
                                       current_period_start, current_period_end)
    values (${`sub_sbx_demo_${business.id.replaceAll('-', '')}`}, ${business.customer}, ${business.id},
            ${DEMO_PLAN}, ${business.card}, now() - interval '10 days', now() - interval '10 days' + interval '1 month')
    on conflict (id) do nothing
    returning id, plan, status, current_period_start, current_period_end, cancel_at_period_end`;
  if (!row) return 0;
  const state = sandboxState(row);
  const key = planChargeKey(row.id, state.currentPeriodStart);
  const intentId = `pi_sandbox_demo_plan_${business.id.replaceAll('-', '')}`;
  const { priceCents } = PLANS[DEMO_PLAN];
  await sql`
    insert into sandbox_payment_intents (id, idempotency_key, customer_id, payment_method_id, amount_cents,
                                         status, created_at)
    values (${intentId}, ${key}, ${business.customer}, ${business.card}, ${priceCents}, 'succeeded',
            ${state.currentPeriodStart})
    on conflict do nothing`;
  await recordPlanPayment(sql, {
    businessId: business.id,
    idempotencyKey: key,
    amountCents: priceCents,
    status: 'paid',
    description: planPaymentDescription(DEMO_PLAN, state.currentPeriodStart, state.currentPeriodEnd),
    paymentIntentId: intentId,
    receiptUrl: null,
    failureMessage: null,
    createdAt: state.currentPeriodStart,
  });
  await recordSubscription(sql, business.id, state);
  return 1;
}
