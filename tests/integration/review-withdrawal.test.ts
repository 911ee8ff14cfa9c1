// A review whose lead's charge is refunded is withdrawn (issue 23, Must 4), through every path
// that refunds a lead, against the real database: an automatic credit (the sandbox gateway), an
// admin's granted credit, the sweeper settling a credit left 'refunding', and Stripe's
// charge.refunded webhook (the real SDK against the stand-in). Each withdraws the job's review
// once: hidden as 'withdrawn' with its reason, the business's rating recomputed, the reviewer
// mailed, a publish requested; a second record of the same refund changes nothing. A withdrawn
// review is neither shown nor approved by an admin.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../src/domain/content-rules.ts';
import { WITHDRAWN_FOR_REFUND, withdrawnForCredit } from '../../src/domain/review-rules.ts';
import { ZJobReview } from '../../src/schemas/homeowner.ts';
import { approveReview } from '../../src/server/admin/approve-review.ts';
import { listReviews, setReviewHidden } from '../../src/server/admin/content-reviews.ts';
import { grantCredit } from '../../src/server/admin/decide-credit.ts';
import { disputeLead } from '../../src/server/leads/credits/dispute-lead.ts';
import { resumeRefundingCredits } from '../../src/server/leads/credits/settle-credit.ts';
import { db, type TransactionSql } from '../../src/server/platform/db/client.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { createStripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { chargeDistribution } from '../../src/server/leads/requests/charge-distribution.ts';
import type { Candidate, LeadRow } from '../../src/server/leads/requests/types.ts';
import { submitJobReview } from '../../src/server/leads/reviews/submit-job-review.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { createLink, createResponse } from '../factories/contractor-side.ts';
import { refundCharge } from '../helpers/stripe-stand-in/disputes.ts';
import { startStripeStandIn } from '../helpers/stripe-stand-in/index.ts';
import type { StripeObject } from '../helpers/stripe-stand-in/state.ts';
import { callRoute } from '../helpers/api-context.ts';

const SECRET = 'whsec_test_review_withdrawal';
const API_KEY = 'sk_test_review_withdrawal';
const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['STRIPE_SECRET_KEY'] = API_KEY;
process.env['STRIPE_WEBHOOK_SECRET'] = SECRET;
process.env['STRIPE_API_URL'] = `http://127.0.0.1:${standIn.port}`;
const { POST: webhook } = await import('../../src/pages/api/stripe/webhook.ts');
const sql = db();
afterAll(() => sql.end({ timeout: 5 }));
const sandbox = createSandboxGateway(sql);
const stripe = createStripeGateway(API_KEY, { host: '127.0.0.1', port: standIn.port, protocol: 'http' });
const signer = new Stripe(API_KEY);

interface Job {
  businessId: string;
  businessName: string;
  distributionId: string;
  leadId: string;
  homeownerEmail: string;
  reviewId: string;
}

/**
 * A business with one earlier public 3-star review and a lead charged to it (the sandbox gateway
 * unless `stripeCard`), hired (quote accepted, job COMPLETED) and reviewed 5 stars (public, or
 * held for moderation when `held`). The lead's phone is a fictional 555-01xx number, so a
 * 'bad_number' dispute meets its rule at once.
 */
