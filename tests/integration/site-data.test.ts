// The build's one read per collection: only ACTIVE businesses, only verified reviews (the 3
// newest), services linked through business_services.
import { describe, expect, it } from 'vitest';
import { readSiteData } from '../../src/server/site/pages/site-data.ts';
import { createBusiness } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

async function review(
  businessId: string,
  content: string,
  verified: boolean,
  daysAgo: number,
): Promise<void> {
  await sql`
    insert into reviews (business_id, rating, author_name, content, verified, created_at)
    values (${businessId}, 5, 'Pat Q.', ${content}, ${verified}, now() - make_interval(days => ${daysAgo}))`;
}

describe('readSiteData', () => {
  it('holds ACTIVE businesses only, with their service slugs', async () => {
    const active = await createBusiness(sql, { services: ['plumbing', 'drain-cleaning'] });
    const pending = await createBusiness(sql, { status: 'PENDING', verified: false });
    const data = await readSiteData(sql);
    const ids = data.businesses.map((b) => b.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(pending.id);
    expect(data.businesses.find((b) => b.id === active.id)?.serviceSlugs).toEqual([
      'drain-cleaning',
      'plumbing',
    ]);
    expect(
      data.businessServices
        .get(active.id)
        ?.map((s) => s.serviceSlug)
        .sort(),
    ).toEqual(['drain-cleaning', 'plumbing']);
  });

  it('keeps the 3 newest verified reviews and never an unverified one', async () => {
    const b = await createBusiness(sql);
    await review(b.id, 'oldest verified', true, 30);
    await review(b.id, 'newer verified', true, 20);
    await review(b.id, 'unverified and newest', false, 1);
    await review(b.id, 'third verified', true, 10);
    await review(b.id, 'newest verified', true, 5);
    const data = await readSiteData(sql);
    expect(data.recentReviews.get(b.id)?.map((r) => r.content)).toEqual([
      'newest verified',
      'third verified',
      'newer verified',
    ]);
  });

  it('reads the catalog with its details', async () => {
    const data = await readSiteData(sql);
    expect(data.services).toHaveLength(30);
    expect(data.areas).toHaveLength(25);
    expect(data.services.find((s) => s.slug === 'plumbing')?.projectTypes.length).toBeGreaterThan(0);
    expect(data.areas.find((a) => a.slug === 'oakwood')?.neighborhoods.length).toBeGreaterThan(0);
    expect(data.emergencyServices.find((e) => e.slug === 'plumber')?.aliases).toContain('burst-pipe');
  });
});
