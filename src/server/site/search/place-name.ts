// Reverse look-up for "Use my location": the nearest place of our area when the point is in
// it (within NEAR_MILES), otherwise the external geocoder when configured. The island falls
// back to the raw coordinates when this finds nothing.
import { nearestPlace } from '../../../domain/gazetteer.ts';
import { distanceMiles } from '../../../domain/geo.ts';
import { NEAR_MILES } from '../../../domain/search-constants.ts';
import type { TReverseGeocodeQuery } from '../../../schemas/search.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { searchCatalog } from './search-catalog.ts';
import {
  createGeocoder,
  LOCATION_NOT_CONFIGURED,
  LOCATION_NOT_FOUND,
  type GeocodedPlace,
  type Geocoder,
} from '../../platform/geo/geocoder.ts';
import { limitedGeocoder } from '../../platform/geo/limited-geocoder.ts';

export async function placeName(
  sql: Sql,
  query: TReverseGeocodeQuery,
  /** Default: the configured geocoder, cached and limited for this client. */
  geocoder?: Geocoder | null,
  clientIp: string | null = null,
): Promise<GeocodedPlace & { source: 'gazetteer' | 'geocoder' }> {
  const { places } = await searchCatalog(sql);
  const point = { latitude: query.lat, longitude: query.lng };
  const near = nearestPlace(places, query.lat, query.lng);
  if (near && distanceMiles(near, point) <= NEAR_MILES) {
    return { name: near.name, latitude: near.latitude, longitude: near.longitude, source: 'gazetteer' };
  }
  const external = geocoder === undefined ? limitedGeocoder(sql, createGeocoder(), clientIp) : geocoder;
  if (!external) throw new AppError('UNAVAILABLE', LOCATION_NOT_CONFIGURED);
  const found = await external.reverse(query.lat, query.lng);
  if (!found) throw new AppError('NOT_FOUND', LOCATION_NOT_FOUND);
  return { ...found, source: 'geocoder' };
}
