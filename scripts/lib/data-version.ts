// A cheap fingerprint of the data the prebuilt pages show; when it changes, `npm start`
// rebuilds the site.
import type { Sql } from '../../src/server/platform/db/client.ts';

export async function dataVersion(sql: Sql): Promise<string> {
  const [row] = await sql<{ v: string }[]>`
    select concat_ws('|',
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from businesses),
      (select count(*) || ':' || coalesce(max(created_at)::text, '') from reviews),
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from services),
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from service_areas),
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from emergency_services),
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from articles),
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from seo_pages),
      (select count(*) from business_services)) as v`;
  return row?.v ?? '';
}
