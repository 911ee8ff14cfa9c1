// The registration's business search: our own unclaimed listings (ACTIVE, no owner, no claim under
// review or approved) whose name resembles the words typed (trigram word similarity, so a typo
// still finds it), then Google Places near Dayton when it is configured. Limited per client address like the other public
// endpoints that cost work; any failure is the spec's search error and the form stays usable.
import { addressKey } from '../../../domain/client-address.ts';
import { SERVICE_AREA_CENTRE } from '../../../domain/geo.ts';
import type { SignupSearchHit } from '../../../schemas/contractor-signup.ts';
import { checkRateLimit } from '../../platform/security/rate-limit.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlacesDirectory } from '../../platform/places/places-port.ts';
import { MAX_LISTINGS, SIGNUP_SEARCHES_PER_IP, SIGNUP_SEARCH_WINDOW_MINUTES } from '../accounts-rules.ts';

/** Searches and place look-ups from one client address: both may cost a call to Google. */
export async function limitSignupSearches(sql: Sql, ip: string | null): Promise<void> {
  if (!ip) return;
  const limit = await checkRateLimit(
    sql,
    addressKey(ip),
    'signup-search:ip',
    SIGNUP_SEARCHES_PER_IP,
    SIGNUP_SEARCH_WINDOW_MINUTES,
  );
  if (!limit.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many searches. Please try again later.', undefined, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
}

export async function searchSignupBusinesses(
  sql: Sql,
  q: string,
  places: PlacesDirectory | null,
  ip: string | null,
): Promise<SignupSearchHit[]> {
  await limitSignupSearches(sql, ip);
  const term = q.toLowerCase();
  const listings = await sql<Extract<SignupSearchHit, { source: 'listing' }>[]>`
    select 'listing' as source, b.id, b.name, b.address, b.city, b.state, b.zip_code as "zipCode",
           b.phone, b.website, b.service_areas as "serviceAreas",
           coalesce((select array_agg(s.slug order by s.slug) from business_services bs
                     join services s on s.id = bs.service_id where bs.business_id = b.id), '{}') as services
    from businesses b
    where b.status = 'ACTIVE' and b.owner_id is null and ${term} <% lower(b.name)
      and not exists (select 1 from business_claims c where c.business_id = b.id and c.status in ('pending', 'approved'))
    order by word_similarity(${term}, lower(b.name)) desc, b.name, b.id
    limit ${MAX_LISTINGS}`;
  const found = places ? await places.search(q, SERVICE_AREA_CENTRE) : [];
  return [
    ...listings.map((l) => ({ ...l, source: 'listing' as const })),
    ...found.map((p) => ({ source: 'google' as const, ...p })),
  ];
}
