// The article view beacon's write: one statement adds 1 to a published article's view_count,
// so concurrent views never lose an increment (the row lock is the UPDATE's own).
import type { Sql } from '../db/client.ts';

/** True when a published article with this id was counted, false when there is none. */
export async function recordArticleView(sql: Sql, articleId: string): Promise<boolean> {
  const rows = await sql`
    update articles set view_count = view_count + 1
    where id = ${articleId} and status = 'published'
    returning id`;
  return rows.length === 1;
}
