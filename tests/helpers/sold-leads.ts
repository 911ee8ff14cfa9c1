// A lead sold to several buyers as the pipeline leaves it, for the reports, fraud-queue and
// unanswered-lead tests: each buyer a contractor with a session and a business, each sale a paid
// distribution whose charge was made through the gateway under test (its idempotency key derived
// from the distribution) and recorded as a paid transaction with the intent.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createBusiness, createLead, createUser } from '../factories/index.ts';
import { apiContext } from './api-context.ts';

export interface Buyer {
  user: SessionUser;
  businessId: string;
  /** Where the business's mail goes. */
  email: string;
}

interface Sale {
  businessId: string;
  distributionId: string;
  transactionId: string;
  intentId: string;
}

export interface SoldLead {
  leadId: string;
  phone: string;
  emailKey: string;
  deviceHash: string;
  sales: Sale[];
}

export async function buyer(sql: Sql): Promise<Buyer> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: row.id, paymentSetupCompleted: true });
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  const [b] = await sql<{ email: string }[]>`select email from businesses where id = ${business.id}`;
  return { user, businessId: business.id, email: b!.email };
}

/** A Visa test card saved in the sandbox gateway (its customer and payment method). */
export async function savedSandboxCard(sql: Sql): Promise<{ customerId: string; paymentMethodId: string }> {
  const tag = randomUUID().replaceAll('-', '').slice(0, 16);
  const customerId = `cus_sbx_${tag}`;
  const paymentMethodId = `pm_sbx_${tag}`;
  await sql`
    insert into sandbox_payment_methods (id, customer_id, card_number, brand, exp_month, exp_year)
    values (${paymentMethodId}, ${customerId}, '4242424242424242', 'visa', 12, 2034)`;
  return { customerId, paymentMethodId };
}

/** Dayton exchanges that are dialable (not 555, not N11). */
const EXCHANGES = [
  222, 223, 224, 225, 226, 227, 228, 229, 232, 233, 234, 235, 236, 237, 238, 239, 252, 253, 254, 256,
];

/** A dialable ten-digit Dayton number, random enough that tests running at once do not share it. */
export const freshPhone = (): string =>
  `937${EXCHANGES[Math.floor(Math.random() * EXCHANGES.length)]!}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

/**
 * The lead, sold to `buyers` (ranks in order) `chargedHoursAgo` hours ago, each charged through
 * `gateway` on a card `card()` saves there.
 */
export async function sellLead(
  sql: Sql,
  gateway: PaymentGateway,
  card: () => Promise<{ customerId: string; paymentMethodId: string }>,
  buyers: Buyer[],
  options: { chargedHoursAgo?: number; description?: string; email?: string } = {},
): Promise<SoldLead> {
  const tag = randomUUID().slice(0, 8);
  const lead = await createLead(sql, {
    email: options.email ?? `report-${tag}@example.com`,
    ...(options.description ? { description: options.description } : {}),
  });
  const phone = freshPhone();
  const emailKey = lead.email;
  const deviceHash = `device-${tag}`;
  await sql`
    update leads set phone = ${phone}, email_key = ${emailKey}, email_domain = split_part(${emailKey}, '@', 2),
           device_hash = ${deviceHash}, qualification = 'qualified', confirmed_at = now(), phone_verified_at = now()
     where id = ${lead.id}`;
  const ago = sql`now() - make_interval(secs => ${Math.round((options.chargedHoursAgo ?? 1) * 3600)})`;
  const sales: Sale[] = [];
  for (const [i, who] of buyers.entries()) {
    const [d] = await sql<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at, payment_status)
      values (${lead.id}, ${who.businessId}, ${i + 1}, 'sent', ${ago}, ${ago}, ${ago}, 'paid') returning id`;
    const key = `lead-distribution-${d!.id}`;
    const saved = await card();
    const result = await gateway.charge({
      ...saved,
      amountCents: 3000,
      idempotencyKey: key,
      description: 'Lead',
    });
    if (result.status !== 'succeeded') throw new Error('the test card did not charge');
    const [t] = await sql<{ id: string }[]>`
      insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
                                        payment_status, stripe_payment_intent_id, description, created_at)
      values (${who.businessId}, ${lead.id}, ${d!.id}, ${key}, 3000, 'paid', ${result.paymentIntentId}, 'Lead charge', ${ago})
      returning id`;
    await sql`update lead_distributions set stripe_payment_intent_id = ${result.paymentIntentId} where id = ${d!.id}`;
    sales.push({
      businessId: who.businessId,
      distributionId: d!.id,
      transactionId: t!.id,
      intentId: result.paymentIntentId,
    });
  }
  return { leadId: lead.id, phone, emailKey, deviceHash, sales };
}

/** Calls a route's handler as Astro would, as `user`, and answers the Response. */
export async function callRoute(
  handler: APIRoute,
  call: {
    method: string;
    path: string;
    user: SessionUser | null;
    params?: Record<string, string>;
    body?: unknown;
  },
): Promise<Response> {
  return handler(apiContext(call));
}

/** Where each of a lead's buyers stands: its credit, the money and the mails. */
export async function buyersOf(sql: Sql, leadId: string) {
  return sql<
    {
      business_id: string;
      distribution: string;
      transaction: string;
      reason: string | null;
      status: string | null;
      credits: number;
      mails: number;
    }[]
  >`
    select d.business_id, d.payment_status as distribution, t.payment_status as transaction, c.reason, c.status,
           (select count(*)::int from lead_credits x where x.distribution_id = d.id) as credits,
           (select count(*)::int from mail_outbox m where m.template = 'lead_credit_refunded'
               and m.payload->>'creditId' = c.id::text) as mails
      from lead_distributions d
      join payment_transactions t on t.distribution_id = d.id
      left join lead_credits c on c.distribution_id = d.id
     where d.lead_id = ${leadId}
     order by d.rank`;
}
