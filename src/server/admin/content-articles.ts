// The articles tab of /admin/content: every article (drafts too), most recently changed first in
// keyset pages; create and edit, publish and unpublish, and a cover image through the upload port
// (checked by content, stripped of metadata, at most 10 MB, as the quote photos are). Every write
// is audited in its transaction; a change a visitor could see (anything about a published article,
// publishing, unpublishing) records a publish request in it too.
// The body (Markdown; HTML passes through) is saved as content with its stored body and seal
// cleared: the build renders an unsealed body through the TRUSTED sanitiser itself, and `npm
// start` / `db:migrate` seal it (article-body-seal.ts). The sanitiser is never loaded here: it
// needs jsdom (13 MB), which would put the server function far over its 5 MB budget.
import { ARTICLE_LIMITS, CONTENT_MESSAGES as M, CONTENT_PAGE_SIZE } from '../../domain/content-rules.ts';
import type { AdminArticle, AdminArticlePage, TArticleInput } from '../../schemas/admin-content.ts';
import type { Db, Sql, TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { requestPublish } from '../platform/publish/request-publish.ts';
import { renderArticleContent } from '../site/index.ts';
import type { UploadStore } from '../platform/storage/upload-store.ts';
import { storeImage } from '../platform/uploads/store-image.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { cursorCodec, keysetPage } from '../platform/cursor.ts';

interface ArticleRow {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  meta_title: string | null;
  meta_description: string | null;
  content: unknown;
  cover_image_url: string | null;
  status: 'draft' | 'published' | 'archived';
  published_at: Date | null;
  updated_at: Date;
  updated_text: string;
}

/** The columns of an ArticleRow. */
function columns(sql: Db) {
  return sql`id, title, slug, excerpt, category, meta_title, meta_description, content,
    cover_image_url, status, published_at, updated_at, updated_at::text as updated_text`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as the admin edits it: the Markdown saved here, or the rendered HTML of content
 * saved in another of the spec's shapes (HTML is valid Markdown). */
function editableBody(content: unknown): string {
  if (isRecord(content) && content['format'] === 'markdown' && typeof content['body'] === 'string') {
    return content['body'];
  }
  return renderArticleContent(content) ?? '';
}

const toArticle = (r: ArticleRow): AdminArticle => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  excerpt: r.excerpt || null,
  category: r.category,
  metaTitle: r.meta_title,
  metaDescription: r.meta_description,
  body: editableBody(r.content),
  coverImageUrl: r.cover_image_url,
  status: r.status,
  publishedAt: r.published_at?.toISOString() ?? null,
  updatedAt: r.updated_at.toISOString(),
});

/** What the audit log keeps of an article (the body's length, not the body). */
const snapshot = (a: AdminArticle) => ({
  title: a.title,
  slug: a.slug,
  excerpt: a.excerpt,
  category: a.category,
  metaTitle: a.metaTitle,
  metaDescription: a.metaDescription,
  bodyLength: a.body.length,
  coverImageUrl: a.coverImageUrl,
  status: a.status,
});

/** The list's keyset: (updated_at as PostgreSQL prints it, id). */
const articleListCursor = cursorCodec('admin-articles', ['time', 'uuid']);