async function reviewedJob(options: { stripeCard?: boolean; held?: boolean } = {}): Promise<Job> {
  const owner = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, {
    ownerId: owner.id,
    averageRating: 3,
    totalReviews: 1,
    ...(options.held ? { phone: '(937) 555-0123' } : {}),
  });
  await sql`insert into reviews (business_id, rating, author_name, content, verified) values (${business.id}, 3, 'Earlier', 'It was fine.', true)`;
  const lead = await createLead(sql);
  await sql`update leads set phone = '9375550123' where id = ${lead.id}`;
  const [leadRow] = await sql<LeadRow[]>`select * from leads where id = ${lead.id}`;
  const [email] = await sql<{ email: string }[]>`select email from businesses where id = ${business.id}`;
  let candidate: Candidate;
  if (options.stripeCard) {
    const customer = standIn.state.put({ id: standIn.state.id('cus'), object: 'customer' });
    await sql`update businesses set stripe_customer_id = ${customer.id}, payment_setup_completed = true where id = ${business.id}`;
    candidate = {
      id: business.id,
      name: business.name,
      email: email!.email,
      customerId: customer.id,
      paymentMethodId: 'pm_card_visa',
      featured: false,
      score: 0,
    };
  } else {
    await giveCard(sql, business.id);
    const [card] = await sql<{ customer: string; method: string }[]>`
      select b.stripe_customer_id as customer, pm.gateway_payment_method_id as method
        from businesses b join payment_methods pm on pm.business_id = b.id and pm.is_default where b.id = ${business.id}`;
    candidate = {
      id: business.id,
      name: business.name,
      email: email!.email,
      customerId: card!.customer,
      paymentMethodId: card!.method,
      featured: false,
      score: 0,
    };
  }
  await chargeDistribution(sql, leadRow!, candidate, 1, { gateway: options.stripeCard ? stripe : sandbox });
  const [d] = await sql<{ id: string; payment_status: string }[]>`
    select id, payment_status from lead_distributions where lead_id = ${lead.id} and business_id = ${business.id}`;
  expect(d!.payment_status).toBe('paid');
  await sql`update lead_distributions set stage = 'COMPLETED', stage_changed_at = now(), completed_at = now() where id = ${d!.id}`;
  await createResponse(sql, lead.id, business.id, {
    quote: { items: [{ description: 'Water heater', quantity: 1, rateCents: 150_000 }] },
    accepted: true,
  });
  const token = await createLink(sql, { leadId: lead.id, purpose: 'review', businessId: business.id });
  const submitted = await submitJobReview(
    sql,
    ZJobReview.parse({
      token,
      rating: 5,
      content: 'Great work, on time and tidy.',
      authorName: 'Robin Reviewer',
    }),
  );
  expect(submitted.held).toBe(Boolean(options.held));
  return {
    businessId: business.id,
    businessName: business.name,
    distributionId: d!.id,
    leadId: lead.id,
    homeownerEmail: lead.email,
    reviewId: submitted.reviewId,
  };
}

/** Where the job's review stands after a refund, and what was written about it. */
async function after(job: Job) {
  const [review] = await sql<{ hidden: boolean; hidden_kind: string | null; hidden_reason: string | null }[]>`
    select hidden_at is not null as hidden, hidden_kind, hidden_reason from reviews where id = ${job.reviewId}`;
  const [rating] = await sql<{ average_rating: number | null; total_reviews: number }[]>`
    select average_rating::float8 as average_rating, total_reviews from businesses where id = ${job.businessId}`;
  const mails = await sql<{ subject: string; text_body: string }[]>`
    select subject, text_body from mail_outbox where to_address = ${job.homeownerEmail} and template = 'review_withdrawn'`;
  const [publish] = await sql<{ n: number }[]>`
    select count(*)::int as n from publish_requests
     where entity_type = 'review' and entity_id = ${job.reviewId} and reason = 'Review withdrawn: its lead was refunded'
       and automatic`;
  return { review: review!, rating: rating!, mails, withdrawalPublishes: publish!.n };
}

function expectWithdrawn(state: Awaited<ReturnType<typeof after>>, job: Job, reason: string) {
  expect(state.review).toEqual({ hidden: true, hidden_kind: 'withdrawn', hidden_reason: reason });
  // Back to the earlier 3-star review alone.
  expect(state.rating).toEqual({ average_rating: 3, total_reviews: 1 });
  expect(state.mails).toHaveLength(1);
  expect(state.mails[0]!.subject).toBe(`Your review of ${job.businessName} was withdrawn`);
  expect(state.mails[0]!.text_body).toContain(`${job.businessName}’s charge for your request was refunded`);
  expect(state.withdrawalPublishes).toBe(1);
}

