// The SEO (city-service) page view beacon's write against the real schema: a generated page is
// counted once per client and day (spec: "Each view adds 1 to the page's view count", issue 24:
// once per client and day, as article views), a slug that is no page is not, concurrent views
// from different clients all land, no client address is stored, and old marks are purged.
import { describe, expect, it } from 'vitest';
import { purgeExpired } from '../../src/server/jobs/cleanup.ts';
import { recordSeoPageView, seoPageViews } from '../../src/server/site/pages/record-seo-page-view.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

/** A client address of its own for each call (documentation range). */
let n = 0;
const client = () => `198.51.100.${(n += 1) % 250}`;

describe('recordSeoPageView', () => {
  it('counts ten views from one client once; a second client counts; the next day counts again', async () => {
    const slug = 'roofing-kettering-ohio';
    const pat = client();
    const views = [];
    for (let i = 0; i < 10; i += 1) views.push(await recordSeoPageView(sql, slug, pat));
    expect(views[0]).toEqual({ found: true, counted: true });
    expect(views.slice(1).every((v) => v.found && !v.counted)).toBe(true);
    expect(await seoPageViews(sql, slug)).toBe(1);
    expect(await recordSeoPageView(sql, slug, client())).toEqual({ found: true, counted: true });
    expect(await seoPageViews(sql, slug)).toBe(2);
    await sql`update seo_page_view_marks set day = day - 1 where slug = ${slug}`;
    expect(await recordSeoPageView(sql, slug, pat)).toEqual({ found: true, counted: true });
    expect(await seoPageViews(sql, slug)).toBe(3);
  });

  it('counts a client once per page: another page has its own count', async () => {
    const pat = client();
    await recordSeoPageView(sql, 'hvac-xenia-ohio', pat);
    await recordSeoPageView(sql, 'plumbing-xenia-ohio', pat);
    expect(await seoPageViews(sql, 'hvac-xenia-ohio')).toBe(1);
    expect(await seoPageViews(sql, 'plumbing-xenia-ohio')).toBe(1);
  });

  it('does not count a slug that is no page, and stores nothing for it', async () => {
    for (const slug of ['plumbing-atlantis-ohio', 'alchemy-dayton-ohio', 'plumbing-dayton']) {
      expect(await recordSeoPageView(sql, slug, client())).toEqual({ found: false, counted: false });
    }
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from seo_page_views where slug in ('plumbing-atlantis-ohio', 'alchemy-dayton-ohio')`;
    expect(row!.n).toBe(0);
  });

  it('lands every one of 20 concurrent views from different clients', async () => {
    const slug = 'electrical-beavercreek-ohio';
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => recordSeoPageView(sql, slug, `203.0.113.${i + 1}`)),
    );
    expect(await seoPageViews(sql, slug)).toBe(20);
  });

  it('stores no address, and the purge drops marks of days before today', async () => {
    const slug = 'painting-centerville-ohio';
    const address = '192.0.2.77';
    await recordSeoPageView(sql, slug, address);
    const marks = await sql<
      { client: string }[]
    >`select client from seo_page_view_marks where slug = ${slug}`;
    expect(marks).toHaveLength(1);
    expect(marks[0]!.client).toMatch(/^[0-9a-f]{64}$/);
    expect(marks[0]!.client).not.toContain(address);
    await sql`update seo_page_view_marks set day = day - 1 where slug = ${slug}`;
    await purgeExpired(sql);
    const [left] = await sql<{ n: number }[]>`
      select count(*)::int as n from seo_page_view_marks where slug = ${slug}`;
    expect(left!.n).toBe(0);
    expect(await seoPageViews(sql, slug)).toBe(1);
  });
});
