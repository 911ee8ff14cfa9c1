// The article view beacon's write: a view counts once per client, article and day (UTC). The
// client is an HMAC of its address key under the day's salt (no address is stored); the mark is
// inserted and the count raised in one statement, only when the mark is new, so concurrent views
// never lose or double an increment. Old marks and salts go with the hourly housekeeping.
import { createHmac } from 'node:crypto';
import { addressKey } from '../../../domain/client-address.ts';
import type { Sql } from '../../platform/db/client.ts';

/** Whether the page viewed exists (a published article, a city-service page), and whether this
 * view raised its count. */
export interface CountedView {
  found: boolean;
  counted: boolean;
}

/** `clientAddress` null (the adapter could not say) counts as one shared unknown client. */
export async function recordArticleView(
  sql: Sql,
  articleId: string,
  clientAddress: string | null,
): Promise<CountedView> {
  const { day, client } = await dailyClient(sql, clientAddress);
  const [row] = await sql<CountedView[]>`
    with article as (select id from articles where id = ${articleId} and status = 'published'),
    mark as (
      insert into article_view_marks (article_id, day, client)
      select id, ${day}::date, ${client} from article
      on conflict do nothing
      returning article_id),
    counted as (
      update articles set view_count = view_count + 1
      where id in (select article_id from mark)
      returning id)
    select exists (select 1 from article) as found, exists (select 1 from counted) as counted`;
  return row!;
}

/**
 * Today (UTC) and the client as today's marks name it: an HMAC of its address key under the
 * day's salt. Shared by every once-a-day count (article views, profile beacons, SEO page views).
 */
export async function dailyClient(
  sql: Sql,
  clientAddress: string | null,
): Promise<{ day: string; client: string }> {
  const { day, salt } = await saltOfToday(sql);
  const client = createHmac('sha256', salt)
    .update(clientAddress ? addressKey(clientAddress) : 'unknown')
    .digest('hex');
  return { day, client };
}

/** Today's (UTC) salt, made by the first view of the day. */
async function saltOfToday(sql: Sql): Promise<{ day: string; salt: string }> {
  const today = () => sql<{ day: string; salt: string }[]>`
    select day::text, salt from article_view_salts where day = (now() at time zone 'utc')::date`;
  const [known] = await today();
  if (known) return known;
  // Two first views at once: one insert wins, and both read its salt.
  await sql`insert into article_view_salts (day) values ((now() at time zone 'utc')::date)
            on conflict (day) do nothing`;
  const [made] = await today();
  if (!made) throw new Error("article_view_salts: today's salt was neither found nor made");
  return made;
}

/** Marks (articles', profiles' and SEO pages') and salts of days before today (UTC): they no longer decide anything. */
export async function purgeViewMarks(sql: Sql): Promise<number> {
  const marks = await sql`
    delete from article_view_marks where day < (now() at time zone 'utc')::date returning 1`;
  const events = await sql`
    delete from business_event_marks where day < (now() at time zone 'utc')::date returning 1`;
  const pages = await sql`
    delete from seo_page_view_marks where day < (now() at time zone 'utc')::date returning 1`;
  await sql`delete from article_view_salts where day < (now() at time zone 'utc')::date`;
  return marks.length + events.length + pages.length;
}
