// The SEO page view beacon's write: a view of a city-service page (/{service}-{city}-ohio) counts
// once per client, page and day (UTC), like article views (article-views.ts: the same daily
// client HMAC, no address stored). The mark is inserted and the count raised in one statement,
// only when the mark is new, so concurrent views never lose or double an increment. A slug that
// is not one of the generated pages (a service in a service area) is not counted.
import type { Sql } from '../../platform/db/client.ts';
import { dailyClient, type CountedView } from './article-views.ts';

/** `clientAddress` null (the adapter could not say) counts as one shared unknown client. */
export async function recordSeoPageView(
  sql: Sql,
  slug: string,
  clientAddress: string | null,
): Promise<CountedView> {
  const { day, client } = await dailyClient(sql, clientAddress);
  const [row] = await sql<CountedView[]>`
    with page as (
      select ${slug}::text as slug
       where exists (select 1 from services s cross join service_areas a
                      where s.slug || '-' || a.slug || '-ohio' = ${slug})),
    mark as (
      insert into seo_page_view_marks (slug, day, client)
      select slug, ${day}::date, ${client} from page
      on conflict do nothing
      returning slug),
    counted as (
      insert into seo_page_views (slug, page_views)
      select slug, 1 from mark
      on conflict (slug) do update set page_views = seo_page_views.page_views + 1, updated_at = now()
      returning slug)
    select exists (select 1 from page) as found, exists (select 1 from counted) as counted`;
  return row!;
}

/** A page's count (0 when nobody has viewed it). */
export async function seoPageViews(sql: Sql, slug: string): Promise<number> {
  const [row] = await sql<{ page_views: number }[]>`
    select page_views from seo_page_views where slug = ${slug}`;
  return row?.page_views ?? 0;
}
