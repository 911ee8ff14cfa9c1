// The related articles of a city-service page (issue 24): an admin chooses up to
// SEO_LIMITS.relatedArticles published articles, in order, on the SEO pages tab; the page shows
// them first (src/server/site/pages/city-service-page.ts). Saved as seo_page_articles rows of the page's
// seo_pages override (created on the first save, with the generated copy kept), audited with the
// articles before and after, with a publish request, in one transaction.
import { CONTENT_MESSAGES as M, SEO_LIMITS } from '../../domain/content-rules.ts';
import type { AdminRelatedArticle, SeoPageArticles } from '../../schemas/admin-content.ts';
import type { Db, TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { requestPublish } from '../platform/publish/request-publish.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { pageRow } from './content-seo-pages.ts';
import { CHOICES_MAX } from './admin-rules.ts';

async function chosen(sql: Db, pageId: string | null): Promise<AdminRelatedArticle[]> {
  if (!pageId) return [];
  return sql<AdminRelatedArticle[]>`
    select a.id, a.title, a.slug, a.category, a.status
      from seo_page_articles spa join articles a on a.id = spa.article_id
     where spa.seo_page_id = ${pageId}
     order by spa.sort_order, a.title`;
}

/** The page's chosen articles, in order, and the published ones to choose from. */
export async function seoPageArticles(sql: Db, slug: string): Promise<SeoPageArticles> {
  const page = await pageRow(sql, slug);
  const choices = await sql<AdminRelatedArticle[]>`
    select id, title, slug, category, status from articles where status = 'published'
     order by lower(title), id limit ${CHOICES_MAX}`;
  return { chosen: await chosen(sql, page.id), choices: [...choices], limit: SEO_LIMITS.relatedArticles };
}

/** Replaces the page's related articles with `ids`, in that order. The same list again: nothing
 * is written (no audit row, no publish request). */
export async function setSeoPageArticles(
  tx: TransactionSql,
  actor: AuditActor,
  slug: string,
  ids: string[],
): Promise<SeoPageArticles> {
  const page = await pageRow(tx, slug);
  const found = await tx<{ id: string; title: string }[]>`
    select id, title from articles where id = any(${ids}::uuid[]) and status = 'published'`;
  if (found.length !== ids.length) {
    throw new AppError('BAD_REQUEST', M.relatedNotPublished, { articleIds: [M.relatedNotPublished] });
  }
  // The override's lock (if there is one) orders two admins' saves of one page.
  if (page.id) await tx`select id from seo_pages where id = ${page.id} for update`;
  const before = await chosen(tx, page.id);
  if (before.map((a) => a.id).join() === ids.join()) return seoPageArticles(tx, slug);
  // The override exists from here on, its copy fields empty (the generated copy is kept).
  const [made] = await tx<{ id: string }[]>`
    insert into seo_pages (slug, service_id, city, state)
    values (${slug}, ${page.service_id}, ${page.city}, 'OH')
    on conflict (slug) do update set slug = excluded.slug
    returning id`;
  const pageId = made!.id;
  await tx`delete from seo_page_articles where seo_page_id = ${pageId}`;
  for (const [order, id] of ids.entries()) {
    await tx`insert into seo_page_articles (seo_page_id, article_id, sort_order) values (${pageId}, ${id}, ${order})`;
  }
  const title = new Map(found.map((a) => [a.id, a.title]));
  await audited(
    tx,
    actor,
    'seo_page.articles',
    { type: 'seo_page', id: pageId },
    { slug, articles: before.map((a) => a.title) },
    { slug, articles: ids.map((id) => title.get(id)) },
  );
  await requestPublish(tx, {
    reason: 'Related articles chosen',
    entityType: 'seo_page',
    entityId: pageId,
    requestedBy: actor.id,
  });
  return seoPageArticles(tx, slug);
}