export async function listArticles(
  sql: Sql,
  query: { cursor?: string | undefined },
  limit = CONTENT_PAGE_SIZE,
): Promise<AdminArticlePage> {
  const [at, id] = query.cursor ? articleListCursor.read(query.cursor) : [];
  const after = at && id ? { at, id } : null;
  const rows = await sql<ArticleRow[]>`
    select ${columns(sql)} from articles
     where true ${after ? sql`and (updated_at, id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
     order by updated_at desc, id desc
     limit ${limit + 1}`;
  const { page, nextCursor } = keysetPage(rows, limit, articleListCursor, (r) => [r.updated_text, r.id]);
  return {
    articles: page.map(toArticle),
    nextCursor,
  };
}

async function articleRow(sql: Db, id: string, lock: boolean): Promise<ArticleRow> {
  const [row] = await sql<ArticleRow[]>`
    select ${columns(sql)} from articles where id = ${id} ${lock ? sql`for update` : sql``}`;
  if (!row) throw new AppError('NOT_FOUND', M.articleNotFound);
  return row;
}

export async function getArticle(sql: Sql, id: string): Promise<AdminArticle> {
  return toArticle(await articleRow(sql, id, false));
}

/** The content saved for a body. */
function contentOf(body: string): { format: 'markdown'; body: string } {
  return { format: 'markdown', body: body.slice(0, ARTICLE_LIMITS.body) };
}

/** The unique violation PostgreSQL reports (two articles saved with one slug at once). */
const UNIQUE_VIOLATION = '23505';

async function withSlugCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', M.slugTaken);
    throw error;
  }
}

async function slugFree(tx: TransactionSql, slug: string, id: string | null): Promise<void> {
  const [taken] = await tx`
    select 1 from articles where slug = ${slug} ${id ? tx`and id <> ${id}` : tx``}`;
  if (taken) throw new AppError('CONFLICT', M.slugTaken);
}

/** A new draft. */
export function createArticle(sql: Sql, actor: AuditActor, input: TArticleInput): Promise<AdminArticle> {
  const content = contentOf(input.body);
  return withSlugCheck(() =>
    sql.begin(async (tx) => {
      await slugFree(tx, input.slug, null);
      const [row] = await tx<ArticleRow[]>`
        insert into articles (title, slug, excerpt, category, meta_title, meta_description, content)
        values (${input.title}, ${input.slug}, ${input.excerpt ?? ''}, ${input.category}, ${input.metaTitle},
                ${input.metaDescription}, ${tx.json(content)})
        returning ${columns(tx)}`;
      const article = toArticle(row!);
      await audited(
        tx,
        actor,
        'article.create',
        { type: 'article', id: article.id },
        null,
        snapshot(article),
      );
      return article;
    }),
  );
}

export function updateArticle(
  sql: Sql,
  actor: AuditActor,
  id: string,
  input: TArticleInput,
): Promise<AdminArticle> {
  const content = contentOf(input.body);
  return withSlugCheck(() =>
    sql.begin(async (tx) => {
      const current = toArticle(await articleRow(tx, id, true));
      await slugFree(tx, input.slug, id);
      const [row] = await tx<ArticleRow[]>`
        update articles set title = ${input.title}, slug = ${input.slug}, excerpt = ${input.excerpt ?? ''},
               category = ${input.category}, meta_title = ${input.metaTitle},
               meta_description = ${input.metaDescription}, content = ${tx.json(content)},
               -- A new body is unsealed until sealed (the build sanitises it meanwhile).
               body_html = case when content = ${tx.json(content)}::jsonb then body_html end,
               body_seal = case when content = ${tx.json(content)}::jsonb then body_seal end
         where id = ${id}
        returning ${columns(tx)}`;
      const article = toArticle(row!);
      const before = snapshot(current);
      const after = snapshot(article);
      const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
        (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
      );
      const bodyChanged = current.body !== article.body;
      if (changed.length === 0 && !bodyChanged) return article;
      const pick = (values: typeof before) => ({
        slug: current.slug,
        ...Object.fromEntries(changed.map((k) => [k, values[k]])),
        ...(bodyChanged ? { bodyChanged: true } : {}),
      });
      await audited(tx, actor, 'article.update', { type: 'article', id }, pick(before), pick(after));
      if (current.status === 'published') {
        await requestPublish(tx, {
          reason: 'Article edited',
          entityType: 'article',
          entityId: id,
          requestedBy: actor.id,
        });
      }
      return article;
    }),
  );
}

/** Publishes (dated now the first time) or unpublishes (back to draft) an article. */
export async function setArticlePublished(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
  published: boolean,
): Promise<AdminArticle> {
  const current = await articleRow(tx, id, true);
  if ((current.status === 'published') === published) return toArticle(current);
  const [row] = await tx<ArticleRow[]>`
    update articles set status = ${published ? 'published' : 'draft'},
           published_at = ${published ? tx`coalesce(published_at, now())` : tx`published_at`}
     where id = ${id}
    returning ${columns(tx)}`;
  await audited(
    tx,
    actor,
    published ? 'article.publish' : 'article.unpublish',
    { type: 'article', id },
    { slug: current.slug, status: current.status },
    { slug: current.slug, status: row!.status, publishedAt: row!.published_at?.toISOString() ?? null },
  );
  await requestPublish(tx, {
    reason: published ? 'Article published' : 'Article unpublished',
    entityType: 'article',
    entityId: id,
    requestedBy: actor.id,
  });
  return toArticle(row!);
}

const folderOf = (articleId: string) => `articles/${articleId}/`;

/** Stores a new cover image and sets it; the previous cover, when it was this article's own
 * upload, is deleted from the store afterwards. */
export async function setArticleCover(
  sql: Sql,
  store: UploadStore,
  actor: AuditActor,
  id: string,
  bytes: Uint8Array,
): Promise<AdminArticle> {
  await articleRow(sql, id, false);
  const { url, key } = await storeImage(store, bytes, folderOf(id));
  let previous: string | null = null;
  try {
    const article = await sql.begin(async (tx) => {
      const current = await articleRow(tx, id, true);
      previous = current.cover_image_url;
      const [row] = await tx<ArticleRow[]>`
        update articles set cover_image_url = ${url} where id = ${id} returning ${columns(tx)}`;
      await audited(
        tx,
        actor,
        'article.cover',
        { type: 'article', id },
        { slug: current.slug, coverImageUrl: current.cover_image_url },
        { slug: current.slug, coverImageUrl: url },
      );
      if (current.status === 'published') {
        await requestPublish(tx, {
          reason: 'Article cover image changed',
          entityType: 'article',
          entityId: id,
          requestedBy: actor.id,
        });
      }
      return toArticle(row!);
    });
    const old = previous as string | null;
    if (old?.startsWith(`/uploads/${folderOf(id)}`)) {
      await store.delete(old.slice('/uploads/'.length)).catch(() => false);
    }
    return article;
  } catch (error) {
    await store.delete(key).catch(() => false);
    throw error;
  }
}
