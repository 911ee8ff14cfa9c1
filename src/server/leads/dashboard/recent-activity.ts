// The analytics tab's recent activity (spec: 10). Defined from the business's own rows, since its
// owner had it, newest first: a lead sent and paid for (lead_distributions.created_at), a response
// sent (lead_communications of this business), a quote of this business accepted (accepted_at),
// the lead's latest stage move (stage_changed_at: only the latest move of each lead is kept, so a
// lead moved twice shows its last move), and a verified review of the business (reviews).
import { RECENT_ACTIVITY_LIMIT } from '../../../domain/analytics-rules.ts';
import type { ActivityItem } from '../../../schemas/analytics.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';

export async function recentActivity(sql: Sql, businessId: string): Promise<ActivityItem[]> {
  const since = ownerSince(sql, businessId);
  const rows = await sql<(Omit<ActivityItem, 'at'> & { at: Date })[]>`
    with mine as (
      select d.lead_id, d.created_at, d.stage, d.stage_changed_at, coalesce(s.name, l.project_type) as service,
             coalesce(l.city, l.zip_code) as place
        from lead_distributions d
        join leads l on l.id = d.lead_id
        left join services s on s.id = l.service_id
       where d.business_id = ${businessId} and d.payment_status = 'paid' and d.created_at >= ${since}
    )
    select * from (
      select 'lead_received' as kind, created_at as at, service, place, null::text as detail from mine
      union all
      select 'stage_changed', stage_changed_at, service, place, stage from mine
       where stage_changed_at is not null
      union all
      select 'response_sent', c.created_at, m.service, m.place, c.subject
        from lead_communications c join mine m on m.lead_id = c.lead_id
       where c.business_id = ${businessId} and c.message_type = 'contractor_response'
      union all
      select 'quote_accepted', c.accepted_at, m.service, m.place, null
        from lead_communications c join mine m on m.lead_id = c.lead_id
       where c.business_id = ${businessId} and c.accepted_at is not null
      union all
      select 'review_received', r.created_at, null, null, r.rating::text
        from reviews r
       where r.business_id = ${businessId} and r.verified and r.created_at >= ${since}
    ) events
    order by at desc, kind
    limit ${RECENT_ACTIVITY_LIMIT}`;
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
