// What the next publish will put on the site (issue 24): the publish requests no run has taken yet,
// one line per entity and reason (how many times, the latest, who asked), each named as people
// know it (the business, the review's author and business, the page's service and city, the
// article's title) with its public address where it has one. Shown by the Publish panel.
import type { PendingChange } from '../../../schemas/publish.ts';
import type { Db } from '../db/client.ts';

/** Lines shown; the panel says how many more there are. */
const PENDING_CHANGES_SHOWN = 100;

interface Row {
  entity_type: PendingChange['kind'];
  entity_id: string;
  reason: string;
  count: number;
  latest_at: Date;
  requested_by: string | null;
  automatic: boolean;
  name: string | null;
  href: string | null;
}

export async function pendingChanges(sql: Db, limit = PENDING_CHANGES_SHOWN): Promise<PendingChange[]> {
  const rows = await sql<Row[]>`
    with waiting as (
      select r.entity_type, r.entity_id, r.reason, count(*)::int as count, max(r.created_at) as latest_at,
             string_agg(distinct u.email, ', ') as requested_by, bool_or(r.automatic) as automatic
        from publish_requests r left join users u on u.id = r.requested_by
       where r.published_at is null and r.publish_run_id is null
       group by r.entity_type, r.entity_id, r.reason)
    select w.*, n.name, n.href
      from waiting w
      left join lateral (
        select b.name, case when b.status = 'ACTIVE' then '/contractor/' || b.slug end as href
          from businesses b where w.entity_type = 'business' and b.id::text = w.entity_id
        union all
        select 'Review by ' || rv.author_name || ' of ' || b.name,
               case when b.status = 'ACTIVE' then '/contractor/' || b.slug end
          from reviews rv join businesses b on b.id = rv.business_id
         where w.entity_type = 'review' and rv.id::text = w.entity_id
        union all
        select coalesce(s.name || ' in ' || p.city, p.slug), '/' || p.slug
          from seo_pages p left join services s on s.id = p.service_id
         where w.entity_type = 'seo_page' and p.id::text = w.entity_id
        union all
        select a.title, case when a.status = 'published' then '/articles/' || a.slug end
          from articles a where w.entity_type = 'article' and a.id::text = w.entity_id
        union all
        select s.name, '/services/' || s.slug
          from services s where w.entity_type = 'service' and s.id::text = w.entity_id
      ) n on true
     order by w.latest_at desc, w.entity_type, w.entity_id, w.reason
     limit ${limit}`;
  return rows.map((r) => ({
    id: `${r.entity_type}:${r.entity_id}:${r.reason}`,
    kind: r.entity_type,
    name: r.name ?? 'Since deleted',
    reason: r.reason,
    count: r.count,
    latestAt: r.latest_at.toISOString(),
    requestedBy: r.requested_by,
    automatic: r.automatic,
    href: r.href,
  }));
}
