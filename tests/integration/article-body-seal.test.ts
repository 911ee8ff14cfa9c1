// Article bodies are rendered and sanitised when written and sealed (migration 1000); the build
// shows a stored body only while its seal matches, and sanitises any other article itself.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ARTICLE_BODY_VERSION,
  articleBody,
  sealArticleBodies,
} from '../../src/server/site/pages/article-body-seal.ts';
import { articleBodyHtml } from '../../src/server/site/pages/article-body.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { readSiteData, type SiteArticle } from '../../src/server/site/pages/site-data.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

const SCRIPT = '<p>Hello</p><script>alert(1)</script><img src="/x.png" onerror="alert(2)">';

async function insertArticle(content: unknown, status = 'published'): Promise<string> {
  const slug = `seal-${randomUUID().slice(0, 8)}`;
  await sql`
    insert into articles (title, slug, category, status, published_at, content)
    values ('Sealed', ${slug}, 'Guides', ${status}, now(), ${sql.json(content as never)})`;
  return slug;
}

async function siteArticle(slug: string): Promise<SiteArticle> {
  const article = (await readSiteData(sql)).articles.find((a) => a.slug === slug);
  if (!article) throw new Error(`no article ${slug}`);
  return article;
}

describe('sealed article bodies', () => {
  it('the catalog articles arrive sealed: the build reads their sanitised body as stored', async () => {
    // Only the catalog's own: other test files add articles of theirs to the same database.
    const catalog = new Set((await loadCatalog()).articles.map((a) => a.slug));
    const articles = (await readSiteData(sql)).articles.filter((a) => catalog.has(a.slug));
    expect(articles.length).toBe(catalog.size);
    for (const article of articles) {
      expect(article.bodyHtml).toBe(articleBodyHtml(article.content) ?? '');
    }
  });

  it('a new article is unsealed until sealed; either way the page shows the sanitised body', async () => {
    const slug = await insertArticle({ content: SCRIPT });
    const unsealed = await siteArticle(slug);
    expect(unsealed.bodyHtml).toBeNull();
    const atBuild = await articleBody(unsealed);
    expect(atBuild).toContain('<p>Hello</p>');
    expect(atBuild).not.toMatch(/script|onerror|alert/);

    expect(await sealArticleBodies(sql)).toBeGreaterThanOrEqual(1);
    const sealed = await siteArticle(slug);
    expect(sealed.bodyHtml).toBe(atBuild);
    expect(await articleBody(sealed)).toBe(atBuild);
    // Nothing left to seal.
    expect(await sealArticleBodies(sql)).toBe(0);
  });

  it('content changed outside the app breaks the seal, and the build sanitises it again', async () => {
    const slug = await insertArticle({ content: '<p>First</p>' });
    await sealArticleBodies(sql);
    await sql`update articles set content = ${sql.json({ content: SCRIPT })} where slug = ${slug}`;
    const stale = await siteArticle(slug);
    expect(stale.bodyHtml).toBeNull();
    const shown = await articleBody(stale);
    expect(shown).toContain('Hello');
    expect(shown).not.toContain('First');
    expect(shown).not.toMatch(/script|onerror|alert/);
  });

  it('a body edited by hand (its seal not recomputed) is not shown as stored', async () => {
    const slug = await insertArticle({ content: '<p>Safe</p>' });
    await sealArticleBodies(sql);
    await sql`update articles set body_html = '<script>alert(1)</script>' where slug = ${slug}`;
    const tampered = await siteArticle(slug);
    expect(tampered.bodyHtml).toBeNull();
    expect(await articleBody(tampered)).toBe('<p>Safe</p>');
  });

  it("a body that cannot be shown is sealed as '' and shows 'Content could not be loaded properly.' (null)", async () => {
    const slug = await insertArticle({ content: '<script>alert(1)</script>' });
    await sealArticleBodies(sql);
    const article = await siteArticle(slug);
    expect(article.bodyHtml).toBe('');
    expect(await articleBody(article)).toBeNull();
  });

  it('a seal made for another ARTICLE_BODY_VERSION is stale: the body is redone', async () => {
    const slug = await insertArticle({ content: '<p>Versioned</p>' });
    await sealArticleBodies(sql);
    await sql`
      update articles set body_seal = article_body_seal(${`${ARTICLE_BODY_VERSION}-old`}, content, body_html)
      where slug = ${slug}`;
    expect((await siteArticle(slug)).bodyHtml).toBeNull();
    expect(await sealArticleBodies(sql)).toBe(1);
    expect((await siteArticle(slug)).bodyHtml).toBe('<p>Versioned</p>');
  });

  it('every content shape is sealed as the build would render it, drafts included', async () => {
    const shapes: unknown[] = [
      'Plain text\n\nin two paragraphs',
      { format: 'markdown', body: '# Title\n\nSome *text*.' },
      { sections: [{ heading: 'Heading', content: '<p>Body</p><script>x()</script>' }] },
    ];
    const slugs = await Promise.all(shapes.map((shape) => insertArticle(shape)));
    const draft = await insertArticle({ content: '<p>Draft</p>' }, 'draft');
    await sealArticleBodies(sql);
    for (const [i, slug] of slugs.entries()) {
      const article = await siteArticle(slug);
      expect(article.bodyHtml).toBe(articleBodyHtml(shapes[i]) ?? '');
      expect(article.bodyHtml).not.toMatch(/script/);
    }
    const [row] = await sql<
      { bodyHtml: string }[]
    >`select body_html as "bodyHtml" from articles where slug = ${draft}`;
    expect(row?.bodyHtml).toBe('<p>Draft</p>');
  });

  it("sealing does not change an article's updated_at (its dateModified)", async () => {
    const slug = await insertArticle({ content: '<p>Dated</p>' });
    const [before] = await sql<
      { updatedAt: Date }[]
    >`select updated_at as "updatedAt" from articles where slug = ${slug}`;
    await sealArticleBodies(sql);
    const [after] = await sql<{ updatedAt: Date; bodyHtml: string }[]>`
      select updated_at as "updatedAt", body_html as "bodyHtml" from articles where slug = ${slug}`;
    expect(after?.bodyHtml).toBe('<p>Dated</p>');
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
  });
});
