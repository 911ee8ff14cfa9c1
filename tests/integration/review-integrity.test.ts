// Reviews only from real jobs (issue 23, Must 4) against the real database, through the real
// use-cases and endpoints: the attack replayed (a contractor orders from itself and walks the
// lead to COMPLETED: no invitation, and a forged link opens nothing); an accepted quote marked
// COMPLETED, in either order, mails one invitation; the homeowner's "The job is done" mails one
// and shows the link; each detail the homeowner shares with the contractor holds the review for
// moderation with its signals listed; an admin approves a held review (public, rating, publish,
// audit) or hides it; a withdrawn review is neither shown nor approved.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../src/domain/content-rules.ts';
import { REVIEW_MESSAGES } from '../../src/domain/review-rules.ts';
import { ZJobReview, type TJobReview } from '../../src/schemas/homeowner.ts';
import type { AdminReview } from '../../src/schemas/admin-content.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { hashToken, newToken } from '../../src/server/platform/security/tokens.ts';
import { changeLeadStage } from '../../src/server/leads/dashboard/change-lead-stage.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { acceptQuote } from '../../src/server/leads/outcomes/accept-quote.ts';
import { hashLinkToken } from '../../src/server/leads/access/homeowner-links.ts';
import { leadResponsesForToken } from '../../src/server/leads/outcomes/lead-responses.ts';
import { markJobDone } from '../../src/server/leads/outcomes/mark-job-done.ts';
import { jobReviewLink } from '../../src/server/leads/reviews/job-review-link.ts';
import { submitJobReview } from '../../src/server/leads/reviews/submit-job-review.ts';
import { createBusiness, createLead, createUser } from '../factories/index.ts';
import {
  createDistribution,
  createHiredJob,
  createLink,
  createResponse,
} from '../factories/contractor-side.ts';
import { callRoute, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

type Endpoint = 'stage' | 'review' | 'signIn' | 'approve' | 'visibility' | 'list';
let endpoints: Record<Endpoint, APIRoute>;
let admin: SessionUser;

beforeAll(async () => {
  endpoints = {
    stage: (await import('../../src/pages/api/contractor/leads/[id]/stage.ts')).POST,
    review: (await import('../../src/pages/api/reviews.ts')).POST,
    signIn: (await import('../../src/pages/api/auth/sign-in.ts')).POST,
    approve: (await import('../../src/pages/api/admin/content/reviews/[id]/approve.ts')).POST,
    visibility: (await import('../../src/pages/api/admin/content/reviews/[id]/visibility.ts')).POST,
    list: (await import('../../src/pages/api/admin/content/reviews/index.ts')).GET,
  };
  admin = await signedInUser(sql, ['admin']);
});

/** A browser: its visitor cookie (the token; only its SHA-256 is stored) and its address. */
interface Browser {
  visitor: string;
  address: string;
}
const browser = (address = '198.51.100.23'): Browser => ({ visitor: newToken(), address });

function call(
  endpoint: Endpoint,
  options: {
    method?: 'GET' | 'POST';
    path?: string;
    user?: SessionUser | null;
    params?: Record<string, string>;
    body?: unknown;
    from?: Browser;
  } = {},
): Promise<Response> {
  const from = options.from ?? browser('203.0.113.9');
  const method = options.method ?? 'POST';
  return callRoute(endpoints[endpoint], {
    method,
    path: options.path ?? '/api/x',
    user: options.user ?? null,
    params: options.params ?? {},
    body: method === 'POST' ? (options.body ?? {}) : undefined,
    clientAddress: from.address,
    cookies: { visitor: from.visitor },
  });
}

interface Contractor {
  user: SessionUser;
  email: string;
  businessId: string;
  businessName: string;
}

async function contractor(
  options: { email?: string; business?: Parameters<typeof createBusiness>[1] } = {},
): Promise<Contractor> {
  const row = await createUser(sql, {
    roles: ['contractor'],
    ...(options.email ? { email: options.email } : {}),
  });
  const business = await createBusiness(sql, {
    ownerId: row.id,
    averageRating: null,
    totalReviews: 0,
    ...options.business,
  });
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  return { user, email: row.email, businessId: business.id, businessName: business.name };
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

function review(token: string, overrides: Partial<Record<keyof TJobReview, unknown>> = {}): TJobReview {
  return ZJobReview.parse({
    token,
    rating: 5,
    title: 'Excellent',
    content: 'Best plumber in Dayton, fast and friendly, would hire again.',
    authorName: 'Sam Reviewer',
    ...overrides,
  });
}

const reviewMails = (leadId: string) =>
  sql<{ to_address: string; subject: string; text_body: string }[]>`
    select to_address, subject, text_body from mail_outbox
     where template = 'lead_review' and payload->>'leadId' = ${leadId} order by created_at, id`;

const reviewLinks = async (leadId: string) =>
  (
    await sql<{ n: number }[]>`
      select count(*)::int as n from lead_access_tokens where lead_id = ${leadId} and purpose = 'review'`
  )[0]!.n;

const tokenOf = (mail: { text_body: string }) => /\/review\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];

const ratingOf = async (businessId: string) =>
  (
    await sql<{ average_rating: number | null; total_reviews: number }[]>`
      select average_rating::float8 as average_rating, total_reviews from businesses where id = ${businessId}`
  )[0]!;

const publishRequests = async (reviewId: string) =>
  (
    await sql<{ n: number }[]>`
      select count(*)::int as n from publish_requests
       where entity_type = 'review' and entity_id = ${reviewId} and automatic`
  )[0]!.n;

describe('the attack: a contractor orders from itself and walks the lead to COMPLETED', () => {
  it('mails no review link at any stage, and a review link for the job opens nothing', async () => {
    const cheat = await contractor();
    // The second mailbox's request, sold to the cheat (paid), answered with its own quote.
    const lead = await createLead(sql, { email: 'second-mailbox@example.net' });
    const d = await createDistribution(sql, lead.id, cheat.businessId, { stage: 'NEW' });
    await createResponse(sql, lead.id, cheat.businessId, {
      quote: { items: [{ description: 'Everything', quantity: 1, rateCents: 100_000 }] },
    });
    const business = { id: cheat.businessId, name: cheat.businessName };
    for (const stage of ['CONTACTED', 'IN_PROGRESS', 'COMPLETED'] as const) {
      const moved = await changeLeadStage(sql, business, d, stage);
      expect(moved).toMatchObject({ stage, reviewMailed: false });
    }
    expect(await reviewMails(lead.id)).toEqual([]);
    expect(await reviewLinks(lead.id)).toBe(0);
    const [row] = await sql`select review_invited_at from lead_distributions where id = ${d}`;
    expect(row!['review_invited_at']).toBeNull();

    // A review link for the job (as the old code mailed it) is refused, with why; nothing stored.
    const forged = await createLink(sql, {
      leadId: lead.id,
      purpose: 'review',
      businessId: cheat.businessId,
    });
    expect(await jobReviewLink(sql, forged)).toMatchObject({
      refusal: REVIEW_MESSAGES.notOpen,
      reviewed: false,
    });
    await expectError(submitJobReview(sql, review(forged)), 'NOT_FOUND', REVIEW_MESSAGES.notOpen);
    const answer = await call('review', { body: review(forged) });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: REVIEW_MESSAGES.notOpen });
    const reviews = await sql`select 1 from reviews where lead_id = ${lead.id}`;
    expect(reviews).toHaveLength(0);
    expect(await ratingOf(cheat.businessId)).toEqual({ average_rating: null, total_reviews: 0 });
  });
});

