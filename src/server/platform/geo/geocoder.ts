// The external geocoder (spec: "a maps geocoding service": forward or reverse look-up with a
// token, limit 1, types address and place; features give place_name and center). Used only
// when MAPBOX_TOKEN is set and only for what the built-in gazetteer of our area does not know.
// The token stays on the server: the browser asks our API, never the geocoder.
import { z } from 'zod';
import { serverEnv } from '../config/env.ts';
import { AppError } from '../errors.ts';
import { log } from '../log.ts';

export const LOCATION_NOT_FOUND = 'Location not found. Please try a different address.';
const LOCATION_FAILED = 'Failed to search location';
export const LOCATION_NOT_CONFIGURED = 'Location search is not available - API key not configured';

export interface GeocodedPlace {
  name: string;
  latitude: number;
  longitude: number;
}

export interface Geocoder {
  forward(text: string): Promise<GeocodedPlace | null>;
  reverse(latitude: number, longitude: number): Promise<GeocodedPlace | null>;
}

const ZFeatures = z.object({
  features: z.array(z.object({ place_name: z.string(), center: z.tuple([z.number(), z.number()]) }).loose()),
});

const TIMEOUT_MS = 5000;

/** A Mapbox-style geocoder at baseUrl, or null when no token is configured. */
export function createGeocoder(
  token: string | undefined = serverEnv().MAPBOX_TOKEN,
  baseUrl: string = serverEnv().GEOCODER_URL,
): Geocoder | null {
  if (!token) return null;
  const lookup = async (query: string): Promise<GeocodedPlace | null> => {
    const url = new URL(`/geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json`, baseUrl);
    url.searchParams.set('access_token', token);
    url.searchParams.set('limit', '1');
    url.searchParams.set('types', 'address,place');
    let body: unknown;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      log().error({ reason: error instanceof Error ? error.message : error }, 'geocoder failed');
      throw new AppError('BAD_GATEWAY', LOCATION_FAILED);
    }
    const parsed = ZFeatures.safeParse(body);
    if (!parsed.success) {
      log().error('geocoder answered an unexpected shape');
      throw new AppError('BAD_GATEWAY', LOCATION_FAILED);
    }
    const first = parsed.data.features[0];
    if (!first) return null;
    const [longitude, latitude] = first.center;
    return { name: first.place_name, latitude, longitude };
  };
  return {
    forward: (text) => lookup(text.trim().slice(0, 200)),
    reverse: (latitude, longitude) => lookup(`${longitude.toFixed(5)},${latitude.toFixed(5)}`),
  };
}
