// The demo's homeowner rows: two requests sold through the real pipeline, one with two quoted
// responses and its responses link mailed, one completed job with its review link mailed; the
// links in the mails open the private pages; a second run adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_QUOTES_EMAIL,
  DEMO_REVIEW_EMAIL,
  seedDemoHomeowner,
} from '../../scripts/lib/seed-demo-homeowner.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { leadResponsesForToken } from '../../src/server/leads/outcomes/lead-responses.ts';
import { jobReviewLink } from '../../src/server/leads/reviews/job-review-link.ts';
import { createBusiness, giveCard } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  for (const name of ['Able Plumbing', 'Best Plumbing', 'Canal Plumbing']) {
    const b = await createBusiness(sql, { name, serviceAreas: ['45406'] });
    await giveCard(sql, b.id);
  }
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

async function mailedToken(to: string): Promise<string> {
  const [mail] = await sql<
    { text_body: string }[]
  >`select text_body from mail_outbox where to_address = ${to}`;
  const url = /https?:\/\/\S+/.exec(mail?.text_body ?? '')?.[0];
  expect(url, `a link mailed to ${to}`).toBeTruthy();
  return new URL(url!).searchParams.get('token')!;
}

describe('seedDemoHomeowner', () => {
  it('mails a responses link showing two quotes and a review link for a completed job, once', async () => {
    expect(await seedDemoHomeowner(sql)).toEqual({ responses: 3, reviewLinks: 1 });
    const page = await leadResponsesForToken(sql, await mailedToken(DEMO_QUOTES_EMAIL));
    expect(page?.lead.name).toBe('Morgan Lee');
    expect(page?.responses.map((r) => r.quote?.totalCents)).toEqual([162_500, 161_000]);
    expect(page?.responses.map((r) => r.quote?.items.length)).toEqual([2, 2]);
    expect(new Set(page?.responses.map((r) => r.businessName)).size).toBe(2);
    expect(page?.acceptedId).toBeNull();

    const job = await jobReviewLink(sql, await mailedToken(DEMO_REVIEW_EMAIL));
    expect(job).toMatchObject({ homeownerName: 'Casey Nguyen', reviewed: false });

    expect(await seedDemoHomeowner(sql)).toEqual({ responses: 0, reviewLinks: 0 });
    const [counts] = await sql`
      select (select count(*)::int from leads) as leads,
             (select count(*)::int from lead_communications) as responses,
             (select count(*)::int from mail_outbox) as mails`;
    expect(counts).toEqual({ leads: 2, responses: 3, mails: 2 });
  });
});
