// The homeowner's side of the contractor responses, against the real database: the private
// responses page (unknown and expired links, only the token's lead), accepting one quote (once,
// idempotent, another refused, another lead's refused, expired refused, the contractor mailed
// once), reviews only from completed jobs (once per job, a link reviews only its own contractor,
// rating bounds, sanitised text, the rating recomputed, a publish requested), and the public
// profile's measured figures (hidden under 3 responses, the exact median from 3).
import { describe, expect, it } from 'vitest';
import { measuredResponseText, ZJobReview, type TJobReview } from '../../src/schemas/homeowner.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { acceptQuote } from '../../src/server/leads/outcomes/accept-quote.ts';
import { leadResponsesForToken } from '../../src/server/leads/outcomes/lead-responses.ts';
import { jobReviewLink } from '../../src/server/leads/reviews/job-review-link.ts';
import { submitJobReview } from '../../src/server/leads/reviews/submit-job-review.ts';
import { readProfileFigures } from '../../src/server/site/pages/profile-figures.ts';
import { createBusiness, createLead } from '../factories/index.ts';
import {
  createDistribution,
  createHiredJob,
  createLink,
  createResponse,
} from '../factories/contractor-side.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

/** A lead sent to two contractors, each answering with a quote, and the homeowner's link. */
async function quotedLead() {
  const lead = await createLead(sql);
  const a = await createBusiness(sql, { name: 'Alpha Plumbing' });
  const b = await createBusiness(sql, { name: 'Beta Plumbing' });
  await createDistribution(sql, lead.id, a.id, { stage: 'CONTACTED', respondedAfterMinutes: 30 });
  await createDistribution(sql, lead.id, b.id, { stage: 'CONTACTED', respondedAfterMinutes: 90, rank: 2 });
  const quoteA = await createResponse(sql, lead.id, a.id, {
    quote: {
      items: [
        { description: 'Water heater, 50 gallon', quantity: 1, rateCents: 120_000 },
        { description: 'Labor (hours)', quantity: 3, rateCents: 9_500 },
      ],
    },
    minutesAgo: 120,
  });
  const quoteB = await createResponse(sql, lead.id, b.id, {
    quote: {
      items: [{ description: 'Replace water heater', quantity: 1, rateCents: 139_900 }],
      terms: 'Net 30',
    },
    minutesAgo: 60,
  });
  const token = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
  return { lead, a, b, quoteA, quoteB, token };
}

async function expectError(promise: Promise<unknown>, code: string, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (message) expect((error as AppError).message).toMatch(message);
}

async function emailOf(businessId: string): Promise<string> {
  const [row] = await sql<{ email: string }[]>`select email from businesses where id = ${businessId}`;
  return row!.email;
}

async function count(query: Promise<{ n: number }[]>): Promise<number> {
  return (await query)[0]!.n;
}

const mailsTo = (address: string) =>
  sql<{ subject: string }[]>`select subject from mail_outbox where to_address = ${address}`;

describe('the responses page', () => {
  it("shows every response on the token's lead with its quote, in cents", async () => {
    const { lead, a, b, quoteA, quoteB, token } = await quotedLead();
    await createResponse(sql, lead.id, a.id, {
      subject: 'A follow-up',
      message: 'Any questions?',
      minutesAgo: 5,
    });
    // A response on another lead never shows here.
    const other = await createLead(sql);
    await createResponse(sql, other.id, a.id, { subject: 'Not yours' });

    const page = await leadResponsesForToken(sql, token);
    expect(page?.lead.id).toBe(lead.id);
    expect(page?.responses.map((r) => r.id)).toHaveLength(3);
    expect(page?.responses.map((r) => r.subject)).not.toContain('Not yours');
    const [first, second, third] = page!.responses;
    expect(first).toMatchObject({ id: quoteA, businessName: 'Alpha Plumbing', businessSlug: a.slug });
    expect(first!.quote).toMatchObject({ totalCents: 148_500, expired: false });
    expect(first!.quote!.items).toEqual([
      { description: 'Water heater, 50 gallon', quantity: 1, rateCents: 120_000, amountCents: 120_000 },
      { description: 'Labor (hours)', quantity: 3, rateCents: 9_500, amountCents: 28_500 },
    ]);
    expect(second).toMatchObject({ id: quoteB, businessSlug: b.slug });
    expect(second!.quote).toMatchObject({ totalCents: 139_900, terms: 'Net 30' });
    expect(third).toMatchObject({ subject: 'A follow-up', quote: null });
    expect(page!.acceptedId).toBeNull();
  });

  it('opens nothing for an unknown, malformed, expired or review token', async () => {
    const { lead, a } = await quotedLead();
    const expired = await createLink(sql, { leadId: lead.id, purpose: 'responses', expired: true });
    const review = await createLink(sql, { leadId: lead.id, purpose: 'review', businessId: a.id });
    for (const token of ['x'.repeat(43), 'short', '../../etc', expired, review]) {
      expect(await leadResponsesForToken(sql, token)).toBeNull();
    }
  });

  it('does not link to the profile of a business that is not listed', async () => {
    const lead = await createLead(sql);
    const pending = await createBusiness(sql, { status: 'PENDING' });
    await createResponse(sql, lead.id, pending.id);
    const token = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
    expect((await leadResponsesForToken(sql, token))?.responses[0]?.businessSlug).toBeNull();
  });
});

