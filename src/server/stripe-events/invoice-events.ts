// Stripe webhook handlers for a plan's invoices as money rows: invoice.paid and
// invoice.payment_failed re-read the invoice (the payload's copy may be stale) and write one
// payment_transactions row per invoice (idempotency key `invoice-<id>`): paid with the amount paid
// and the hosted invoice page as its receipt, or failed with the amount due. The business is the
// one the invoice's subscription names in its metadata AND that owns the subscription's customer
// (plan-events.ts's rule), so an invoice never reaches another business's Transactions. Any order
// and any number of deliveries end in what Stripe says at the last one, and a paid row stays paid
// (record-plan-payment.ts); a failure is told to the owner once: its alerts by the channels it
// chose for a failed payment, and always a mail. The plans part's handlers for the same events record the subscription.
import type Stripe from 'stripe';
import { invoiceKey, planPaymentDescription } from '../../domain/plan-payments.ts';
import { isPlanId, type PlanId } from '../../domain/plans.ts';
import { kickAlertSender, alertPorts, alertUser, invoiceFailedNotice } from '../leads/index.ts';
import type { TransactionSql } from '../platform/db/client.ts';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { kickMailSender } from '../platform/mail/sender.ts';
import { planPaymentFailedMail } from '../platform/mail/plan-mails.ts';
import {
  recordPlanPayment,
  subscriptionState,
  type AsRead,
  type WebhookContext,
  type WebhookHandlers,
} from '../money/index.ts';
import { businessOf } from './plan-events.ts';

export const INVOICE_FAILURE_MESSAGE = "The plan's payment was declined.";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** What the re-read invoice says was paid or failed; null when neither (draft, void, not tried). */
function invoiceOutcome(
  invoice: AsRead<Stripe.Invoice>,
): { status: 'paid' | 'failed'; amountCents: number } | null {
  if (invoice.status === 'paid') return { status: 'paid', amountCents: invoice.amount_paid ?? 0 };
  if ((invoice.status === 'open' || invoice.status === 'uncollectible') && invoice.attempted) {
    return { status: 'failed', amountCents: invoice.amount_due ?? 0 };
  }
  return null;
}

/** The service period the invoice bills: of its lines, the one ending last (after a prorated plan
 * change the proration lines end where the new month starts), else the invoice's own period. */
function periodOf(invoice: AsRead<Stripe.Invoice>, created: number): { start: Date; end: Date } {
  const line = (invoice.lines?.data ?? []).reduce<Stripe.InvoiceLineItem | null>(
    (best, next) => (!best || next.period.end > best.period.end ? next : best),
    null,
  );
  const start = line?.period.start ?? invoice.period_start ?? created;
  const end = line?.period.end ?? invoice.period_end ?? created;
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}

/** The owner's alerts and the failure's mail (always sent: it concerns money), in `tx`; how many alerts. */
async function tellFailure(
  tx: TransactionSql,
  businessId: string,
  payment: { amountCents: number; description: string },
): Promise<number> {
  const [business] = await tx<{ name: string; email: string | null; owner_id: string | null }[]>`
    select b.name, coalesce(b.email, u.email) as email, b.owner_id
      from businesses b left join users u on u.id = b.owner_id where b.id = ${businessId}`;
  if (!business) return 0;
  const told = business.owner_id
    ? await alertUser(tx, business.owner_id, invoiceFailedNotice(payment.amountCents))
    : { queued: 0, email: true };
  if (business.email)
    await enqueueMail(tx, planPaymentFailedMail({ name: business.name, email: business.email }, payment));
  return told.queued;
}

async function onInvoice({ sql, stripe, event }: WebhookContext): Promise<void> {
  const invoice: AsRead<Stripe.Invoice> = await stripe.invoices.retrieve(
    (event.data.object as { id: string }).id,
  );
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!subscriptionId) return;
  const outcome = invoiceOutcome(invoice);
  // A $0 invoice (a proration credit, say) moved no money: not a transaction.
  if (!outcome || outcome.amountCents <= 0) return;
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const businessId = await businessOf(sql, subscription);
  const state = subscriptionState(subscription);
  if (!businessId || !state) return;
  // The plan the invoice was for (Stripe snapshots the subscription's metadata on the invoice).
  const named = details?.metadata?.['plan'];
  const plan: PlanId = isPlanId(named) ? named : state.plan;
  const created = invoice.created ?? Math.floor(Date.now() / 1000);
  const period = periodOf(invoice, created);
  const description = planPaymentDescription(plan, period.start, period.end);
  // The row and, on its first write as failed, the owner's alerts and mail, in one transaction: a
  // replay after a failure finds nothing written and tells it then (Stripe's retries of the
  // invoice fail it again and are not told twice).
  const alerts = await sql.begin(async (tx) => {
    const firstFailure = await recordPlanPayment(tx, {
      businessId,
      idempotencyKey: invoiceKey(invoice.id),
      amountCents: outcome.amountCents,
      status: outcome.status,
      description,
      paymentIntentId: null,
      receiptUrl: outcome.status === 'paid' ? (invoice.hosted_invoice_url ?? null) : null,
      failureMessage: outcome.status === 'failed' ? INVOICE_FAILURE_MESSAGE : null,
      createdAt: new Date(created * 1000),
    });
    return firstFailure
      ? tellFailure(tx, businessId, { amountCents: outcome.amountCents, description })
      : null;
  });
  if (alerts === null) return;
  kickMailSender(sql);
  if (alerts > 0) kickAlertSender(sql, alertPorts);
}

export const invoiceWebhookHandlers: WebhookHandlers = {
  'invoice.paid': onInvoice,
  'invoice.payment_failed': onInvoice,
};
