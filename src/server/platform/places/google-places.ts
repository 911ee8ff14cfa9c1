// Google Places (the legacy Places API's Text Search and Place Details, JSON) through fetch.
// Any failure (network, timeout, an HTTP error, a status other than OK or ZERO_RESULTS, an
// unexpected shape) is a 502 with the registration's search message; the details go to the log.
import { z } from 'zod';
import { SIGNUP_MESSAGES } from '../../../domain/registration-rules.ts';
import { AppError } from '../errors.ts';
import type { PlaceDetails, PlacesDirectory } from './places-port.ts';
import { log } from '../log.ts';

const TIMEOUT_MS = 5000;
/** Text search is biased to this radius around the location given. */
const SEARCH_RADIUS_METRES = 50_000;
const MAX_PLACES = 5;
/** Only the fields the form uses are asked for (Google bills details by field). */
const DETAIL_FIELDS =
  'place_id,name,formatted_address,address_components,types,formatted_phone_number,website';

const ZStatus = z.enum(['OK', 'ZERO_RESULTS']);
const ZSearch = z.object({
  status: z.string(),
  results: z
    .array(
      z.object({ place_id: z.string(), name: z.string(), formatted_address: z.string().optional() }).loose(),
    )
    .default([]),
});
const ZDetails = z.object({
  status: z.string(),
  result: z
    .object({
      place_id: z.string(),
      name: z.string(),
      formatted_address: z.string().optional(),
      address_components: z
        .array(z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) }))
        .default([]),
      types: z.array(z.string()).default([]),
      formatted_phone_number: z.string().optional(),
      website: z.string().optional(),
    })
    .loose()
    .optional(),
});

function failed(reason: string): AppError {
  log().error({ reason }, 'google places failed');
  return new AppError('BAD_GATEWAY', SIGNUP_MESSAGES.searchError);
}

async function getJson(url: URL): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw failed(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw failed(`answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw failed('answered something other than JSON');
  }
}

export function createGooglePlaces(key: string, baseUrl: string): PlacesDirectory {
  const endpoint = (name: 'textsearch' | 'details') => {
    const url = new URL(`/maps/api/place/${name}/json`, baseUrl);
    url.searchParams.set('key', key);
    return url;
  };
  return {
    async search(query, location) {
      const url = endpoint('textsearch');
      url.searchParams.set('query', query);
      url.searchParams.set('location', `${location.latitude},${location.longitude}`);
      url.searchParams.set('radius', String(SEARCH_RADIUS_METRES));
      const parsed = ZSearch.safeParse(await getJson(url));
      if (!parsed.success) throw failed('unexpected search answer');
      if (!ZStatus.safeParse(parsed.data.status).success) throw failed(`status ${parsed.data.status}`);
      return parsed.data.results.slice(0, MAX_PLACES).map((r) => ({
        placeId: r.place_id,
        name: r.name,
        address: r.formatted_address ?? null,
      }));
    },
    async details(placeId): Promise<PlaceDetails | null> {
      const url = endpoint('details');
      url.searchParams.set('place_id', placeId);
      url.searchParams.set('fields', DETAIL_FIELDS);
      const parsed = ZDetails.safeParse(await getJson(url));
      if (!parsed.success) throw failed('unexpected details answer');
      const { status, result } = parsed.data;
      if (status === 'NOT_FOUND' || status === 'INVALID_REQUEST' || (status === 'OK' && !result)) return null;
      if (status !== 'OK' || !result) throw failed(`status ${status}`);
      return {
        placeId: result.place_id,
        name: result.name,
        address: result.formatted_address ?? null,
        addressComponents: result.address_components,
        types: result.types,
        phone: result.formatted_phone_number ?? null,
        website: result.website ?? null,
      };
    },
  };
}
