// The JSON twins of the homeowner's forms, called as the server calls them (through route()):
// POST /api/quote-responses/accept, POST /api/quote-responses/job-done and POST /api/reviews
// answer with the use-cases' outcomes as statuses, refuse what the schema refuses with field
// messages, and need no account.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createBusiness, createLead } from '../factories/index.ts';
import {
  createDistribution,
  createHiredJob,
  createLink,
  createResponse,
} from '../factories/contractor-side.ts';
import { useTestSql } from '../helpers/sql.ts';
import { callRoute } from '../helpers/api-context.ts';

// The endpoints reach the database through db(): DATABASE_URL is set before anything reads it.
process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
let accept: APIRoute;
let reviews: APIRoute;
let jobDone: APIRoute;

beforeAll(async () => {
  accept = (await import('../../src/pages/api/quote-responses/accept.ts')).POST;
  reviews = (await import('../../src/pages/api/reviews.ts')).POST;
  jobDone = (await import('../../src/pages/api/quote-responses/job-done.ts')).POST;
});

async function call(
  endpoint: APIRoute,
  path: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await callRoute(endpoint, { method: 'POST', path, user: null, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('POST /api/quote-responses/accept', () => {
  it('accepts (200), again without a change (200), refuses another (409) and a stranger (404)', async () => {
    const lead = await createLead(sql);
    const [a, b] = [await createBusiness(sql, { name: 'Ace Drains' }), await createBusiness(sql)];
    const quote = { items: [{ description: 'Snake the main line', quantity: 1, rateCents: 22_500 }] };
    const first = await createResponse(sql, lead.id, a.id, { quote });
    const second = await createResponse(sql, lead.id, b.id, { quote });
    const token = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
    const path = '/api/quote-responses/accept';

    expect(await call(accept, path, { token, communicationId: first })).toEqual({
      status: 200,
      json: { communicationId: first, businessName: 'Ace Drains', acceptedNow: true },
    });
    expect((await call(accept, path, { token, communicationId: first })).json).toMatchObject({
      acceptedNow: false,
    });
    const other = await call(accept, path, { token, communicationId: second });
    expect(other).toMatchObject({ status: 409, json: { code: 'CONFLICT' } });
    expect(other.json['error']).toMatch(/already accepted the quote from Ace Drains/);

    const stranger = await createLead(sql);
    const theirs = await createLink(sql, { leadId: stranger.id, purpose: 'responses' });
    expect(await call(accept, path, { token: theirs, communicationId: first })).toMatchObject({
      status: 404,
      json: { error: 'This quote is not part of your request.' },
    });
    expect(await call(accept, path, { token, communicationId: 'not-a-uuid' })).toMatchObject({
      status: 400,
      json: { fields: { communicationId: ['Choose a quote'] } },
    });
  });
});

describe('POST /api/quote-responses/job-done', () => {
  it('records the job done once with its review link (200), again without a mail (200), refuses a stranger (404)', async () => {
    const lead = await createLead(sql);
    const [pro, stranger] = [
      await createBusiness(sql, { name: 'Done Right Plumbing' }),
      await createBusiness(sql),
    ];
    await createDistribution(sql, lead.id, pro.id, { stage: 'CONTACTED' });
    await createResponse(sql, lead.id, pro.id);
    const token = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
    const path = '/api/quote-responses/job-done';
    const first = await call(jobDone, path, { token, businessId: pro.id });
    expect(first).toMatchObject({
      status: 200,
      json: { businessName: 'Done Right Plumbing', doneNow: true, reviewed: false },
    });
    expect(first.json['reviewUrl']).toMatch(/^http:\/\/127\.0\.0\.1:4321\/review\?token=[A-Za-z0-9_-]{43}$/);
    const again = await call(jobDone, path, { token, businessId: pro.id });
    expect(again).toMatchObject({ status: 200, json: { doneNow: false } });
    const mails =
      await sql`select 1 from mail_outbox where template = 'lead_review' and payload->>'leadId' = ${lead.id}`;
    expect(mails).toHaveLength(1);
    expect(await call(jobDone, path, { token, businessId: stranger.id })).toMatchObject({
      status: 404,
      json: { error: 'This contractor has not responded to your request.' },
    });
    expect(await call(jobDone, path, { token, businessId: 'nope' })).toMatchObject({
      status: 400,
      json: { fields: { businessId: ['Choose a contractor'] } },
    });
    expect((await call(jobDone, path, { token: 'z'.repeat(43), businessId: pro.id })).status).toBe(404);
  });
});

describe('POST /api/reviews', () => {
  it('takes one review per job (201, then 409) and refuses a rating out of bounds (400)', async () => {
    const lead = await createLead(sql);
    const business = await createBusiness(sql);
    const { token } = await createHiredJob(sql, lead.id, business.id);
    const body = {
      token,
      rating: 5,
      title: 'Great',
      content: 'On time, on budget, and tidy.',
      authorName: 'Pat',
    };

    const bad = await call(reviews, '/api/reviews', { ...body, rating: 6 });
    expect(bad).toMatchObject({
      status: 400,
      json: { fields: { rating: ['Choose a rating from 1 to 5 stars'] } },
    });
    expect(await call(reviews, '/api/reviews', body)).toMatchObject({
      status: 201,
      json: { businessName: business.name },
    });
    expect(await call(reviews, '/api/reviews', body)).toMatchObject({
      status: 409,
      json: { error: 'You have already reviewed this job.' },
    });
    expect(await call(reviews, '/api/reviews', { ...body, token: 'z'.repeat(43) })).toMatchObject({
      status: 404,
    });
    // The contractor is the token's: a body naming another is refused outright.
    expect((await call(reviews, '/api/reviews', { ...body, businessId: business.id })).status).toBe(400);
  });
});
