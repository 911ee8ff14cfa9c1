// The article view beacon's write against the real schema: published articles are counted once
// per client and day, drafts and unknown ids are not, concurrent views from different clients all
// land, and no client address is stored.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { purgeExpired } from '../../src/server/jobs/cleanup.ts';
import { recordArticleView } from '../../src/server/site/pages/article-views.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

async function createArticle(db: Sql, status: 'published' | 'draft' | 'archived'): Promise<string> {
  const slug = `view-test-${randomUUID().slice(0, 8)}`;
  const [row] = await db<{ id: string }[]>`
    insert into articles (title, slug, category, status, published_at, content)
    values ('View counting test', ${slug}, 'Hiring Guides', ${status},
            ${status === 'published' ? new Date() : null}, ${db.json({ body: 'Text' })})
    returning id`;
  return row!.id;
}

async function viewCount(db: Sql, id: string): Promise<number> {
  const [row] = await db<{ view_count: number }[]>`select view_count from articles where id = ${id}`;
  return row!.view_count;
}

/** A client address of its own for each call (documentation range). */
let n = 0;
const client = () => `192.0.2.${(n += 1) % 250}`;

/** Moves every mark of an article back a day, as if its views were yesterday's. */
async function yesterday(db: Sql, id: string): Promise<void> {
  await db`update article_view_marks set day = day - 1 where article_id = ${id}`;
}

describe('recordArticleView', () => {
  it('counts ten views from one client once; a second client counts; the next day counts again', async () => {
    const id = await createArticle(sql, 'published');
    const pat = client();
    const views = [];
    for (let i = 0; i < 10; i += 1) views.push(await recordArticleView(sql, id, pat));
    expect(views[0]).toEqual({ found: true, counted: true });
    expect(views.slice(1).every((v) => v.found && !v.counted)).toBe(true);
    expect(await viewCount(sql, id)).toBe(1);
    expect(await recordArticleView(sql, id, client())).toEqual({ found: true, counted: true });
    expect(await viewCount(sql, id)).toBe(2);
    await yesterday(sql, id);
    expect(await recordArticleView(sql, id, pat)).toEqual({ found: true, counted: true });
    expect(await recordArticleView(sql, id, pat)).toEqual({ found: true, counted: false });
    expect(await viewCount(sql, id)).toBe(3);
  });

  it('counts one IPv6 /64 as one client, and a client once per article', async () => {
    const first = await createArticle(sql, 'published');
    const second = await createArticle(sql, 'published');
    await recordArticleView(sql, first, '2001:db8:77:1::1');
    await recordArticleView(sql, first, '2001:db8:77:1:ffff::2');
    await recordArticleView(sql, first, '2001:db8:77:2::1');
    await recordArticleView(sql, second, '2001:db8:77:1::1');
    expect(await viewCount(sql, first)).toBe(2);
    expect(await viewCount(sql, second)).toBe(1);
  });

  it('stores no address, only a keyed hash of it', async () => {
    const id = await createArticle(sql, 'published');
    await recordArticleView(sql, id, '198.51.100.77');
    const marks = await sql<
      { client: string }[]
    >`select client from article_view_marks where article_id = ${id}`;
    expect(marks).toHaveLength(1);
    expect(marks[0]!.client).toMatch(/^[0-9a-f]{64}$/);
    expect(marks[0]!.client).not.toContain('198.51.100.77');
  });

  it('loses no view when many clients arrive at once, and counts one client racing itself once', async () => {
    const id = await createArticle(sql, 'published');
    const results = await Promise.all(Array.from({ length: 12 }, () => recordArticleView(sql, id, client())));
    expect(results.every((r) => r.counted)).toBe(true);
    expect(await viewCount(sql, id)).toBe(12);
    const same = client();
    await Promise.all(Array.from({ length: 8 }, () => recordArticleView(sql, id, same)));
    expect(await viewCount(sql, id)).toBe(13);
  });

  it.each(['draft', 'archived'] as const)('does not count a %s article', async (status) => {
    const id = await createArticle(sql, status);
    expect(await recordArticleView(sql, id, client())).toEqual({ found: false, counted: false });
    expect(await viewCount(sql, id)).toBe(0);
  });

  it('reports an unknown id as not found', async () => {
    expect((await recordArticleView(sql, randomUUID(), client())).found).toBe(false);
  });

  it("the hourly housekeeping purges past days' marks and salts, and keeps today's", async () => {
    const id = await createArticle(sql, 'published');
    const pat = client();
    await recordArticleView(sql, id, pat);
    await yesterday(sql, id);
    await recordArticleView(sql, id, pat);
    await sql`insert into article_view_salts (day) values ((now() at time zone 'utc')::date - 2)
              on conflict (day) do nothing`;
    expect((await purgeExpired(sql)).viewMarks).toBeGreaterThanOrEqual(1);
    const days = await sql<{ today: boolean }[]>`
      select day = (now() at time zone 'utc')::date as today from article_view_marks where article_id = ${id}`;
    expect(days).toEqual([{ today: true }]);
    const [old] = await sql`select 1 from article_view_salts where day < (now() at time zone 'utc')::date`;
    expect(old).toBeUndefined();
    expect((await recordArticleView(sql, id, pat)).counted).toBe(false);
  });
});

describe('a view is not an edit', () => {
  it('leaves updated_at alone, while a content change moves it', async () => {
    const id = await createArticle(sql, 'published');
    await sql`update articles set updated_at = '2026-01-01T00:00:00Z' where id = ${id}`;
    await recordArticleView(sql, id, client());
    const [afterView] = await sql<{ updated_at: Date }[]>`select updated_at from articles where id = ${id}`;
    expect(afterView!.updated_at.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    await sql`update articles set title = 'Edited title' where id = ${id}`;
    const [afterEdit] = await sql<{ updated_at: Date }[]>`select updated_at from articles where id = ${id}`;
    expect(afterEdit!.updated_at.getTime()).toBeGreaterThan(Date.parse('2026-06-01'));
  });
});
