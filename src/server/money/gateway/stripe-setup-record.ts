// Recording a card saved through Stripe Checkout (setup mode) into our tables, from either path:
// the contractor's return to the success URL (completePaymentSetup, called by POST
// /api/contractor/payment-setup/complete) and Stripe's webhooks (webhooks/setup-events.ts). Both
// re-read the object from Stripe and write what it says now, never what a request or an event's
// copy claims, so a return and its webhook in either order, or an event twice, end in one
// payment_methods row and the same state:
// - a card attached to the business's customer is 'active' ('expired' past its expiry month; a
//   'failed' verdict of the charge side is kept), a detached one 'removed', brand, last4 and
//   expiry as Stripe has them; created_at is the card's creation at Stripe;
// - the default is the newest active card (the one saved last), and the setup is completed
//   exactly when there is one (the matcher charges the default active card, nothing else).
import Stripe from 'stripe';
import type { PaymentSetupStatus } from '../../../domain/dashboard-rules.ts';
import { isMissingObject } from './stripe-client.ts';
import { paymentSetupStatus } from '../../../domain/dashboard-rules.ts';
import type { Sql, TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { SETUP_SESSION_NOT_FOUND } from '../money-rules.ts';

interface StripeBusiness {
  id: string;
  customerId: string;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * The business whose Stripe customer is `customerId` (and whose id is `businessId` when the object
 * carries our metadata); null for none, or for a customer two businesses claim.
 */
export async function businessForCustomer(
  sql: Sql,
  customerId: string | null,
  businessId?: string | null,
): Promise<StripeBusiness | null> {
  if (!customerId) return null;
  const rows = await sql<StripeBusiness[]>`
    select id, stripe_customer_id as "customerId" from businesses
     where stripe_customer_id = ${customerId}
       ${businessId ? sql`and id::text = ${businessId}` : sql``}
     limit 2`;
  return rows.length === 1 ? rows[0]! : null;
}

function cardExpired(month: number, year: number, now = new Date()): boolean {
  const thisYear = now.getUTCFullYear();
  return year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1);
}

/** Writes the re-read payment method onto `business`, then settles the default and the flag. */
export async function writeCard(
  sql: Sql,
  business: StripeBusiness,
  method: Stripe.PaymentMethod,
): Promise<void> {
  const card = method.card;
  if (method.type !== 'card' || !card) return;
  const attached = idOf(method.customer) === business.customerId;
  if (!attached && idOf(method.customer) !== null) return; // another customer's card: not ours
  const status = !attached ? 'removed' : cardExpired(card.exp_month, card.exp_year) ? 'expired' : 'active';
  await sql.begin(async (tx) => {
    // The business row locked: the writes for one business take turns, so two events at once
    // cannot both make a card the default.
    await tx`select id from businesses where id = ${business.id} for no key update`;
    await tx`
      insert into payment_methods
        (business_id, gateway_payment_method_id, brand, last4, expiry_month, expiry_year, is_default, status, created_at)
      values (${business.id}, ${method.id}, ${card.brand}, ${card.last4}, ${card.exp_month}, ${card.exp_year},
              false, ${status}, to_timestamp(${method.created}))
      on conflict (gateway_payment_method_id) do update
         set brand = excluded.brand, last4 = excluded.last4,
             expiry_month = excluded.expiry_month, expiry_year = excluded.expiry_year,
             status = case when excluded.status <> 'removed' and payment_methods.status = 'failed'
                           then 'failed' else excluded.status end
       where payment_methods.business_id = excluded.business_id`;
    await settleDefault(tx, business.id);
  });
}

/** The newest active card is the default; the setup is completed exactly when there is one. */
async function settleDefault(tx: TransactionSql, businessId: string): Promise<void> {
  const [newest] = await tx<{ id: string }[]>`
    select id from payment_methods
     where business_id = ${businessId} and status = 'active'
     order by created_at desc, gateway_payment_method_id desc
     limit 1`;
  await tx`
    update payment_methods set is_default = false
     where business_id = ${businessId} and is_default and id is distinct from ${newest?.id ?? null}::uuid`;
  if (newest)
    await tx`update payment_methods set is_default = true where id = ${newest.id} and not is_default`;
  await tx`update businesses set payment_setup_completed = ${Boolean(newest)} where id = ${businessId}`;
}

/** A payment method as Stripe has it now (the expanded copy when given, else re-read). */
async function paymentMethodOf(
  stripe: Stripe,
  method: string | Stripe.PaymentMethod | null,
): Promise<Stripe.PaymentMethod | null> {
  if (!method) return null;
  return typeof method === 'string' ? stripe.paymentMethods.retrieve(method) : method;
}

/** A succeeded SetupIntent's card, recorded on `business`; other states record nothing. */
export async function recordSetupIntent(
  sql: Sql,
  stripe: Stripe,
  business: StripeBusiness,
  intent: Stripe.SetupIntent,
): Promise<void> {
  if (intent.status !== 'succeeded' || idOf(intent.customer) !== business.customerId) return;
  const method = await paymentMethodOf(stripe, intent.payment_method);
  if (method) await writeCard(sql, business, method);
}

/**
 * Re-reads a Checkout Session and records its card when it is a completed setup of a business
 * of ours (of `expectedBusinessId`, when given). Null when it is not (another business's, not
 * a setup, unknown customer): nothing is written.
 */
export async function recordSetupSession(
  sql: Sql,
  stripe: Stripe,
  sessionId: string,
  expectedBusinessId?: string,
): Promise<StripeBusiness | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId, {
    expand: ['setup_intent', 'setup_intent.payment_method'],
  });
  if (session.mode !== 'setup') return null;
  const business = await businessForCustomer(sql, idOf(session.customer), session.metadata?.['businessId']);
  if (!business || (expectedBusinessId !== undefined && business.id !== expectedBusinessId)) return null;
  if (session.status === 'complete' && session.setup_intent) {
    const intent =
      typeof session.setup_intent === 'string'
        ? await stripe.setupIntents.retrieve(session.setup_intent, { expand: ['payment_method'] })
        : session.setup_intent;
    await recordSetupIntent(sql, stripe, business, intent);
  }
  return business;
}

/**
 * The return from Stripe's hosted page (success URL with ?session_id=): records the session's
 * card when it belongs to the caller's business, and answers the business's setup status. A
 * session that does not exist or is another business's is a 404 and changes nothing.
 */
export async function completePaymentSetup(
  sql: Sql,
  stripe: Stripe,
  businessId: string,
  sessionId: string,
): Promise<{ status: PaymentSetupStatus }> {
  let recorded: StripeBusiness | null;
  try {
    recorded = await recordSetupSession(sql, stripe, sessionId, businessId);
  } catch (error) {
    if (isMissingObject(error)) recorded = null;
    else throw error;
  }
  if (!recorded) throw new AppError('NOT_FOUND', SETUP_SESSION_NOT_FOUND);
  const [row] = await sql<{ stripeCustomerId: string | null; paymentSetupCompleted: boolean }[]>`
    select stripe_customer_id as "stripeCustomerId", payment_setup_completed as "paymentSetupCompleted"
      from businesses where id = ${businessId}`;
  return { status: paymentSetupStatus(row!) };
}