describe('a refunded lead withdraws its review', () => {
  it('through an automatic credit (a rule met, refunded at once)', async () => {
    const job = await reviewedJob();
    const before = await after(job);
    expect(before.rating).toEqual({ average_rating: 4, total_reviews: 2 });
    expect(before.review.hidden).toBe(false);
    const credit = await disputeLead(sql, sandbox, job.businessId, job.distributionId, {
      reason: 'bad_number',
    });
    expect(credit.status).toBe('refunded');
    expectWithdrawn(await after(job), job, withdrawnForCredit('bad_number'));
    // Disputed again: the same credit answers, nothing withdrawn or mailed twice.
    await disputeLead(sql, sandbox, job.businessId, job.distributionId, { reason: 'bad_number' });
    expectWithdrawn(await after(job), job, withdrawnForCredit('bad_number'));
  });

  it('through a credit an admin grants from the queue', async () => {
    const job = await reviewedJob();
    const credit = await disputeLead(sql, sandbox, job.businessId, job.distributionId, {
      reason: 'other',
      note: 'The homeowner says they never asked for this.',
    });
    expect(credit.status).toBe('open');
    expect((await after(job)).review.hidden).toBe(false);
    const admin = await createUser(sql, { roles: ['admin'] });
    await grantCredit(sql, sandbox, { id: admin.id }, credit.id, 'Checked with the homeowner');
    expectWithdrawn(await after(job), job, withdrawnForCredit('other'));
  });

  it('through the sweeper settling a credit an outage left refunding', async () => {
    const job = await reviewedJob();
    const down = {
      ...sandbox,
      refund: () => Promise.reject(new Error('gateway unreachable')),
    };
    const credit = await disputeLead(sql, down, job.businessId, job.distributionId, { reason: 'bad_number' });
    expect(credit.status).toBe('refunding');
    expect((await after(job)).review.hidden).toBe(false);
    await sql`update lead_credits set created_at = now() - interval '2 minutes' where distribution_id = ${job.distributionId}`;
    await resumeRefundingCredits(sql, sandbox);
    expectWithdrawn(await after(job), job, withdrawnForCredit('bad_number'));
  });

  it("through Stripe's charge.refunded (the whole charge), once, and not for a part refund", async () => {
    const job = await reviewedJob({ stripeCard: true });
    const intent = intentOf(job.distributionId);
    const charge = intent['latest_charge'] as string;
    // A part refund: the lead's charge still stands, and so does the review.
    refundCharge(standIn.state, charge, 1000);
    expect((await deliver(stripeEvent('charge.refunded', standIn.state.get(charge)!))).status).toBe(200);
    expect((await after(job)).review.hidden).toBe(false);
    refundCharge(standIn.state, charge);
    const whole = stripeEvent('charge.refunded', standIn.state.get(charge)!);
    expect((await deliver(whole)).status).toBe(200);
    expectWithdrawn(await after(job), job, WITHDRAWN_FOR_REFUND);
    // Another event for the same refund: nothing more.
    expect((await deliver(stripeEvent('charge.refunded', standIn.state.get(charge)!))).status).toBe(200);
    expectWithdrawn(await after(job), job, WITHDRAWN_FOR_REFUND);
  });

  it('a held review is withdrawn too (the reviewer told), with no publish and the rating untouched', async () => {
    const job = await reviewedJob({ held: true });
    await disputeLead(sql, sandbox, job.businessId, job.distributionId, { reason: 'bad_number' });
    const state = await after(job);
    expect(state.review).toEqual({
      hidden: true,
      hidden_kind: 'withdrawn',
      hidden_reason: withdrawnForCredit('bad_number'),
    });
    expect(state.rating).toEqual({ average_rating: 3, total_reviews: 1 });
    expect(state.mails).toHaveLength(1);
    expect(state.withdrawalPublishes).toBe(0);
  });

  it('an admin sees it withdrawn with its reason, and can neither show, hide nor approve it', async () => {
    const job = await reviewedJob();
    await disputeLead(sql, sandbox, job.businessId, job.distributionId, { reason: 'bad_number' });
    const page = await listReviews(sql, { show: 'withdrawn', q: job.businessName });
    expect(page.reviews.map((r) => [r.id, r.status, r.hiddenReason])).toEqual([
      [job.reviewId, 'withdrawn', withdrawnForCredit('bad_number')],
    ]);
    const admin = await createUser(sql, { roles: ['admin'] });
    for (const attempt of [
      (tx: TransactionSql) => setReviewHidden(tx, { id: admin.id }, job.reviewId, { hidden: false }),
      (tx: TransactionSql) =>
        setReviewHidden(tx, { id: admin.id }, job.reviewId, { hidden: true, reason: 'Spam' }),
      (tx: TransactionSql) => approveReview(tx, { id: admin.id }, job.reviewId),
    ]) {
      const error = await sql.begin(attempt).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toBe(CONTENT_MESSAGES.reviewWithdrawn);
    }
    expectWithdrawn(await after(job), job, withdrawnForCredit('bad_number'));
  });
});

function intentOf(distributionId: string): StripeObject {
  for (const object of standIn.state.objects.values()) {
    const metadata = object['metadata'] as Record<string, string> | undefined;
    if (object.object === 'payment_intent' && metadata?.['distributionId'] === distributionId) return object;
  }
  throw new Error(`no intent for ${distributionId}`);
}

function stripeEvent(type: string, object: object) {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

async function deliver(event: object): Promise<Response> {
  const payload = JSON.stringify(event);
  return callRoute(webhook, {
    method: 'POST',
    path: '/api/stripe/webhook',
    user: null,
    clientAddress: '54.187.174.169',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    rawBody: payload,
  });
}
