// The admin content page through its real endpoints and database: reviews hidden (with a reason)
// and shown again, leaving and rejoining the site data and the business's rating; an SEO page's
// copy validated, previewed with the public page's builder (nothing saved) and saved; articles
// created, edited, published, unpublished and given a cover image, the body rendered through the
// TRUSTED sanitiser by the build (unsealed) and by the sealing.
// Every write audited with its values before and after and a publish request in its transaction;
// bad input answered with a message and changing nothing; every API refusing all but admins.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONTENT_MESSAGES, SEO_LIMITS } from '../../src/domain/content-rules.ts';
import type {
  AdminArticle,
  AdminReview,
  AdminSeoPage,
  SeoPagePreview,
} from '../../src/schemas/admin-content.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import {
  ARTICLE_BODY_VERSION,
  articleBody,
  sealArticleBodies,
} from '../../src/server/site/pages/article-body-seal.ts';
import { readProfileFigures } from '../../src/server/site/pages/profile-figures.ts';
import { readSiteData } from '../../src/server/site/pages/site-data.ts';
import { createBusiness } from '../factories/index.ts';
import { callRoute, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['UPLOADS_DIR'] = await mkdtemp(path.join(tmpdir(), 'article-covers-'));
const sql = useTestSql();

type Method = 'GET' | 'POST';
type Endpoint = Partial<Record<Method, APIRoute>>;
const endpoints: Record<string, Endpoint> = {};

let admin: SessionUser;
let homeowner: SessionUser;
let contractor: SessionUser;

beforeAll(async () => {
  endpoints['reviews'] = await import('../../src/pages/api/admin/content/reviews/index.ts');
  endpoints['visibility'] = await import('../../src/pages/api/admin/content/reviews/[id]/visibility.ts');
  endpoints['seoPages'] = await import('../../src/pages/api/admin/content/seo-pages/index.ts');
  endpoints['seoPage'] = await import('../../src/pages/api/admin/content/seo-pages/[slug].ts');
  endpoints['seoPreview'] = await import('../../src/pages/api/admin/content/seo-pages/[slug]/preview.ts');
  endpoints['articles'] = await import('../../src/pages/api/admin/content/articles/index.ts');
  endpoints['article'] = await import('../../src/pages/api/admin/content/articles/[id].ts');
  endpoints['published'] = await import('../../src/pages/api/admin/content/articles/[id]/published.ts');
  endpoints['cover'] = await import('../../src/pages/api/admin/content/articles/[id]/cover.ts');
  admin = await signedInUser(sql, ['admin']);
  homeowner = await signedInUser(sql);
  contractor = await signedInUser(sql, ['contractor']);
});

interface CallOptions {
  path?: string;
  params?: Record<string, string>;
  body?: unknown;
  form?: FormData;
}

async function call(name: string, method: Method, user: SessionUser | null, options: CallOptions = {}) {
  return callRoute(endpoints[name]![method]!, {
    method,
    path: options.path ?? '/api/admin/content/x',
    user,
    params: options.params ?? {},
    ...(options.form ? { form: options.form } : { body: options.body }),
  });
}

const auditOf = (type: string, id: string) =>
  sql<{ action: string; actor_user_id: string; before_values: unknown; after_values: unknown }[]>`
    select action, actor_user_id, before_values, after_values from audit_log
     where entity_type = ${type} and entity_id = ${id} order by id`;
const publishRequestsOf = async (type: string, id: string) =>
  (
    await sql<{ n: number }[]>`
      select count(*)::int as n from publish_requests where entity_type = ${type} and entity_id = ${id}`
  )[0]!.n;

const NOBODY = '00000000-0000-4000-8000-000000000099';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
function imageForm(bytes: Uint8Array, name = 'cover.png'): FormData {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  return form;
}

/** The last service in the last area: a page no other test file edits. */
async function quietSeoSlug(): Promise<string> {
  const [row] = await sql<{ slug: string }[]>`
    select s.slug || '-' || a.slug || '-ohio' as slug
      from (select slug from services order by slug desc limit 1) s,
           (select slug from service_areas order by slug desc limit 1) a`;
  return row!.slug;
}

const anArticle = (slug: string) => ({
  title: 'Choosing a Roofer in Dayton',
  slug,
  category: 'Roofing',
  excerpt: 'What to ask before you sign.',
  metaTitle: '',
  metaDescription: '',
  body: '## Ask for a licence\n\nEvery roofer we list is verified.',
});
let articleCount = 0;
const freshSlug = () => `admin-content-test-${Date.now().toString(36)}-${++articleCount}`;

describe('content admin APIs refuse everyone but admins', () => {
  const seo = {
    titleTag: '',
    metaDescription: '',
    h1Heading: 'X',
    introContent: '',
    serviceOverview: '',
    localInsights: '',
    pricingGuide: '',
    faqContent: [],
  };
  const cases: [string, Method, CallOptions, number][] = [
    ['reviews', 'GET', { path: '/api/admin/content/reviews' }, 200],
    ['visibility', 'POST', { params: { id: NOBODY }, body: { hidden: true, reason: 'Spam' } }, 404],
    ['seoPages', 'GET', { path: '/api/admin/content/seo-pages' }, 200],
    ['seoPage', 'GET', { params: { slug: 'no-such-page-ohio' } }, 404],
    ['seoPage', 'POST', { params: { slug: 'no-such-page-ohio' }, body: seo }, 404],
    ['seoPreview', 'POST', { params: { slug: 'no-such-page-ohio' }, body: seo }, 404],
    ['articles', 'GET', { path: '/api/admin/content/articles' }, 200],
    ['articles', 'POST', { body: { ...anArticle('x'), title: '' } }, 400],
    ['article', 'GET', { params: { id: NOBODY } }, 404],
    ['article', 'POST', { params: { id: NOBODY }, body: anArticle('nobody-article') }, 404],
    ['published', 'POST', { params: { id: NOBODY }, body: { published: true } }, 404],
    ['cover', 'POST', { params: { id: NOBODY }, form: imageForm(PNG) }, 404],
  ];
  for (const [name, method, options, forAdmin] of cases) {
    it(`${method} ${name}: 401 signed out, 403 for a homeowner and a contractor, ${forAdmin} for an admin`, async () => {
      expect((await call(name, method, null, options)).status).toBe(401);
      expect((await call(name, method, homeowner, options)).status).toBe(403);
      expect((await call(name, method, contractor, options)).status).toBe(403);
      expect((await call(name, method, admin, options)).status).toBe(forAdmin);
    });
  }

  it('a contractor cannot hide a review, create an article or edit an SEO page: nothing changes', async () => {
    const { review } = await reviewedBusiness();
    const slug = freshSlug();
    const seoSlug = await quietSeoSlug();
    expect(
      (
        await call('visibility', 'POST', contractor, {
          params: { id: review },
          body: { hidden: true, reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await call('articles', 'POST', contractor, { body: anArticle(slug) })).status).toBe(403);
    expect(
      (
        await call('seoPage', 'POST', homeowner, {
          params: { slug: seoSlug },
          body: { ...seo, h1Heading: 'Pwned' },
        })
      ).status,
    ).toBe(403);
    const [state] = await sql<{ hidden: boolean; articles: number; h1: string | null }[]>`
      select (select hidden_at is not null from reviews where id = ${review}) as hidden,
             (select count(*)::int from articles where slug = ${slug}) as articles,
             (select h1_heading from seo_pages where slug = ${seoSlug}) as h1`;
    expect(state).toMatchObject({ hidden: false, articles: 0 });
    expect(state!.h1).not.toBe('Pwned');
    expect(
      (
        await sql<
          { n: number }[]
        >`select count(*)::int as n from audit_log where actor_user_id in (${contractor.id}, ${homeowner.id})`
      )[0]!.n,
    ).toBe(0);
  });
});

async function reviewedBusiness() {
  const business = await createBusiness(sql, { averageRating: null, totalReviews: 0 });
  const rows = await sql<{ id: string }[]>`
    insert into reviews (business_id, rating, author_name, content, verified, created_at)
    values (${business.id}, 1, 'Angry Al', 'Terrible, never came back.', true, now() - interval '1 day'),
           (${business.id}, 5, 'Happy Hana', 'Fixed our water heater in an hour.', true, now() - interval '2 days'),
           (${business.id}, 4, 'Fair Fred', 'Good work, a little late.', true, now() - interval '3 days')
    returning id`;
  await sql`
    update businesses b set average_rating = r.a, total_reviews = r.n
      from (select round(avg(rating)::numeric, 1) as a, count(*)::int as n from reviews where business_id = ${business.id}) r
     where b.id = ${business.id}`;
  return { business, review: rows[0]!.id, others: rows.slice(1).map((r) => r.id) };
}

const ratingOf = async (businessId: string) =>
  (
    await sql<{ average_rating: number | null; total_reviews: number }[]>`
      select average_rating::float8 as average_rating, total_reviews from businesses where id = ${businessId}`
  )[0]!;

describe('reviews', () => {
  it('hides a review with a reason: off the site data, the rating recomputed, audited, publish requested; shown again restores it', async () => {
    const { business, review } = await reviewedBusiness();
    expect(await ratingOf(business.id)).toEqual({ average_rating: 3.3, total_reviews: 3 });

    const hidden = await call('visibility', 'POST', admin, {
      params: { id: review },
      body: { hidden: true, reason: 'Not about this contractor' },
    });
    expect(hidden.status).toBe(200);
    const { review: shown } = (await hidden.json()) as { review: AdminReview };
    expect(shown).toMatchObject({ hidden: true, hiddenReason: 'Not about this contractor' });
    expect(await ratingOf(business.id)).toEqual({ average_rating: 4.5, total_reviews: 2 });

    const data = await readSiteData(sql);
    const authors = (data.recentReviews.get(business.id) ?? []).map((r) => r.authorName);
    expect(authors).toEqual(['Happy Hana', 'Fair Fred']);
    expect(data.businesses.find((b) => b.id === business.id)).toMatchObject({
      averageRating: 4.5,
      totalReviews: 2,
    });
    expect((await readProfileFigures(sql)).get(business.id)).toMatchObject({ verifiedReviews: 2 });

    expect(await auditOf('review', review)).toEqual([
      {
        action: 'review.hide',
        actor_user_id: admin.id,
        before_values: {
          business: business.name,
          author: 'Angry Al',
          hidden: false,
          reason: null,
          averageRating: 3.3,
          totalReviews: 3,
        },
        after_values: {
          business: business.name,
          author: 'Angry Al',
          hidden: true,
          reason: 'Not about this contractor',
          averageRating: 4.5,
          totalReviews: 2,
        },
      },
    ]);
    expect(await publishRequestsOf('review', review)).toBe(1);

    // Hiding it again changes nothing and records nothing.
    await call('visibility', 'POST', admin, {
      params: { id: review },
      body: { hidden: true, reason: 'Again' },
    });
    expect(await auditOf('review', review)).toHaveLength(1);

    const back = await call('visibility', 'POST', admin, { params: { id: review }, body: { hidden: false } });
    expect(back.status).toBe(200);
    expect(await ratingOf(business.id)).toEqual({ average_rating: 3.3, total_reviews: 3 });
    const [row] = await sql`select hidden_at, hidden_reason, hidden_by from reviews where id = ${review}`;
    expect(row).toEqual({ hidden_at: null, hidden_reason: null, hidden_by: null });
    expect((await auditOf('review', review)).map((a) => a.action)).toEqual(['review.hide', 'review.show']);
    expect(await publishRequestsOf('review', review)).toBe(2);
    // Both published without waiting for an admin's Publish (issue 28).
    const automatic = await sql`select automatic from publish_requests where entity_id = ${review}`;
    expect(automatic).toEqual([{ automatic: true }, { automatic: true }]);
  });

  it('refuses to hide without a reason, changing nothing', async () => {
    const { business, review } = await reviewedBusiness();
    for (const body of [{ hidden: true }, { hidden: true, reason: '   ' }]) {
      const response = await call('visibility', 'POST', admin, { params: { id: review }, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: CONTENT_MESSAGES.reasonRequired });
    }
    const tooLong = await call('visibility', 'POST', admin, {
      params: { id: review },
      body: { hidden: true, reason: 'x'.repeat(1001) },
    });
    expect(tooLong.status).toBe(400);
    expect(await ratingOf(business.id)).toEqual({ average_rating: 3.3, total_reviews: 3 });
    expect(await auditOf('review', review)).toEqual([]);
    expect(await publishRequestsOf('review', review)).toBe(0);
  });

  it('lists newest first in keyset pages without repeats, filtered by hidden and searched by business', async () => {
    const { business, review } = await reviewedBusiness();
    await call('visibility', 'POST', admin, {
      params: { id: review },
      body: { hidden: true, reason: 'Spam' },
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?q=${encodeURIComponent(business.name)}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await call('reviews', 'GET', admin, { path: `/api/admin/content/reviews${query}` });
      const page = (await response.json()) as { reviews: AdminReview[]; nextCursor: string | null };
      seen.push(...page.reviews.map((r) => r.authorName));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Angry Al', 'Happy Hana', 'Fair Fred']);
    const hiddenOnly = await call('reviews', 'GET', admin, {
      path: `/api/admin/content/reviews?show=hidden&q=${encodeURIComponent(business.name)}`,
    });
    expect(((await hiddenOnly.json()) as { reviews: AdminReview[] }).reviews.map((r) => r.id)).toEqual([
      review,
    ]);
    const bad = await call('reviews', 'GET', admin, {
      path: '/api/admin/content/reviews?cursor=bm90LWEtY3Vyc29y',
    });
    expect(bad.status).toBe(400);
  });

  it('pages by keyset: a page of one and the next follow on', async () => {
    const { listReviews } = await import('../../src/server/admin/content-reviews.ts');
    const { business } = await reviewedBusiness();
    const first = await listReviews(sql, { q: business.name }, 2);
    const second = await listReviews(sql, { q: business.name, cursor: first.nextCursor! }, 2);
    expect(first.reviews.map((r) => r.authorName)).toEqual(['Angry Al', 'Happy Hana']);
    expect(second.reviews.map((r) => r.authorName)).toEqual(['Fair Fred']);
    expect(second.nextCursor).toBeNull();
  });

  it('pages through reviews written within one millisecond without skipping any (the cursor keeps microseconds)', async () => {
    const { listReviews } = await import('../../src/server/admin/content-reviews.ts');
    const { business, review, others } = await reviewedBusiness();
    const ids = [review, ...others];
    for (const [i, id] of ids.entries()) {
      await sql`update reviews set created_at = ${`2200-01-01 00:00:00.000${3 - i}00+00`}::text::timestamptz where id = ${id}`;
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await listReviews(sql, { q: business.name, ...(cursor ? { cursor } : {}) }, 1);
      seen.push(...page.reviews.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(ids);
  });
});

const emptyEdit = {
  titleTag: '',
  metaDescription: '',
  h1Heading: '',
  introContent: '',
  serviceOverview: '',
  localInsights: '',
  pricingGuide: '',
  faqContent: [] as { question: string; answer: string }[],
};

describe('SEO pages', () => {
  it('lists every generated page by slug, searched by city, with keyset paging', async () => {
    const response = await call('seoPages', 'GET', admin, { path: '/api/admin/content/seo-pages?q=dayton' });
    const page = (await response.json()) as { pages: { slug: string }[]; nextCursor: string | null };
    expect(page.pages.length).toBeGreaterThan(0);
    expect(page.pages.every((p) => p.slug.includes('dayton'))).toBe(true);
    const slugs = page.pages.map((p) => p.slug);
    expect(slugs).toEqual([...slugs].sort());
    const all = await call('seoPages', 'GET', admin, { path: '/api/admin/content/seo-pages' });
    const first = (await all.json()) as { pages: { slug: string }[]; nextCursor: string };
    expect(first.pages).toHaveLength(25);
    const next = await call('seoPages', 'GET', admin, {
      path: `/api/admin/content/seo-pages?cursor=${first.nextCursor}`,
    });
    const second = (await next.json()) as { pages: { slug: string }[] };
    expect(second.pages[0]!.slug > first.pages.at(-1)!.slug).toBe(true);
  });

  it('previews the edited copy with the public builder, saving nothing', async () => {
    const slug = await quietSeoSlug();
    const before = await sql`select * from seo_pages where slug = ${slug}`;
    const response = await call('seoPreview', 'POST', admin, {
      params: { slug },
      body: { ...emptyEdit, h1Heading: 'Preview Heading', faqContent: [{ question: 'Q1?', answer: 'A1.' }] },
    });
    expect(response.status).toBe(200);
    const { preview } = (await response.json()) as { preview: SeoPagePreview };
    expect(preview).toMatchObject({
      path: `/${slug}`,
      h1: 'Preview Heading',
      faq: [{ question: 'Q1?', answer: 'A1.' }],
    });
    // Empty fields keep the generated copy.
    expect(preview.intro.length).toBeGreaterThan(20);
    expect(preview.overview.length).toBeGreaterThan(0);
    expect(await sql`select * from seo_pages where slug = ${slug}`).toEqual(before);
  });

  it('saves an edit (the override created), audits the changed fields before and after, requests a publish, and reaches the site data', async () => {
    const slug = await quietSeoSlug();
    const current = (await (await call('seoPage', 'GET', admin, { params: { slug } })).json()) as {
      page: AdminSeoPage;
    };
    const h1 = `Trusted Pros ${Date.now()}`;
    const response = await call('seoPage', 'POST', admin, {
      params: { slug },
      body: { ...current.page, h1Heading: h1, titleTag: 'A Title', faqContent: current.page.faqContent },
    });
    expect(response.status).toBe(200);
    const { page } = (await response.json()) as { page: AdminSeoPage };
    expect(page).toMatchObject({ slug, h1Heading: h1, titleTag: 'A Title' });
    const audit = await auditOf('seo_page', page.id!);
    expect(audit.at(-1)).toMatchObject({
      action: 'seo_page.update',
      actor_user_id: admin.id,
      before_values: { slug, h1Heading: current.page.h1Heading },
      after_values: { slug, h1Heading: h1 },
    });
    expect(await publishRequestsOf('seo_page', page.id!)).toBeGreaterThanOrEqual(1);
    const data = await readSiteData(sql);
    expect(data.seoPages.get(slug)).toMatchObject({ h1Heading: h1, titleTag: 'A Title' });

    // Saving the same copy again records nothing.
    const requests = await publishRequestsOf('seo_page', page.id!);
    const again = await call('seoPage', 'POST', admin, { params: { slug }, body: { ...page } });
    expect(again.status).toBe(200);
    expect(await auditOf('seo_page', page.id!)).toHaveLength(audit.length);
    expect(await publishRequestsOf('seo_page', page.id!)).toBe(requests);
  });

  it('strips markup, script URLs and event handlers from the copy', async () => {
    const slug = await quietSeoSlug();
    const response = await call('seoPage', 'POST', admin, {
      params: { slug },
      body: {
        ...emptyEdit,
        h1Heading: 'Roofers <script>alert(1)</script>',
        introContent: '<img src=x onerror=alert(1)>Call us',
        faqContent: [{ question: 'Safe?', answer: '<a href="javascript:alert(1)">yes</a>' }],
      },
    });
    expect(response.status).toBe(200);
    const [row] = await sql<
      { h1_heading: string; intro_content: string; faq_content: { answer: string }[] }[]
    >`
      select h1_heading, intro_content, faq_content from seo_pages where slug = ${slug}`;
    for (const text of [row!.h1_heading, row!.intro_content, row!.faq_content[0]!.answer]) {
      expect(text).not.toMatch(/[<>]|onerror\s*=|javascript:/i);
    }
  });

  it('refuses a title or meta description over its limit and an incomplete FAQ, changing nothing', async () => {
    const slug = await quietSeoSlug();
    const before = await sql`select * from seo_pages where slug = ${slug}`;
    const audits = (
      await sql<{ n: number }[]>`select count(*)::int as n from audit_log where entity_type = 'seo_page'`
    )[0]!.n;
    const cases = [
      [{ titleTag: 'T'.repeat(SEO_LIMITS.title + 1) }, 'titleTag'],
      [{ metaDescription: 'D'.repeat(SEO_LIMITS.metaDescription + 1) }, 'metaDescription'],
      [{ faqContent: [{ question: 'Only a question?', answer: '' }] }, 'faqContent'],
    ] as const;
    for (const [change, field] of cases) {
      const response = await call('seoPage', 'POST', admin, {
        params: { slug },
        body: { ...emptyEdit, ...change },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fields: Record<string, string[]> };
      expect(Object.keys(body.fields)).toContain(field);
    }
    expect(await sql`select * from seo_pages where slug = ${slug}`).toEqual(before);
    expect(
      (
        await sql<{ n: number }[]>`select count(*)::int as n from audit_log where entity_type = 'seo_page'`
      )[0]!.n,
    ).toBe(audits);
  });
});

describe('articles', () => {
  async function created(slug = freshSlug(), body: Record<string, unknown> = {}) {
    const response = await call('articles', 'POST', admin, { body: { ...anArticle(slug), ...body } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { article: AdminArticle }).article;
  }

  it('pages through articles changed within one millisecond without skipping any (the cursor keeps microseconds)', async () => {
    const { listArticles } = await import('../../src/server/admin/content-articles.ts');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await created()).id);
    // Newer than every other article of this file, all three in the same millisecond.
    for (const [i, id] of ids.entries()) {
      await sql`update articles set updated_at = ${`2200-01-01 00:00:00.000${3 - i}00+00`}::text::timestamptz where id = ${id}`;
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await listArticles(sql, cursor ? { cursor } : {}, 1);
      seen.push(...page.articles.map((a) => a.id));
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(ids);
  });

  it('creates an unsealed draft, audited, with no publish request; the build renders its body sanitised (TRUSTED), and sealing stores that', async () => {
    const article = await created(freshSlug(), {
      body: '## Hello\n\n<script>alert(1)</script><img src="/x.png" onerror="alert(2)" alt="x"><p onclick="x()">Safe text</p>',
    });
    expect(article.status).toBe('draft');
    const stored = async () =>
      (
        await sql<{ content: unknown; body_html: string | null; sealed: boolean | null }[]>`
          select content, body_html, body_seal = article_body_seal(${ARTICLE_BODY_VERSION}, content, body_html) as sealed
            from articles where id = ${article.id}`
      )[0]!;
    expect(await stored()).toMatchObject({ body_html: null, sealed: null });
    // What the build shows for an unsealed body: rendered and sanitised now.
    const html = await articleBody({ content: (await stored()).content, bodyHtml: null });
    expect(html).toContain('<h2>Hello</h2>');
    expect(html).toContain('Safe text');
    expect(html).not.toMatch(/script|onerror|onclick/i);
    // npm start and db:migrate seal it: the stored body is that same sanitised HTML.
    await sealArticleBodies(sql);
    expect(await stored()).toMatchObject({ body_html: html, sealed: true });
    expect(await auditOf('article', article.id)).toEqual([
      expect.objectContaining({ action: 'article.create', actor_user_id: admin.id, before_values: null }),
    ]);
    expect(await publishRequestsOf('article', article.id)).toBe(0);
  });

  it('publishes (into the site data), edits (the new body unsealed, rendered sanitised) and unpublishes, each audited with a publish request', async () => {
    const article = await created();
    const published = await call('published', 'POST', admin, {
      params: { id: article.id },
      body: { published: true },
    });
    expect(published.status).toBe(200);
    let data = await readSiteData(sql);
    const onSite = data.articles.find((a) => a.id === article.id)!;
    expect(await articleBody(onSite)).toContain('<h2>Ask for a licence</h2>');
    expect(await publishRequestsOf('article', article.id)).toBe(1);
    await sealArticleBodies(sql);

    const edited = await call('article', 'POST', admin, {
      params: { id: article.id },
      body: {
        ...anArticle(article.slug),
        title: 'Choosing a Roofer',
        body: 'New body <strong onmouseover="x()">bold</strong>',
      },
    });
    expect(edited.status).toBe(200);
    const after = ((await edited.json()) as { article: AdminArticle }).article;
    expect(after.body).toBe('New body <strong onmouseover="x()">bold</strong>');
    // The new body is unsealed; the build renders it sanitised.
    data = await readSiteData(sql);
    const changed = data.articles.find((a) => a.id === article.id)!;
    expect(changed.bodyHtml).toBeNull();
    const html = await articleBody(changed);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/onmouseover/);
    expect(await publishRequestsOf('article', article.id)).toBe(2);
    const audits = await auditOf('article', article.id);
    expect(audits.map((a) => a.action)).toEqual(['article.create', 'article.publish', 'article.update']);
    expect(audits[1]).toMatchObject({
      before_values: { status: 'draft' },
      after_values: { status: 'published' },
    });
    expect(audits[2]).toMatchObject({
      before_values: { title: 'Choosing a Roofer in Dayton', bodyChanged: true },
      after_values: { title: 'Choosing a Roofer', bodyChanged: true },
    });

    const unpublished = await call('published', 'POST', admin, {
      params: { id: article.id },
      body: { published: false },
    });
    expect(unpublished.status).toBe(200);
    data = await readSiteData(sql);
    expect(data.articles.find((a) => a.id === article.id)).toBeUndefined();
    expect(await publishRequestsOf('article', article.id)).toBe(3);
  });

  it('keeps the seal when the body is unchanged', async () => {
    const article = await created();
    await sealArticleBodies(sql);
    const response = await call('article', 'POST', admin, {
      params: { id: article.id },
      body: { ...anArticle(article.slug), title: 'Only the title changed' },
    });
    expect(response.status).toBe(200);
    const [row] = await sql<{ sealed: boolean }[]>`
      select body_seal = article_body_seal(${ARTICLE_BODY_VERSION}, content, body_html) as sealed
        from articles where id = ${article.id}`;
    expect(row!.sealed).toBe(true);
  });

  it('refuses a taken slug, a bad slug, a missing title and an empty body, changing nothing', async () => {
    const first = await created();
    const taken = await call('articles', 'POST', admin, { body: anArticle(first.slug) });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: CONTENT_MESSAGES.slugTaken });
    const badSlug = await call('articles', 'POST', admin, { body: anArticle('Not A Slug!') });
    expect(badSlug.status).toBe(400);
    expect(((await badSlug.json()) as { fields: Record<string, string[]> }).fields['slug']).toEqual([
      CONTENT_MESSAGES.slugFormat,
    ]);
    const slug = freshSlug();
    const noTitle = await call('articles', 'POST', admin, { body: { ...anArticle(slug), title: '  ' } });
    expect(noTitle.status).toBe(400);
    const noBody = await call('articles', 'POST', admin, { body: { ...anArticle(slug), body: ' \n ' } });
    expect(noBody.status).toBe(400);
    expect(((await noBody.json()) as { fields: Record<string, string[]> }).fields['body']).toEqual([
      CONTENT_MESSAGES.bodyRequired,
    ]);
    expect((await sql`select 1 from articles where slug = ${slug}`).length).toBe(0);
    const edit = await call('article', 'POST', admin, {
      params: { id: first.id },
      body: { ...anArticle(first.slug), title: 'x'.repeat(121) },
    });
    expect(edit.status).toBe(400);
    expect((await sql`select title from articles where id = ${first.id}`)[0]).toEqual({ title: first.title });
    expect((await auditOf('article', first.id)).map((a) => a.action)).toEqual(['article.create']);
  });

  it('takes a cover image through the upload port (an image by content only), audited', async () => {
    const article = await created();
    const refused = await call('cover', 'POST', admin, {
      params: { id: article.id },
      form: imageForm(new TextEncoder().encode('<svg onload="x"/>'), 'x.png'),
    });
    expect(refused.status).toBe(415);
    const response = await call('cover', 'POST', admin, { params: { id: article.id }, form: imageForm(PNG) });
    expect(response.status).toBe(200);
    const { article: after } = (await response.json()) as { article: AdminArticle };
    expect(after.coverImageUrl).toMatch(new RegExp(`^/uploads/articles/${article.id}/[0-9a-f-]{36}\\.png$`));
    const { uploadStore } = await import('../../src/server/platform/storage/uploads.ts');
    expect(await uploadStore().get(after.coverImageUrl!.slice('/uploads/'.length))).not.toBeNull();
    expect((await auditOf('article', article.id)).at(-1)).toMatchObject({
      action: 'article.cover',
      before_values: { coverImageUrl: null },
      after_values: { coverImageUrl: after.coverImageUrl },
    });
  });
});
