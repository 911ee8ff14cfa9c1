// The demo's reviews for issue 23 (scripts/lib/seed-demo-reviews.ts), through the real paths: one
// awaiting moderation (the request's phone is the business's), one withdrawn (its lead credited
// as a number that does not work), the reviewer mailed; the rating counts neither; a second run
// adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoReviews } from '../../scripts/lib/seed-demo-reviews.ts';
import { listReviews } from '../../src/server/admin/content-reviews.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { createBusiness, giveCard } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let plumberId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  const plumber = await createBusiness(sql, {
    name: 'Aardvark Plumbing',
    averageRating: null,
    totalReviews: 0,
  });
  await giveCard(sql, plumber.id);
  plumberId = plumber.id;
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

describe('seedDemoReviews', () => {
  it('leaves one review awaiting moderation and one withdrawn, once', async () => {
    expect(await seedDemoReviews(sql)).toEqual({ held: 1, withdrawn: 1 });
    const { reviews } = await listReviews(sql, { show: 'all', q: 'Aardvark' });
    expect(reviews.map((r) => [r.authorName, r.status])).toEqual([
      ['Riley Park', 'withdrawn'],
      ['Avery Stone', 'moderation'],
    ]);
    expect(reviews[1]!.signals).toEqual([
      { kind: 'phone', detail: 'The homeowner’s phone is the business phone.' },
    ]);
    expect(reviews[0]!.hiddenReason).toMatch(
      /^Withdrawn: the contractor’s charge for this lead was refunded/,
    );
    const [mail] = await sql<{ subject: string }[]>`
      select subject from mail_outbox where template = 'review_withdrawn'`;
    expect(mail!.subject).toBe('Your review of Aardvark Plumbing was withdrawn');
    const [rating] = await sql`select average_rating, total_reviews from businesses where id = ${plumberId}`;
    expect(rating).toEqual({ average_rating: null, total_reviews: 0 });
    expect(await seedDemoReviews(sql)).toEqual({ held: 0, withdrawn: 0 });
  });
});
