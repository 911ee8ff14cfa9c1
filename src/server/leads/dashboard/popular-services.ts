// The analytics tab's popular services (spec: top 5). Defined from the business's own rows: the
// leads it was sent and paid for in the window (lead_distributions, payment_status 'paid',
// created_at in the last `days` days and since its owner had it), grouped by the lead's service
// (the catalog's name; the request's own project type when the service is gone), most leads
// first, ties by name. "Won" counts those whose homeowner accepted this business's quote.
import { POPULAR_SERVICES_LIMIT } from '../../../domain/analytics-rules.ts';
import type { PopularService } from '../../../schemas/analytics.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';

export async function popularServices(sql: Sql, businessId: string, days: number): Promise<PopularService[]> {
  return sql<PopularService[]>`
    select coalesce(s.name, l.project_type) as service, count(*)::int as leads,
           count(*) filter (where exists (
             select 1 from lead_communications c
              where c.lead_id = d.lead_id and c.business_id = d.business_id and c.accepted_at is not null))::int as won
      from lead_distributions d
      join leads l on l.id = d.lead_id
      left join services s on s.id = l.service_id
     where d.business_id = ${businessId} and d.payment_status = 'paid'
       and d.created_at >= now() - make_interval(days => ${days})
       and d.created_at >= ${ownerSince(sql, businessId)}
     group by 1
     order by leads desc, service
     limit ${POPULAR_SERVICES_LIMIT}`;
}
