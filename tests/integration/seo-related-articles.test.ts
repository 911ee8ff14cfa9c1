// Related articles chosen per SEO page (issue 24, Must 8) through the real endpoints and database:
// an admin adds, orders and removes up to six published articles on a city-service page; the page
// (as the build makes it, and in the editor's preview) shows them first, in that order; with none
// of them published it falls back to the latest of its service and city. Every save is audited with
// the articles before and after and requests a publish; bad input is refused with a message and
// changes nothing; everyone but an admin is refused.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONTENT_MESSAGES as M, SEO_LIMITS } from '../../src/domain/content-rules.ts';
import type { SeoPageArticles, SeoPagePreview } from '../../src/schemas/admin-content.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { buildCityServicePage } from '../../src/server/site/pages/city-service-page.ts';
import { readSiteData } from '../../src/server/site/pages/site-data.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

type Endpoint = Partial<Record<'GET' | 'POST', APIRoute>>;
let articlesRoute: Endpoint;
let pageRoute: Endpoint;
let previewRoute: Endpoint;
let admin: SessionUser;
let contractor: SessionUser;

beforeAll(async () => {
  articlesRoute = await import('../../src/pages/api/admin/content/seo-pages/[slug]/articles.ts');
  pageRoute = await import('../../src/pages/api/admin/content/seo-pages/[slug].ts');
  previewRoute = await import('../../src/pages/api/admin/content/seo-pages/[slug]/preview.ts');
  admin = await signedInUser(sql, ['admin']);
  contractor = await signedInUser(sql, ['contractor']);
});

const choose = (user: SessionUser | null, slug: string, articleIds: unknown) =>
  articlesRoute.POST!(
    apiContext({
      method: 'POST',
      path: `/api/admin/content/seo-pages/${slug}/articles`,
      user,
      params: { slug },
      body: { articleIds },
    }),
  );

let made = 0;
/** A published article (or a draft), its id. */
async function article(title: string, status: 'published' | 'draft' = 'published'): Promise<string> {
  const slug = `related-${Date.now().toString(36)}-${++made}`;
  const [row] = await sql<{ id: string }[]>`
    insert into articles (title, slug, category, status, published_at, content)
    values (${title}, ${slug}, 'Guides', ${status},
            ${status === 'published' ? new Date(Date.now() - made * 86_400_000) : null}, ${sql.json({ body: 'Body.' })})
    returning id`;
  return row!.id;
}

/** A city-service page no other test file touches: a service and an area picked by this file. */
async function quietPage(offset: number) {
  const [row] = await sql<{ slug: string; service: string; area: string }[]>`
    select s.slug || '-' || a.slug || '-ohio' as slug, s.slug as service, a.slug as area
      from (select slug from services order by slug offset ${offset} limit 1) s,
           (select slug from service_areas order by slug desc offset 2 limit 1) a`;
  return row!;
}

async function builtArticles(page: { service: string; area: string }) {
  const data = await readSiteData(sql);
  const service = data.services.find((s) => s.slug === page.service)!;
  const area = data.areas.find((a) => a.slug === page.area)!;
  return buildCityServicePage(data, service, area).articles.map((a) => a.title);
}

const audits = (pageId: string) =>
  sql<{ action: string; before_values: unknown; after_values: unknown }[]>`
    select action, before_values, after_values from audit_log
     where entity_type = 'seo_page' and entity_id = ${pageId} and action = 'seo_page.articles' order by id`;
const publishRequests = async (pageId: string) =>
  (
    await sql<{ n: number }[]>`
      select count(*)::int as n from publish_requests where entity_type = 'seo_page' and entity_id = ${pageId}
         and reason = 'Related articles chosen'`
  )[0]!.n;

