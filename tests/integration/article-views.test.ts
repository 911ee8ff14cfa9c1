// The article view beacon's write against the real schema: published articles are counted,
// drafts and unknown ids are not, and concurrent views all land.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../src/server/db/client.ts';
import { recordArticleView } from '../../src/server/site/article-views.ts';
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

describe('recordArticleView', () => {
  it('adds 1 to a published article each time', async () => {
    const id = await createArticle(sql, 'published');
    expect(await recordArticleView(sql, id)).toBe(true);
    expect(await viewCount(sql, id)).toBe(1);
    expect(await recordArticleView(sql, id)).toBe(true);
    expect(await viewCount(sql, id)).toBe(2);
  });

  it('loses no view when many arrive at once', async () => {
    const id = await createArticle(sql, 'published');
    const results = await Promise.all(Array.from({ length: 12 }, () => recordArticleView(sql, id)));
    expect(results.every(Boolean)).toBe(true);
    expect(await viewCount(sql, id)).toBe(12);
  });

  it.each(['draft', 'archived'] as const)('does not count a %s article', async (status) => {
    const id = await createArticle(sql, status);
    expect(await recordArticleView(sql, id)).toBe(false);
    expect(await viewCount(sql, id)).toBe(0);
  });

  it('reports an unknown id as not found', async () => {
    expect(await recordArticleView(sql, randomUUID())).toBe(false);
  });
});

describe('a view is not an edit', () => {
  it('leaves updated_at alone, while a content change moves it', async () => {
    const id = await createArticle(sql, 'published');
    await sql`update articles set updated_at = '2026-01-01T00:00:00Z' where id = ${id}`;
    await recordArticleView(sql, id);
    const [afterView] = await sql<{ updated_at: Date }[]>`select updated_at from articles where id = ${id}`;
    expect(afterView!.updated_at.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    await sql`update articles set title = 'Edited title' where id = ${id}`;
    const [afterEdit] = await sql<{ updated_at: Date }[]>`select updated_at from articles where id = ${id}`;
    expect(afterEdit!.updated_at.getTime()).toBeGreaterThan(Date.parse('2026-06-01'));
  });
});