describe('an invitation only for a job the homeowner hired the contractor for', () => {
  it('an accepted quote marked COMPLETED mails one invitation, and its link takes one public review', async () => {
    const pro = await contractor();
    const lead = await createLead(sql);
    const d = await createDistribution(sql, lead.id, pro.businessId, { stage: 'IN_PROGRESS' });
    const quote = await createResponse(sql, lead.id, pro.businessId, {
      quote: { items: [{ description: 'Water heater', quantity: 1, rateCents: 150_000 }] },
    });
    const responses = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
    await acceptQuote(sql, responses, quote);
    // Accepted but not COMPLETED: nothing yet.
    expect(await reviewMails(lead.id)).toEqual([]);

    const moved = await changeLeadStage(sql, { id: pro.businessId, name: pro.businessName }, d, 'COMPLETED');
    expect(moved.reviewMailed).toBe(true);
    const mails = await reviewMails(lead.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: lead.email,
      subject: `How did ${pro.businessName} do? Leave a review`,
    });
    expect(mails[0]!.text_body).toContain(`${pro.businessName} marked your plumbing job as completed.`);

    // The homeowner also says the job is done: recorded, a link shown, no second mail.
    const done = await markJobDone(sql, responses, pro.businessId);
    expect(done).toMatchObject({ doneNow: true, reviewed: false });
    expect(done.reviewToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await reviewMails(lead.id)).toHaveLength(1);

    const submitted = await submitJobReview(sql, review(tokenOf(mails[0]!)!, { rating: 4 }));
    expect(submitted).toMatchObject({ businessName: pro.businessName, held: false });
    const [row] =
      await sql`select verified, hidden_at, hidden_kind, signals from reviews where id = ${submitted.reviewId}`;
    expect(row).toEqual({ verified: true, hidden_at: null, hidden_kind: null, signals: [] });
    expect(await ratingOf(pro.businessId)).toEqual({ average_rating: 4, total_reviews: 1 });
    expect(await publishRequests(submitted.reviewId)).toBe(1);
    // Every link to the job is used up: one review per job.
    await expectError(
      submitJobReview(sql, review(done.reviewToken!)),
      'CONFLICT',
      'You have already reviewed this job.',
    );
  });

  it('COMPLETED first, then the acceptance: the acceptance mails the one invitation', async () => {
    const pro = await contractor();
    const lead = await createLead(sql);
    const d = await createDistribution(sql, lead.id, pro.businessId, { stage: 'IN_PROGRESS' });
    const quote = await createResponse(sql, lead.id, pro.businessId, {
      quote: { items: [{ description: 'Drain cleaning', quantity: 1, rateCents: 22_500 }] },
    });
    expect(
      (await changeLeadStage(sql, { id: pro.businessId, name: pro.businessName }, d, 'COMPLETED'))
        .reviewMailed,
    ).toBe(false);
    expect(await reviewMails(lead.id)).toEqual([]);
    const responses = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
    await acceptQuote(sql, responses, quote);
    expect(await reviewMails(lead.id)).toHaveLength(1);
    // Accepting it again changes nothing.
    await acceptQuote(sql, responses, quote);
    expect(await reviewMails(lead.id)).toHaveLength(1);
  });

  it('the homeowner says the job is done: one invitation mailed, the same link shown; said again, no mail, a fresh link', async () => {
    const pro = await contractor();
    const other = await contractor();
    const lead = await createLead(sql);
    // Never accepted, still CONTACTED by the contractor: only the homeowner's word opens the review.
    const d = await createDistribution(sql, lead.id, pro.businessId, {
      stage: 'CONTACTED',
      respondedAfterMinutes: 30,
    });
    await createResponse(sql, lead.id, pro.businessId, { subject: 'Happy to help' });
    await createDistribution(sql, lead.id, other.businessId, { stage: 'CONTACTED', rank: 2 });
    await createResponse(sql, lead.id, other.businessId, { subject: 'Our offer', minutesAgo: 30 });
    const responses = await createLink(sql, { leadId: lead.id, purpose: 'responses' });

    const page = await leadResponsesForToken(sql, responses);
    expect(page!.jobs.map((j) => [j.businessName, j.jobDoneAt, j.reviewed])).toEqual([
      [pro.businessName, null, false],
      [other.businessName, null, false],
    ]);

    const done = await markJobDone(sql, responses, pro.businessId);
    expect(done).toMatchObject({ businessName: pro.businessName, doneNow: true, reviewed: false });
    const mails = await reviewMails(lead.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`You told us ${pro.businessName} finished your plumbing job.`);
    expect(tokenOf(mails[0]!)).toBe(done.reviewToken);
    const [row] = await sql<{ job_done_at: Date | null; review_invited_at: Date | null; stage: string }[]>`
      select job_done_at, review_invited_at, stage from lead_distributions where id = ${d}`;
    expect(row).toMatchObject({ stage: 'CONTACTED' });
    expect(row!.job_done_at).toBeInstanceOf(Date);
    expect(row!.review_invited_at).toBeInstanceOf(Date);

    const again = await markJobDone(sql, responses, pro.businessId);
    expect(again).toMatchObject({ doneNow: false, reviewed: false });
    expect(again.reviewToken).not.toBe(done.reviewToken);
    expect(await reviewMails(lead.id)).toHaveLength(1);
    const [kept] = await sql<
      { job_done_at: Date }[]
    >`select job_done_at from lead_distributions where id = ${d}`;
    expect(kept!.job_done_at).toEqual(row!.job_done_at);

    // The other contractor's job is not done: its link stays closed.
    const otherLink = await createLink(sql, {
      leadId: lead.id,
      purpose: 'review',
      businessId: other.businessId,
    });
    expect((await jobReviewLink(sql, otherLink))?.refusal).toBe(REVIEW_MESSAGES.notOpen);

    expect((await submitJobReview(sql, review(done.reviewToken!))).held).toBe(false);
    expect(await markJobDone(sql, responses, pro.businessId)).toMatchObject({
      reviewed: true,
      reviewToken: null,
    });
    expect((await leadResponsesForToken(sql, responses))!.jobs[0]).toMatchObject({ reviewed: true });
  });

  it('refuses "The job is done" for a contractor that did not respond, another lead, a bad link or a refunded lead, changing nothing', async () => {
    const pro = await contractor();
    const silent = await contractor();
    const lead = await createLead(sql);
    const d = await createDistribution(sql, lead.id, pro.businessId, { stage: 'CONTACTED' });
    await createResponse(sql, lead.id, pro.businessId);
    // Sent the lead, never answered: not on the homeowner's page, not theirs to call done.
    const quiet = await createDistribution(sql, lead.id, silent.businessId, { rank: 2 });
    const responses = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
    await expectError(
      markJobDone(sql, responses, silent.businessId),
      'NOT_FOUND',
      REVIEW_MESSAGES.notResponder,
    );
    // Another request's contractor.
    const stranger = await contractor();
    const elsewhere = await createLead(sql);
    await createDistribution(sql, elsewhere.id, stranger.businessId);
    await createResponse(sql, elsewhere.id, stranger.businessId);
    await expectError(
      markJobDone(sql, responses, stranger.businessId),
      'NOT_FOUND',
      REVIEW_MESSAGES.notResponder,
    );
    // Not the responses link.
    const reviewToken = await createLink(sql, {
      leadId: lead.id,
      purpose: 'review',
      businessId: pro.businessId,
    });
    for (const token of [
      reviewToken,
      'q'.repeat(43),
      await createLink(sql, { leadId: lead.id, purpose: 'responses', expired: true }),
    ]) {
      await expectError(markJobDone(sql, token, pro.businessId), 'NOT_FOUND');
    }
    // The contractor's charge was refunded: no job booked here.
    await sql`update lead_distributions set payment_status = 'refunded' where id = ${d}`;
    await expectError(markJobDone(sql, responses, pro.businessId), 'CONFLICT', REVIEW_MESSAGES.refunded);
    const rows = await sql`
      select job_done_at, review_invited_at from lead_distributions where id in (${d}, ${quiet})`;
    expect(rows).toEqual([
      { job_done_at: null, review_invited_at: null },
      { job_done_at: null, review_invited_at: null },
    ]);
    expect(await reviewMails(lead.id)).toEqual([]);
    expect(await reviewLinks(lead.id)).toBe(1);
  });

  it('a link whose job was refunded before the review is refused', async () => {
    const pro = await contractor();
    const lead = await createLead(sql);
    const job = await createHiredJob(sql, lead.id, pro.businessId);
    await sql`update lead_distributions set payment_status = 'refunded' where id = ${job.distributionId}`;
    expect((await jobReviewLink(sql, job.token))?.refusal).toBe(REVIEW_MESSAGES.refunded);
    await expectError(submitJobReview(sql, review(job.token)), 'NOT_FOUND', REVIEW_MESSAGES.refunded);
  });
});