describe('related articles of an SEO page', () => {
  it('adds, orders and removes articles: the built page shows them first in that order; audited, publish requested', async () => {
    const page = await quietPage(1);
    const a = await article('Related A: gutters before winter');
    const b = await article('Related B: hiring a roofer');
    const c = await article('Related C: storm damage');

    const first = await choose(admin, page.slug, [b, a]);
    expect(first.status).toBe(200);
    const { related } = (await first.json()) as { related: SeoPageArticles };
    expect(related.chosen.map((x) => x.id)).toEqual([b, a]);
    expect(related.limit).toBe(SEO_LIMITS.relatedArticles);
    expect(related.choices.map((x) => x.id)).toEqual(expect.arrayContaining([a, b, c]));
    expect((await builtArticles(page)).slice(0, 2)).toEqual([
      'Related B: hiring a roofer',
      'Related A: gutters before winter',
    ]);
    const pageId = (await sql<{ id: string }[]>`select id from seo_pages where slug = ${page.slug}`)[0]!.id;
    // The override was created for the articles alone: the page keeps its generated copy.
    expect((await sql`select h1_heading, title_tag from seo_pages where id = ${pageId}`)[0]).toEqual({
      h1_heading: null,
      title_tag: null,
    });

    // Reordered and one added, then one removed.
    expect((await choose(admin, page.slug, [c, a, b])).status).toBe(200);
    expect(await builtArticles(page)).toEqual([
      'Related C: storm damage',
      'Related A: gutters before winter',
      'Related B: hiring a roofer',
    ]);
    expect((await choose(admin, page.slug, [c, b])).status).toBe(200);

    const log = await audits(pageId);
    expect(log.map((e) => [e.before_values, e.after_values])).toEqual([
      [
        { slug: page.slug, articles: [] },
        { slug: page.slug, articles: ['Related B: hiring a roofer', 'Related A: gutters before winter'] },
      ],
      [
        { slug: page.slug, articles: ['Related B: hiring a roofer', 'Related A: gutters before winter'] },
        {
          slug: page.slug,
          articles: [
            'Related C: storm damage',
            'Related A: gutters before winter',
            'Related B: hiring a roofer',
          ],
        },
      ],
      [
        {
          slug: page.slug,
          articles: [
            'Related C: storm damage',
            'Related A: gutters before winter',
            'Related B: hiring a roofer',
          ],
        },
        { slug: page.slug, articles: ['Related C: storm damage', 'Related B: hiring a roofer'] },
      ],
    ]);
    expect(await publishRequests(pageId)).toBe(3);

    // The same list again writes nothing.
    expect((await choose(admin, page.slug, [c, b])).status).toBe(200);
    expect(await audits(pageId)).toHaveLength(3);
    expect(await publishRequests(pageId)).toBe(3);

    // The editor's GET answers the choice in order.
    const got = await pageRoute.GET!(
      apiContext({
        method: 'GET',
        path: `/api/admin/content/seo-pages/${page.slug}`,
        user: admin,
        params: { slug: page.slug },
      }),
    );
    expect(((await got.json()) as { related: SeoPageArticles }).related.chosen.map((x) => x.id)).toEqual([
      c,
      b,
    ]);
  });

  it('previews the articles as chosen before they are saved, saving nothing', async () => {
    const page = await quietPage(2);
    const a = await article('Preview A: sump pumps');
    const b = await article('Preview B: frozen pipes');
    const before =
      await sql`select * from seo_page_articles spa join seo_pages p on p.id = spa.seo_page_id where p.slug = ${page.slug}`;
    const response = await previewRoute.POST!(
      apiContext({
        method: 'POST',
        path: `/api/admin/content/seo-pages/${page.slug}/preview`,
        user: admin,
        params: { slug: page.slug },
        body: {
          titleTag: '',
          metaDescription: '',
          h1Heading: '',
          introContent: '',
          serviceOverview: '',
          localInsights: '',
          pricingGuide: '',
          faqContent: [],
          articleIds: [b, a],
        },
      }),
    );
    expect(response.status).toBe(200);
    const { preview } = (await response.json()) as { preview: SeoPagePreview };
    expect(preview.articles.slice(0, 2).map((x) => x.title)).toEqual([
      'Preview B: frozen pipes',
      'Preview A: sump pumps',
    ]);
    expect(
      await sql`select * from seo_page_articles spa join seo_pages p on p.id = spa.seo_page_id where p.slug = ${page.slug}`,
    ).toEqual(before);
  });

  it('falls back to the latest articles of the service and city when none of the chosen is published', async () => {
    const page = await quietPage(3);
    const fallback = await builtArticles(page);
    const a = await article('Soon unpublished: attic fans');
    expect((await choose(admin, page.slug, [a])).status).toBe(200);
    expect(await builtArticles(page)).toEqual(['Soon unpublished: attic fans']);
    await sql`update articles set status = 'draft' where id = ${a}`;
    // Before issue 24 the page showed no related articles at all here.
    expect(await builtArticles(page)).toEqual(fallback);
  });

  it('refuses more than six, one twice, a draft, an unknown page and a non-admin, changing nothing', async () => {
    const page = await quietPage(4);
    const ids = await Promise.all(Array.from({ length: 7 }, (_, i) => article(`Seven ${i}`)));
    const draft = await article('A draft guide', 'draft');
    const count = async () =>
      (
        await sql<{ n: number }[]>`
          select count(*)::int as n from seo_page_articles spa join seo_pages p on p.id = spa.seo_page_id
           where p.slug = ${page.slug}`
      )[0]!.n;
    const adminAudits = async () =>
      (
        await sql<{ n: number }[]>`select count(*)::int as n from audit_log where actor_user_id = ${admin.id}`
      )[0]!.n;
    const auditsBefore = await adminAudits();
    const cases: [unknown, number, string][] = [
      [ids, 400, M.relatedTooMany],
      [[ids[0], ids[0]], 400, M.relatedTwice],
      [[draft], 400, M.relatedNotPublished],
      [['not-an-id'], 400, M.relatedNotPublished],
      ['nothing', 400, M.relatedTooMany],
    ];
    for (const [articleIds, status, message] of cases) {
      const response = await choose(admin, page.slug, articleIds);
      expect(response.status).toBe(status);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
    expect((await choose(admin, 'no-such-page-ohio', [ids[0]])).status).toBe(404);
    expect((await choose(contractor, page.slug, [ids[0]])).status).toBe(403);
    expect((await choose(null, page.slug, [ids[0]])).status).toBe(401);
    expect(await count()).toBe(0);
    expect(await adminAudits()).toBe(auditsBefore);
  });
});