describe('accepting a quote', () => {
  it('accepts once, mails the contractor once, and says so again without a change', async () => {
    const { a, quoteA, token } = await quotedLead();
    const first = await acceptQuote(sql, token, quoteA);
    expect(first).toEqual({ communicationId: quoteA, businessName: 'Alpha Plumbing', acceptedNow: true });
    const again = await acceptQuote(sql, token, quoteA);
    expect(again.acceptedNow).toBe(false);
    const email = await emailOf(a.id);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(['Your quote was accepted']);
    const page = await leadResponsesForToken(sql, token);
    expect(page?.acceptedId).toBe(quoteA);
    expect(page?.responses.find((r) => r.id === quoteA)?.acceptedAt).toBeInstanceOf(Date);
  });

  it('refuses a second quote on the same request, naming the accepted one', async () => {
    const { b, quoteA, quoteB, token } = await quotedLead();
    await acceptQuote(sql, token, quoteA);
    await expectError(
      acceptQuote(sql, token, quoteB),
      'CONFLICT',
      /already accepted the quote from Alpha Plumbing/,
    );
    const email = await emailOf(b.id);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('accepts exactly one of two quotes accepted at the same time', async () => {
    const { quoteA, quoteB, token, lead } = await quotedLead();
    const results = await Promise.allSettled([
      acceptQuote(sql, token, quoteA),
      acceptQuote(sql, token, quoteB),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const accepted = await count(sql<{ n: number }[]>`
      select count(*)::int as n from lead_communications where lead_id = ${lead.id} and accepted_at is not null`);
    expect(accepted).toBe(1);
  });

  it("refuses another lead's quote as if it did not exist", async () => {
    const mine = await quotedLead();
    const theirs = await quotedLead();
    await expectError(
      acceptQuote(sql, mine.token, theirs.quoteA),
      'NOT_FOUND',
      'This quote is not part of your request.',
    );
    const [row] = await sql`select accepted_at from lead_communications where id = ${theirs.quoteA}`;
    expect(row?.['accepted_at']).toBeNull();
  });

  it('refuses a response without a quote, an expired quote, and an unknown or expired link', async () => {
    const { lead, a, quoteA } = await quotedLead();
    const token = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
    const plain = await createResponse(sql, lead.id, a.id, { subject: 'Just a message' });
    await expectError(acceptQuote(sql, token, plain), 'NOT_FOUND');
    const stale = await createResponse(sql, lead.id, a.id, {
      quote: { items: [{ description: 'Old price', quantity: 1, rateCents: 100 }], validDays: -1 },
    });
    await expectError(
      acceptQuote(sql, token, stale),
      'CONFLICT',
      'This quote has expired. Ask the contractor for a new one.',
    );
    // A quote valid through today can still be accepted.
    const today = await createResponse(sql, lead.id, a.id, {
      quote: { items: [{ description: 'Today only', quantity: 1, rateCents: 100 }], validDays: 0 },
    });
    const expired = await createLink(sql, { leadId: lead.id, purpose: 'responses', expired: true });
    await expectError(acceptQuote(sql, expired, quoteA), 'NOT_FOUND');
    await expectError(acceptQuote(sql, 'y'.repeat(43), quoteA), 'NOT_FOUND');
    expect((await acceptQuote(sql, token, today)).acceptedNow).toBe(true);
  });
});

/** A lead with a completed job by `business` (its quote accepted: issue 23, a review only from a
 * job the homeowner hired the contractor for), and its review link. */
async function completedJob(options: { stage?: 'COMPLETED' | 'IN_PROGRESS' } = {}) {
  const lead = await createLead(sql);
  const business = await createBusiness(sql, { averageRating: null, totalReviews: 0 });
  await createDistribution(sql, lead.id, business.id, {
    stage: options.stage ?? 'COMPLETED',
    respondedAfterMinutes: 20,
  });
  await createResponse(sql, lead.id, business.id, {
    quote: { items: [{ description: 'Water heater', quantity: 1, rateCents: 150_000 }] },
    accepted: true,
  });
  const token = await createLink(sql, { leadId: lead.id, purpose: 'review', businessId: business.id });
  return { lead, business, token };
}

function review(token: string, overrides: Partial<Record<keyof TJobReview, unknown>> = {}): TJobReview {
  return ZJobReview.parse({
    token,
    rating: 4,
    title: 'Quick and tidy',
    content: 'They replaced the water heater in one morning and cleaned up after.',
    authorName: 'Test Homeowner',
    ...overrides,
  });
}

describe('reviews from real jobs', () => {
  it('stores one verified review tied to the lead, uses the link, updates the rating and asks for a publish', async () => {
    const { lead, business, token } = await completedJob();
    expect(await jobReviewLink(sql, token)).toMatchObject({
      businessId: business.id,
      homeownerName: 'Test Homeowner',
      reviewed: false,
    });
    const { reviewId } = await submitJobReview(sql, review(token, { rating: 5 }));
    const [row] =
      await sql`select business_id, lead_id, rating, verified, project_type from reviews where id = ${reviewId}`;
    expect(row).toMatchObject({
      business_id: business.id,
      lead_id: lead.id,
      rating: 5,
      verified: true,
      project_type: 'plumbing',
    });
    const [link] =
      await sql`select used_at from lead_access_tokens where lead_id = ${lead.id} and purpose = 'review'`;
    expect(link?.['used_at']).toBeInstanceOf(Date);
    // A second verified review (4 stars): the average is recomputed over both, to one decimal.
    await sql`insert into reviews (business_id, rating, author_name, content, verified) values (${business.id}, 4, 'Earlier', 'Good work overall.', true)`;
    const second = await completedJobFor(business.id);
    await submitJobReview(sql, review(second, { rating: 4 }));
    const [figures] =
      await sql`select average_rating::float8 as avg, total_reviews from businesses where id = ${business.id}`;
    expect(figures).toEqual({ avg: 4.3, total_reviews: 3 });
    // Published without waiting for an admin (issue 28): the automatic publish takes it.
    const publish =
      await sql`select reason, entity_type, automatic from publish_requests where entity_id = ${reviewId}`;
    expect(publish).toEqual([{ reason: 'New verified review', entity_type: 'review', automatic: true }]);
    expect((await jobReviewLink(sql, token))?.reviewed).toBe(true);
  });

  it('takes one review per job: a second submit is refused', async () => {
    const { token, business } = await completedJob();
    await submitJobReview(sql, review(token));
    await expectError(submitJobReview(sql, review(token)), 'CONFLICT', 'You have already reviewed this job.');
    // A second link to the same job (mailed again) cannot add another either.
    const [row] = await sql<
      { lead_id: string }[]
    >`select lead_id from reviews where business_id = ${business.id}`;
    const again = await createLink(sql, { leadId: row!.lead_id, purpose: 'review', businessId: business.id });
    await expectError(submitJobReview(sql, review(again)), 'CONFLICT', 'You have already reviewed this job.');
    const reviews = await count(
      sql<{ n: number }[]>`select count(*)::int as n from reviews where business_id = ${business.id}`,
    );
    expect(reviews).toBe(1);
  });

  it('a review link reviews only its own contractor, and only a completed job', async () => {
    const { lead, business, token } = await completedJob();
    // Another contractor on the same lead is out of reach of this link: the body cannot name it.
    const other = await createBusiness(sql);
    await createDistribution(sql, lead.id, other.id, { stage: 'COMPLETED', rank: 2 });
    expect(() => review(token, { businessId: other.id } as never)).toThrow();
    await submitJobReview(sql, review(token));
    const reviewed = await sql`select business_id from reviews where lead_id = ${lead.id}`;
    expect(reviewed).toEqual([{ business_id: business.id }]);
    // A link for a job not completed, a contractor never sent the lead, or another purpose opens nothing.
    const unfinished = await completedJob({ stage: 'IN_PROGRESS' });
    await expectError(submitJobReview(sql, review(unfinished.token)), 'NOT_FOUND');
    const stranger = await createBusiness(sql);
    const forged = await createLink(sql, { leadId: lead.id, purpose: 'review', businessId: stranger.id });
    await expectError(submitJobReview(sql, review(forged)), 'NOT_FOUND');
    const responses = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
    await expectError(submitJobReview(sql, review(responses)), 'NOT_FOUND');
    const expired = await createLink(sql, {
      leadId: lead.id,
      purpose: 'review',
      businessId: other.id,
      expired: true,
    });
    await expectError(submitJobReview(sql, review(expired)), 'NOT_FOUND');
  });

  it.each([0, 6, 2.5, 'five', null])('refuses the rating %s', (rating) => {
    const parsed = ZJobReview.safeParse({
      token: 'a'.repeat(43),
      rating,
      content: 'Fine job, on time.',
      authorName: 'Pat',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['rating']);
  });

  it.each([1, 5, '3'])('accepts the rating %s', (rating) => {
    expect(
      ZJobReview.safeParse({
        token: 'a'.repeat(43),
        rating,
        content: 'Fine job, on time.',
        authorName: 'Pat',
      }).success,
    ).toBe(true);
  });

  it('sanitises the text and holds the limits', async () => {
    const { token, business } = await completedJob();
    await submitJobReview(
      sql,
      review(token, {
        title: '<b>Great</b>',
        content:
          'Great <script>alert(1)</script> job, <img src=x onerror=alert(1)> javascript:alert(1) done.',
        authorName: '<i>Pat</i>',
      }),
    );
    const [row] =
      await sql`select title, content, author_name from reviews where business_id = ${business.id}`;
    expect(row!['content']).not.toMatch(/[<>]|onerror\s*=|javascript:/i);
    expect(row).toMatchObject({ title: 'bGreat/b', author_name: 'iPat/i' });
    const tooLong = ZJobReview.safeParse({ token, rating: 5, content: 'x'.repeat(5001), authorName: 'Pat' });
    expect(tooLong.error?.issues[0]?.path).toEqual(['content']);
    const justRight = ZJobReview.safeParse({
      token,
      rating: 5,
      content: 'x'.repeat(5000),
      authorName: 'Pat',
    });
    expect(justRight.success).toBe(true);
    expect(ZJobReview.safeParse({ token, rating: 5, content: '<<<>>>', authorName: 'Pat' }).success).toBe(
      false,
    );
  });
});

/** Another completed job for an existing business, returning its review link. */
async function completedJobFor(businessId: string): Promise<string> {
  const lead = await createLead(sql);
  return (await createHiredJob(sql, lead.id, businessId)).token;
}

describe('the public profile figures', () => {
  it('counts responses in the last 30 days and gives their exact median', async () => {
    const few = await createBusiness(sql);
    const three = await createBusiness(sql);
    const many = await createBusiness(sql);
    for (const minutes of [300, 10, 45]) {
      await createDistribution(sql, (await createLead(sql)).id, three.id, { respondedAfterMinutes: minutes });
    }
    for (const minutes of [30, 90]) {
      await createDistribution(sql, (await createLead(sql)).id, few.id, { respondedAfterMinutes: minutes });
    }
    for (const minutes of [20, 60, 100, 400]) {
      await createDistribution(sql, (await createLead(sql)).id, many.id, { respondedAfterMinutes: minutes });
    }
    // Outside the window, and never answered: neither counts.
    await createDistribution(sql, (await createLead(sql)).id, many.id, {
      respondedAfterMinutes: 5,
      sentHoursAgo: 31 * 24,
    });
    await createDistribution(sql, (await createLead(sql)).id, many.id, {});
    const figures = await readProfileFigures(sql);
    expect(figures.get(few.id)).toMatchObject({ medianMinutes: 60, responses: 2 });
    expect(figures.get(three.id)).toMatchObject({ medianMinutes: 45, responses: 3 });
    expect(figures.get(many.id)).toMatchObject({ medianMinutes: 80, responses: 4 });
    // What the profile says: nothing under 3 responses, the median rounded up from 3.
    expect(measuredResponseText(figures.get(few.id)!)).toBeNull();
    expect(measuredResponseText(figures.get(three.id)!)).toBe(
      'Usually responds within 45 minutes — measured over the last 30 days, 3 responses',
    );
    expect(measuredResponseText(figures.get(many.id)!)).toBe(
      'Usually responds within 2 hours — measured over the last 30 days, 4 responses',
    );
  });

  it('counts the verified reviews from jobs booked here', async () => {
    const { token, business } = await completedJob();
    await submitJobReview(sql, review(token));
    await sql`insert into reviews (business_id, rating, author_name, content, verified) values
      (${business.id}, 5, 'Imported', 'Good.', true), (${business.id}, 1, 'Hidden', 'Unverified.', false)`;
    expect((await readProfileFigures(sql)).get(business.id)).toMatchObject({
      verifiedReviews: 2,
      jobReviews: 1,
    });
  });

  it('leaves out businesses that are not listed', async () => {
    const pending = await createBusiness(sql, { status: 'PENDING' });
    expect((await readProfileFigures(sql)).has(pending.id)).toBe(false);
  });
});