describe('moderation: a homeowner sharing details with the contractor', () => {
  /** A hired job of a new contractor (its business and owner as given), with a lead as given. */
  async function job(
    options: {
      business?: Parameters<typeof createBusiness>[1];
      ownerEmail?: string;
      ownerPhone?: string;
      lead?: { email?: string; phone?: string; prefix?: string; device?: string };
    } = {},
  ) {
    const pro = await contractor({
      ...(options.ownerEmail ? { email: options.ownerEmail } : {}),
      business: options.business ?? {},
    });
    if (options.ownerPhone)
      await sql`update users set proven_phone = ${options.ownerPhone} where id = ${pro.user.id}`;
    const lead = await createLead(sql, options.lead?.email ? { email: options.lead.email } : {});
    await sql`
      update leads set phone = ${options.lead?.phone ?? '9372284410'}, client_prefix = ${options.lead?.prefix ?? null},
             device_hash = ${options.lead?.device ?? null}
       where id = ${lead.id}`;
    const hired = await createHiredJob(sql, lead.id, pro.businessId);
    return { pro, lead, businessId: pro.businessId, ...hired };
  }

  const unique = () => Math.random().toString(36).slice(2, 10);

  /** Each case: the arrangement, and the signal the moderator reads. */
  const cases: [string, () => Promise<{ token: string; businessId: string; from?: Browser }>, RegExp][] = [
    [
      'the homeowner’s phone is the business phone',
      async () => await job({ business: { phone: '(937) 228-4410' }, lead: { phone: '9372284410' } }),
      /^The homeowner’s phone is the business phone\.$/,
    ],
    [
      'the homeowner’s phone is the owner’s proven phone',
      async () => await job({ ownerPhone: '9372289911', lead: { phone: '9372289911' } }),
      /^The homeowner’s phone is the phone the owner’s account proved\.$/,
    ],
    [
      'the homeowner’s e-mail domain is the business e-mail’s',
      async () => {
        const domain = `acme-${unique()}.com`;
        return job({ business: { email: `office@${domain}` }, lead: { email: `jane@${domain}` } });
      },
      /^The homeowner’s e-mail is at acme-\w+\.com, the business e-mail’s domain\.$/,
    ],
    [
      'the homeowner’s e-mail domain is the owner’s',
      async () => {
        const domain = `owner-${unique()}.net`;
        return job({ ownerEmail: `boss@${domain}`, lead: { email: `pal@${domain}` } });
      },
      /^The homeowner’s e-mail is at owner-\w+\.net, the owner’s e-mail domain\.$/,
    ],
    [
      'the homeowner’s e-mail domain is the business website’s',
      async () => {
        const domain = `site-${unique()}.org`;
        return job({ business: {}, lead: { email: `me@mail.${domain}` } }).then(async (j) => {
          await sql`update businesses set website = ${`https://www.${domain}/about`} where id = ${j.pro.businessId}`;
          return j;
        });
      },
      /^The homeowner’s e-mail is at mail\.site-\w+\.org, the business website’s domain\.$/,
    ],
    [
      'the quote request came from a network the owner’s account used',
      async () => {
        const j = await job({ lead: { prefix: '198.51.100.0/24' } });
        await sql`insert into account_signals (user_id, kind, value) values (${j.pro.user.id}, 'client_prefix', '198.51.100.0/24')`;
        return { ...j, from: browser('192.0.2.77') };
      },
      /^The quote request came from a network the owner’s account used \(198\.51\.100\.0\/24\)\.$/,
    ],
    [
      'the review was written from a browser the owner’s account used',
      async () => {
        const j = await job();
        const shared = browser('192.0.2.78');
        await sql`insert into account_signals (user_id, kind, value) values (${j.pro.user.id}, 'device', ${hashToken(shared.visitor)})`;
        return { ...j, from: shared };
      },
      /^The review was written from a browser the owner’s account used\.$/,
    ],
    [
      'the quote request came from a browser the owner’s account used',
      async () => {
        const device = hashToken(newToken());
        const j = await job({ lead: { device } });
        await sql`insert into account_signals (user_id, kind, value) values (${j.pro.user.id}, 'device', ${device})`;
        return j;
      },
      /^The quote request came from a browser the owner’s account used\.$/,
    ],
  ];

  it.each(cases)(
    'holds the review when %s, listing why; the rating and the site do not change',
    async (_, arrange, signal) => {
      const { token, businessId, from } = await arrange();
      const answer = await call('review', { body: review(token), from: from ?? browser('192.0.2.10') });
      expect(answer.status).toBe(201);
      const submitted = (await answer.json()) as { reviewId: string; held: boolean };
      expect(submitted.held).toBe(true);
      const [row] = await sql<
        {
          hidden_at: Date | null;
          hidden_kind: string;
          hidden_reason: string;
          signals: { kind: string; detail: string }[];
          verified: boolean;
        }[]
      >`select hidden_at, hidden_kind, hidden_reason, signals, verified from reviews where id = ${submitted.reviewId}`;
      expect(row).toMatchObject({
        hidden_kind: 'moderation',
        hidden_reason: REVIEW_MESSAGES.heldReason,
        verified: true,
      });
      expect(row!.hidden_at).toBeInstanceOf(Date);
      expect(row!.signals.map((s) => s.detail)).toEqual([expect.stringMatching(signal)]);
      expect(await ratingOf(businessId)).toEqual({ average_rating: null, total_reviews: 0 });
      expect(await publishRequests(submitted.reviewId)).toBe(0);
    },
  );

  it('holds nothing for a shared free-mail or documentation domain, or a shared local network', async () => {
    const j = await job({
      business: { email: 'shop@gmail.com' },
      ownerEmail: `owner-${unique()}@example.com`,
      lead: { email: `someone-${unique()}@gmail.com`, prefix: '10.0.0.0/24' },
    });
    await sql`insert into account_signals (user_id, kind, value) values (${j.pro.user.id}, 'client_prefix', '10.0.0.0/24'), (${j.pro.user.id}, 'client_prefix', '127.0.0.0/24')`;
    const answer = await call('review', { body: review(j.token), from: browser('127.0.0.1') });
    expect(await answer.json()).toMatchObject({ held: false });
    expect(await ratingOf(j.pro.businessId)).toEqual({ average_rating: 5, total_reviews: 1 });
  });

  it('keeps where the review was written from on the review', async () => {
    const j = await job();
    const from = browser('192.0.2.200');
    const answer = await call('review', { body: review(j.token), from });
    const { reviewId } = (await answer.json()) as { reviewId: string };
    const [row] = await sql`select client_prefix, device_hash from reviews where id = ${reviewId}`;
    expect(row).toEqual({ client_prefix: '192.0.2.0/24', device_hash: hashToken(from.visitor) });
  });

  it('the contractor’s own sign-in and lead work record its browser: a review from that browser is held', async () => {
    const password = 'correct horse battery staple 42';
    const { hashPassword } = await import('../../src/server/accounts/auth/password.ts');
    const row = await createUser(sql, { roles: ['contractor'], passwordHash: await hashPassword(password) });
    const business = await createBusiness(sql, { ownerId: row.id, averageRating: null, totalReviews: 0 });
    const desk = browser('192.0.2.44');
    const signIn = await call('signIn', {
      path: '/api/auth/sign-in',
      body: { email: row.email, password },
      from: desk,
    });
    expect(signIn.status).toBe(200);
    const seen = await sql<{ kind: string; value: string }[]>`
      select kind, value from account_signals where user_id = ${row.id} order by kind`;
    expect(seen).toEqual([
      { kind: 'client_prefix', value: '192.0.2.0/24' },
      { kind: 'device', value: hashToken(desk.visitor) },
    ]);

    // From a second browser on another network, the contractor completes an accepted job.
    const laptop = browser('203.0.113.50');
    const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
    const lead = await createLead(sql);
    const d = await createDistribution(sql, lead.id, business.id, { stage: 'IN_PROGRESS' });
    await createResponse(sql, lead.id, business.id, {
      quote: { items: [{ description: 'Repair', quantity: 1, rateCents: 10_000 }] },
      accepted: true,
    });
    const moved = await call('stage', {
      user,
      params: { id: d },
      body: { stage: 'COMPLETED' },
      from: laptop,
    });
    expect(await moved.json()).toMatchObject({ stage: 'COMPLETED', reviewMailed: true });
    const devices =
      await sql`select value from account_signals where user_id = ${row.id} and kind = 'device'`;
    expect(devices).toHaveLength(2);

    // The "homeowner" reviews from the laptop.
    const [mail] = await reviewMails(lead.id);
    const answer = await call('review', { body: review(tokenOf(mail!)!), from: laptop });
    const { reviewId, held } = (await answer.json()) as { reviewId: string; held: boolean };
    expect(held).toBe(true);
    const [stored] = await sql<
      { signals: { kind: string }[] }[]
    >`select signals from reviews where id = ${reviewId}`;
    expect(stored!.signals.map((s) => s.kind).sort()).toEqual(['client_prefix', 'device']);
  });
});

