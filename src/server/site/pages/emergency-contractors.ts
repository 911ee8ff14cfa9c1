// The verified contractors an emergency page lists: those offering the emergency's service,
// the fastest response first (none given counts as 24 hours), then rating. Paid placement plays
// no part: the cards carry no paid label here (issue 25, src/domain/ranking.ts).
import { EMERGENCY_CONTRACTORS_SHOWN } from '../../../domain/emergency-content.ts';
import { responseHours } from './derive.ts';
import type { SiteBusiness } from './site-data.ts';

function byResponse(a: SiteBusiness, b: SiteBusiness): number {
  return (
    responseHours(a) - responseHours(b) ||
    (b.averageRating ?? -1) - (a.averageRating ?? -1) ||
    a.name.localeCompare(b.name)
  );
}

export function emergencyContractors(
  businesses: readonly SiteBusiness[],
  serviceSlug: string | null,
  limit: number = EMERGENCY_CONTRACTORS_SHOWN,
): SiteBusiness[] {
  if (!serviceSlug) return [];
  return businesses
    .filter((b) => b.verified && b.serviceSlugs.includes(serviceSlug))
    .sort(byResponse)
    .slice(0, limit);
}
