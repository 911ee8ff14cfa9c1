// Request-time reads for /emergency/{slug} paths that were not prebuilt: the emergency service
// the slug names (mapped through the alias table first, then tried as it is), and the
// contractors to list, in the same order as the prebuilt pages. The business columns mirror
// readSiteData's, so ContractorCard gets the same SiteBusiness shape.
import type { Sql } from '../../platform/db/client.ts';
import { EMERGENCY_CONTRACTORS_SHOWN } from '../../../domain/emergency-content.ts';
import { DEFAULT_RESPONSE_HOURS } from './derive.ts';
import { businessColumns, type SiteBusiness, type SiteEmergencyService } from './site-data.ts';

export async function findEmergencyService(sql: Sql, slug: string): Promise<SiteEmergencyService | null> {
  const [row] = await sql<SiteEmergencyService[]>`
    select e.slug, e.name, e.description, e.service_type as "serviceType", s.slug as "serviceSlug",
           e.response_time_minutes as "responseTimeMinutes", e.availability,
           e.emergency_scenarios as scenarios, e.pricing_notes as "pricingNotes",
           e.call_to_action as "callToAction", e.why_choose_us as "whyChooseUs", e.safety_tips as "safetyTips",
           '{}'::text[] as aliases
    from emergency_services e left join services s on s.id = e.service_id
    where e.slug = coalesce((select a.emergency_slug from emergency_service_aliases a where a.alias = ${slug}), ${slug})`;
  return row ?? null;
}

/**
 * Verified active contractors offering the service (by slug), or, without one, whose category
 * contains the topic (the spec's "category like the service type"). The fastest response first
 * (none counts as 24 hours), then rating: paid placement plays no part (emergency-contractors.ts).
 */
export async function listEmergencyContractors(
  sql: Sql,
  match: { serviceSlug: string } | { topic: string },
  limit: number = EMERGENCY_CONTRACTORS_SHOWN,
): Promise<SiteBusiness[]> {
  const filter =
    'serviceSlug' in match
      ? sql`exists (select 1 from business_services bs join services s on s.id = bs.service_id
                    where bs.business_id = b.id and s.slug = ${match.serviceSlug})`
      : sql`b.category ilike ${`%${match.topic.replace(/[\\%_]/g, '\\$&')}%`}`;
  const rows = await sql<SiteBusiness[]>`
    select ${businessColumns(sql)}
    from businesses b
    where b.status = 'ACTIVE' and b.verified and ${filter}
    order by coalesce(b.response_time_hours, ${DEFAULT_RESPONSE_HOURS}) asc,
             b.average_rating desc nulls last, b.name
    limit ${limit}`;
  return [...rows];
}