describe('an admin moderates', () => {
  /** A review held for a shared phone, on a business with one public 3-star review. */
  async function heldReview() {
    const pro = await contractor({ business: { phone: '(937) 228-7700' } });
    await sql`insert into reviews (business_id, rating, author_name, content, verified) values (${pro.businessId}, 3, 'Earlier', 'It was fine.', true)`;
    await sql`update businesses set average_rating = 3, total_reviews = 1 where id = ${pro.businessId}`;
    const lead = await createLead(sql);
    await sql`update leads set phone = '9372287700' where id = ${lead.id}`;
    const { token } = await createHiredJob(sql, lead.id, pro.businessId);
    const submitted = await submitJobReview(sql, review(token, { authorName: 'Held Harper' }));
    expect(submitted.held).toBe(true);
    return { pro, reviewId: submitted.reviewId };
  }

  const audits = (reviewId: string) =>
    sql<
      {
        action: string;
        actor_user_id: string;
        before_values: Record<string, unknown>;
        after_values: Record<string, unknown>;
      }[]
    >`
      select action, actor_user_id, before_values, after_values from audit_log
       where entity_type = 'review' and entity_id = ${reviewId} order by id`;

  it('lists it awaiting moderation with its signals, approves it: public, rating recomputed, publish requested, audited', async () => {
    const { pro, reviewId } = await heldReview();
    const listed = await call('list', {
      method: 'GET',
      user: admin,
      path: `/api/admin/content/reviews?show=moderation&q=${encodeURIComponent(pro.businessName)}`,
    });
    const page = (await listed.json()) as { reviews: AdminReview[] };
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).toMatchObject({
      id: reviewId,
      status: 'moderation',
      hidden: true,
      signals: [{ kind: 'phone', detail: 'The homeowner’s phone is the business phone.' }],
    });

    // Not for anyone but an admin.
    expect((await call('approve', { user: pro.user, params: { id: reviewId } })).status).toBe(403);
    expect((await call('approve', { params: { id: reviewId } })).status).toBe(401);

    const approved = await call('approve', { user: admin, params: { id: reviewId } });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { review: AdminReview }).review).toMatchObject({
      status: 'public',
      hidden: false,
    });
    expect(await ratingOf(pro.businessId)).toEqual({ average_rating: 4, total_reviews: 2 });
    expect(await publishRequests(reviewId)).toBe(1);
    const [row] =
      await sql`select hidden_at, hidden_kind, hidden_reason, jsonb_array_length(signals) as n from reviews where id = ${reviewId}`;
    expect(row).toEqual({ hidden_at: null, hidden_kind: null, hidden_reason: null, n: 1 });
    expect(await audits(reviewId)).toEqual([
      {
        action: 'review.approve',
        actor_user_id: admin.id,
        before_values: {
          business: pro.businessName,
          author: 'Held Harper',
          status: 'moderation',
          signals: [{ kind: 'phone', detail: 'The homeowner’s phone is the business phone.' }],
          averageRating: 3,
          totalReviews: 1,
        },
        after_values: {
          business: pro.businessName,
          author: 'Held Harper',
          status: 'public',
          averageRating: 4,
          totalReviews: 2,
        },
      },
    ]);
    // Approved again: nothing changes, nothing recorded.
    expect((await call('approve', { user: admin, params: { id: reviewId } })).status).toBe(200);
    expect(await audits(reviewId)).toHaveLength(1);
    expect(await publishRequests(reviewId)).toBe(1);
  });

  it('hides a held review with a reason (it stays off the site); refuses to show it unapproved', async () => {
    const { pro, reviewId } = await heldReview();
    const shown = await call('visibility', {
      user: admin,
      params: { id: reviewId },
      body: { hidden: false },
    });
    expect(shown.status).toBe(409);
    expect(await shown.json()).toMatchObject({ error: CONTENT_MESSAGES.awaitsModeration });
    const noReason = await call('visibility', {
      user: admin,
      params: { id: reviewId },
      body: { hidden: true },
    });
    expect(noReason.status).toBe(400);
    expect(await audits(reviewId)).toEqual([]);

    const hidden = await call('visibility', {
      user: admin,
      params: { id: reviewId },
      body: { hidden: true, reason: 'Written by the owner’s brother' },
    });
    expect(hidden.status).toBe(200);
    expect(((await hidden.json()) as { review: AdminReview }).review).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Written by the owner’s brother',
    });
    expect(await ratingOf(pro.businessId)).toEqual({ average_rating: 3, total_reviews: 1 });
    expect(await publishRequests(reviewId)).toBe(0);
    expect((await audits(reviewId)).map((a) => [a.action, a.before_values['status']])).toEqual([
      ['review.hide', 'moderation'],
    ]);
    // Hidden by an admin now: Approve is not for it (Show is).
    const approve = await call('approve', { user: admin, params: { id: reviewId } });
    expect(approve.status).toBe(409);
    expect(await approve.json()).toMatchObject({ error: CONTENT_MESSAGES.notAwaitingModeration });
  });

  it('answers an unknown review 404 and a malformed id 400', async () => {
    expect(
      (await call('approve', { user: admin, params: { id: '00000000-0000-4000-8000-000000000123' } })).status,
    ).toBe(404);
    expect((await call('approve', { user: admin, params: { id: 'nope' } })).status).toBe(400);
  });
});

// Keep the link hashing in view: the mailed token is stored only as its SHA-256.
it('stores only the hash of an invitation’s token', async () => {
  const pro = await contractor();
  const lead = await createLead(sql);
  await createDistribution(sql, lead.id, pro.businessId, { stage: 'CONTACTED' });
  await createResponse(sql, lead.id, pro.businessId);
  const responses = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
  const { reviewToken } = await markJobDone(sql, responses, pro.businessId);
  const [row] =
    await sql`select purpose, business_id from lead_access_tokens where token_hash = ${hashLinkToken(reviewToken!)}`;
  expect(row).toEqual({ purpose: 'review', business_id: pro.businessId });
});
