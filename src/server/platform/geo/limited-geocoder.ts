// The paid geocoder behind a cache and a per-client limit (the review: 8 requests made 8 Mapbox
// calls). A look-up first reads geocode_cache by its key (the place text normalised, or the point
// rounded to 3 decimals, about 100 m); a miss counts against the client's allowance before the
// geocoder is called, and an answer inside our region is kept for GEOCODE_CACHE_DAYS with its
// coordinates rounded. Answers outside the region are passed on but not kept.
import { addressKey } from '../../../domain/client-address.ts';
import { withinRegion } from '../../../domain/geo.ts';
import { checkRateLimit } from '../security/rate-limit.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { GeocodedPlace, Geocoder } from './geocoder.ts';

export const GEOCODES_PER_CLIENT = 20;
const GEOCODE_WINDOW_MINUTES = 10;
const GEOCODE_CACHE_DAYS = 30;
export const LOCATION_RATE_LIMITED = 'Too many location searches. Please try again later.';

const DECIMALS = 3;
const round = (value: number) => Number(value.toFixed(DECIMALS));

/** "  100 Main St ,Mason " and "100 main st, mason" are one key. */
function placeKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s*,\s*/g, ', ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** `geocoder` cached and limited for one client (its address); null when none is configured. */
export function limitedGeocoder(
  sql: Sql,
  geocoder: Geocoder | null,
  clientIp: string | null,
): Geocoder | null {
  if (!geocoder) return null;
  const client = clientIp ? addressKey(clientIp) : 'unknown';
  const lookup = async (key: string, call: () => Promise<GeocodedPlace | null>) => {
    const [hit] = await sql<GeocodedPlace[]>`
      select name, latitude, longitude from geocode_cache where query = ${key} and expires_at > now()`;
    if (hit) return hit;
    const limit = await checkRateLimit(
      sql,
      client,
      'geocode:ip',
      GEOCODES_PER_CLIENT,
      GEOCODE_WINDOW_MINUTES,
    );
    if (!limit.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        LOCATION_RATE_LIMITED,
        { location: [LOCATION_RATE_LIMITED] },
        {
          retryAfterSeconds: limit.retryAfterSeconds,
        },
      );
    }
    const found = await call();
    if (!found) return null;
    const place = {
      name: found.name.slice(0, 300),
      latitude: round(found.latitude),
      longitude: round(found.longitude),
    };
    if (!place.name || !withinRegion(place)) return found;
    await sql`
      insert into geocode_cache (query, name, latitude, longitude, expires_at)
      values (${key}, ${place.name}, ${place.latitude}, ${place.longitude},
              now() + make_interval(days => ${GEOCODE_CACHE_DAYS}))
      on conflict (query) do update set name = excluded.name, latitude = excluded.latitude,
        longitude = excluded.longitude, created_at = now(), expires_at = excluded.expires_at`;
    return place;
  };
  return {
    forward: (text) => lookup(`forward:${placeKey(text)}`, () => geocoder.forward(text)),
    reverse: (latitude, longitude) => {
      const [lat, lng] = [round(latitude), round(longitude)];
      return lookup(`reverse:${lat.toFixed(DECIMALS)},${lng.toFixed(DECIMALS)}`, () =>
        geocoder.reverse(lat, lng),
      );
    },
  };
}
