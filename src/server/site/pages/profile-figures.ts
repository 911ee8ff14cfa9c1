// Measured figures a public profile states, read once per build for every listed business in
// one query: the median first response over the last 30 days (business_response_minutes, in
// business hours when the business declared enough of them: business_open_hours) and
// how many of its verified reviews come from jobs booked here (reviews with a lead).
import { RESPONSE_WINDOW_DAYS, type ResponseFigures } from '../../../domain/homeowner-rules.ts';
import { db, type Sql } from '../../platform/db/client.ts';

export interface ProfileFigures extends ResponseFigures {
  verifiedReviews: number;
  jobReviews: number;
}

export async function readProfileFigures(sql: Sql): Promise<Map<string, ProfileFigures>> {
  const rows = await sql<(ProfileFigures & { id: string })[]>`
    select b.id, m.median_minutes as "medianMinutes", coalesce(m.responses, 0) as responses,
           business_open_hours(b.id) is not null as "openHours",
           coalesce(r.verified, 0)::int as "verifiedReviews", coalesce(r.jobs, 0)::int as "jobReviews"
      from businesses b
      cross join lateral business_response_minutes(b.id, now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})) m
      left join (select business_id, count(*) as verified, count(lead_id) as jobs
                   from reviews where verified and hidden_at is null group by business_id) r on r.business_id = b.id
     where b.status = 'ACTIVE'`;
  return new Map(rows.map(({ id, ...figures }) => [id, figures]));
}

let cached: Promise<Map<string, ProfileFigures>> | undefined;

/** The figures for this build, read once. */
export function profileFigures(): Promise<Map<string, ProfileFigures>> {
  cached ??= readProfileFigures(db());
  return cached;
}
