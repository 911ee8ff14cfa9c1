// Housekeeping for the search's bookkeeping: appearance marks of days gone by (a mark only
// matters on its own UTC day) and geocoder answers past their expiry.
import type { Sql } from '../../platform/db/client.ts';

export async function purgeSearchMarks(sql: Sql): Promise<{ appearanceMarks: number; geocodes: number }> {
  const marks = await sql`
    delete from search_appearance_marks where day < (now() at time zone 'utc')::date returning 1`;
  const geocodes = await sql`delete from geocode_cache where expires_at <= now() returning 1`;
  return { appearanceMarks: marks.length, geocodes: geocodes.length };
}
